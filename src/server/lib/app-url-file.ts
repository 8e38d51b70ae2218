import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The address the server last listened on, kept in DATA_DIR: the command-line tools
 * (create-admin, seed-demo) run with their own environment, often without the PORT the
 * server was started with, and should still print a link that works.
 */
const FILE = 'app-url';

export function rememberAppUrl(dataDir: string, appUrl: string) {
  try {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(path.join(dataDir, FILE), `${appUrl}\n`);
  } catch {
    // Only a convenience for the tools' messages: a read-only data folder is no error.
  }
}

/**
 * The URL to print: APP_URL or PORT when this process was given one, else the address the
 * server last listened on with this DATA_DIR, else the default.
 */
export function appUrlForTools(
  env: { APP_URL: string; DATA_DIR: string },
  given: NodeJS.ProcessEnv = process.env,
): string {
  if (given.APP_URL || given.PORT) return env.APP_URL;
  try {
    const remembered = readFileSync(path.join(env.DATA_DIR, FILE), 'utf8').trim();
    return URL.canParse(remembered) ? remembered : env.APP_URL;
  } catch {
    return env.APP_URL;
  }
}
