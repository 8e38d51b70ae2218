import { spawn } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGLITE_START_PARAMS, pgliteModulePaths } from './pglite-worker';

/**
 * A new embedded database is created (PostgreSQL's initdb, then the migrations) in a
 * short-lived child process, not in the server. Both allocate hundreds of MB that are
 * freed at once but stay resident in the server's malloc arenas, scattered among live
 * allocations (glibc gives back only the top of an arena): measured, a server that created
 * its database held 140 MB of malloc against about 60 MB for one that opened an existing
 * one (docs/decisions/029). The child's memory goes when it exits; the server's own
 * migration run then finds nothing to do.
 *
 * It builds the database in a sibling folder and renames it into place, so a crash
 * midway leaves no half-made database behind (the next start begins again).
 */
export async function createPgliteDataDir(dir: string, migrationsFolder: string): Promise<void> {
  if (existsSync(path.join(dir, 'PG_VERSION'))) return;
  // Something else in the folder: leave it to PGlite, as before.
  if (existsSync(dir) && readdirSync(dir).length > 0) return;
  const building = `${dir}.creating`;
  rmSync(building, { recursive: true, force: true });
  const paths = pgliteModulePaths();
  const json = JSON.stringify;
  // As the worker opens it (db/pglite-worker.ts), pg_trgm included: the migrations create it.
  const script = `
    const { PGlite } = require(${json(paths.pglitePath)});
    const { pg_trgm } = require(${json(paths.pgTrgmPath)});
    const { drizzle } = require(${json(paths.drizzlePath)});
    const { migrate } = require(${json(paths.migratorPath)});
    (async () => {
      const db = new PGlite(${json(building)}, {
        relaxedDurability: false,
        extensions: { pg_trgm },
        startParams: [...PGlite.defaultStartParams, ...${json(PGLITE_START_PARAMS)}],
      });
      await db.waitReady;
      await migrate(drizzle(db), { migrationsFolder: ${json(migrationsFolder)} });
      await db.close();
    })().catch((error) => {
      console.error(error);
      process.exit(1);
    });
  `;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString()).slice(-4000);
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`creating the database failed (${code ?? signal}): ${errors.trim()}`));
    });
  });
  rmSync(dir, { recursive: true, force: true }); // an empty folder, if any
  renameSync(building, dir);
}
