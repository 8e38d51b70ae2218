/**
 * npm start (and npm run create-admin / seed-demo): runs the compiled server
 * or script with plain node, building first when the build is missing or
 * older than the sources, so that `npm ci && npm start` works on a fresh
 * clone. In production, build once (`npm run build`) and run
 * `node dist/server/main.js` directly.
 *
 *   node scripts/start.mjs [main|create-admin|seed-demo] [arguments...]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServer, SERVER_ENTRIES } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = process.argv[2] && !process.argv[2].startsWith('-') ? process.argv[2] : 'main';
if (!(entry in SERVER_ENTRIES)) {
  console.error(`Unknown entry ${entry}; one of ${Object.keys(SERVER_ENTRIES).join(', ')}`);
  process.exit(2);
}
// The script reads its own arguments from process.argv.slice(2).
if (process.argv[2] === entry) process.argv.splice(2, 1);

/** The newest modification time under the given files and folders. */
function newest(paths) {
  let latest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const stat = statSync(p);
    if (stat.isDirectory()) {
      for (const name of readdirSync(p)) if (name !== 'node_modules') visit(path.join(p, name));
    } else latest = Math.max(latest, stat.mtimeMs);
  };
  for (const p of paths) visit(path.join(root, p));
  return latest;
}
const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

const serverStamp = path.join(root, 'dist', 'server', 'build-stamp');
const serverSources = ['src/server', 'src/domain', 'scripts', 'package-lock.json'];
if (builtAt(serverStamp) < newest(serverSources)) {
  console.log('building the server (its build is missing or older than the sources) ...');
  await buildServer();
}

const webIndex = path.join(root, 'dist', 'web', 'index.html');
const webSources = [
  'src/web',
  'src/domain',
  'vite.config.ts',
  'postcss.config.cjs',
  'package-lock.json',
];
if (entry === 'main' && builtAt(webIndex) < newest(webSources)) {
  if (existsSync(path.join(root, 'node_modules', 'vite'))) {
    console.log('building the web app (its build is missing or older than the sources) ...');
    const vite = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
      {
        cwd: root,
        stdio: 'inherit',
      },
    );
    if (vite.status !== 0) process.exit(vite.status ?? 1);
  } else if (!existsSync(webIndex)) {
    console.warn(
      'the web app is not built and vite is not installed: run `npm run build` where it is',
    );
  } else {
    console.warn(
      'the web app build is older than its sources; vite is not installed to rebuild it',
    );
  }
}

await import(pathToFileURL(path.join(root, 'dist', 'server', `${entry}.js`)).href);
