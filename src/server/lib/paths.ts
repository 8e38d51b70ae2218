import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's folder (the one holding package.json and drizzle/), found by
 * walking up from this module: the same answer from src/server/lib under tsx
 * and from dist/server once compiled.
 */
export function projectRoot(from: string = import.meta.url): string {
  let dir = path.dirname(fileURLToPath(from));
  for (;;) {
    if (existsSync(path.join(dir, 'package.json')) && existsSync(path.join(dir, 'drizzle'))) {
      return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No project folder (package.json, drizzle/) above ${from}`);
    dir = parent;
  }
}

/** The generated SQL migrations, applied at start. */
export const migrationsFolder = () => path.join(projectRoot(), 'drizzle');
/** The built web app (npm run build). */
export const webRootFolder = () => path.join(projectRoot(), 'dist', 'web');
