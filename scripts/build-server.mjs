/**
 * Compiles the server and its command-line scripts once, to plain JavaScript
 * that `node` runs: dist/server/{main,runner,create-admin,seed-demo,storage-migrate,backup}.js. npm packages
 * stay external (read from node_modules at run time), so only our own code is
 * bundled. `npm run build` runs it after the web build; scripts/start.mjs runs
 * it when the build is missing or older than the sources.
 *
 *   node scripts/build-server.mjs [outdir]
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const SERVER_ENTRIES = {
  main: 'src/server/main.ts',
  runner: 'src/server/runner.ts',
  'create-admin': 'scripts/create-admin.ts',
  'seed-demo': 'scripts/seed-demo.ts',
  'storage-migrate': 'scripts/storage-migrate.ts',
  backup: 'scripts/backup.ts',
};

/** Builds into `outdir` (default dist/server) and stamps it. */
export async function buildServer(outdir = path.join(root, 'dist', 'server')) {
  await rm(outdir, { recursive: true, force: true });
  await mkdir(outdir, { recursive: true });
  await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(
      Object.entries(SERVER_ENTRIES).map(([name, file]) => [name, path.join(root, file)]),
    ),
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  await writeFile(path.join(outdir, 'build-stamp'), `${new Date().toISOString()}\n`);
  return outdir;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outdir = await buildServer(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
  console.log(`server built into ${path.relative(root, outdir) || '.'}`);
}
