/**
 * npm's postinstall: guards postgres.js's deferred socket write (porsager/postgres#1208,
 * open PR #1209; 3.4.9 is the newest release). A write queued with setImmediate can run
 * after the connection closed and set its socket to null; the TypeError it throws there
 * is uncaught and ends the process (seen when PostgreSQL restarts under load, issue 32).
 * Guarded, the write's queries are rejected with CONNECTION_CLOSED like any other query on
 * a dropped connection. Idempotent; it does nothing once a release carries the guard.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const UNGUARDED = '  function nextWrite(fn) {\n    const x = socket.write(chunk, fn)';
const GUARDED = `  function nextWrite(fn) {
    if (!socket) { // talentforge: scripts/patch-postgres.mjs
      nextWriteTimer !== null && clearImmediate(nextWriteTimer)
      chunk = nextWriteTimer = null
      error(Errors.connection('CONNECTION_CLOSED', options))
      return false
    }
    const x = socket.write(chunk, fn)`;

for (const file of ['src/connection.js', 'cjs/src/connection.js']) {
  const target = path.join(root, 'node_modules', 'postgres', file);
  if (!existsSync(target)) continue;
  const text = readFileSync(target, 'utf8');
  if (text.includes(UNGUARDED)) writeFileSync(target, text.replace(UNGUARDED, GUARDED));
}
