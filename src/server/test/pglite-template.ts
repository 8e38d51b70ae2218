import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../db/client';
import { migrationsFolder, projectRoot } from '../lib/paths';

/**
 * A migrated, empty embedded database, dumped once and loaded by every test file.
 *
 * Starting PGlite in memory runs initdb (about 2 s of one core here) and then the
 * migrations; loading a dump of the result takes about 0.7 s. With some forty server
 * test files on one worker that is over a minute of CI. The dump lives in
 * .tmp/pglite-template/, named by a hash of the migration files (and PGlite's version),
 * so a new or edited migration makes a new one. Two workers building it at once each
 * write their own file and rename it into place: the last one wins, both are whole.
 */
let cached: Promise<Blob> | undefined;

export function pgliteTemplate(): Promise<Blob> {
  cached ??= loadOrBuild();
  return cached;
}

/** Names the migrations (and PGlite's version): a new or edited migration changes it. */
export function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  const folder = migrationsFolder();
  const files = [
    ...readdirSync(folder).filter((f) => f.endsWith('.sql')),
    'meta/_journal.json',
  ].sort();
  for (const file of files) {
    hash.update(file);
    hash.update(readFileSync(path.join(folder, file)));
  }
  const pglite = JSON.parse(
    readFileSync(
      path.join(projectRoot(), 'node_modules/@electric-sql/pglite/package.json'),
      'utf8',
    ),
  ) as { version: string };
  hash.update(pglite.version);
  return hash.digest('hex').slice(0, 16);
}

const templateFile = () =>
  path.join(projectRoot(), '.tmp', 'pglite-template', `${migrationsFingerprint()}.tar`);

/**
 * The template unpacked as DATA_DIR's embedded database (`<dataDir>/pglite`), as a server
 * would find one it made earlier: for tests of what happens to a database on disk (the
 * lock, a backup) that are not about making one (db/pglite-init.test.ts is). Making one
 * runs initdb and every migration in a child process, some 5 CPU-s each time.
 */
export async function unpackPgliteTemplate(dataDir: string): Promise<void> {
  await pgliteTemplate();
  const target = path.join(dataDir, 'pglite');
  mkdirSync(target, { recursive: true, mode: 0o700 });
  // Private, as the server keeps DATA_DIR (it warns about and fixes anything wider).
  execFileSync(
    'sh',
    ['-c', 'umask 077 && exec tar --no-same-permissions -xf "$0" -C "$1"', templateFile(), target],
    { stdio: 'pipe' },
  );
}

async function loadOrBuild(): Promise<Blob> {
  const file = templateFile();
  const folder = path.dirname(file);
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    // Not built yet for these migrations.
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    const dump = await database.dumpDataDir!();
    mkdirSync(folder, { recursive: true });
    const partial = `${file}.${process.pid}.${Date.now()}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    return dump;
  } finally {
    await database.close();
  }
}
