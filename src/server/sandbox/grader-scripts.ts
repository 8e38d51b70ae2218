/**
 * Scripts the sandbox runs from /grader (read-only, owned by root on the
 * host). Plain CommonJS strings, written to the staging folder at start.
 */

/**
 * The compile step, inside the sandbox and the run's limits: every file of
 * /src to /build, TypeScript transformed by esbuild to CommonJS (esbuild only
 * parses: nothing of the candidate's runs). Compile errors go to stdout as
 * one JSON line; esbuild's own crash or a kill by the limits shows in the
 * exit status.
 */
export const COMPILE_SCRIPT = `'use strict';
const fs = require('node:fs'), path = require('node:path');
const esbuild = require('/esbuild/lib/main.js');
const TS = /\\.(ts|tsx|mts|cts)$/;
function walk(dir, out) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out); else if (e.isFile()) out.push(p);
  }
  return out;
}
(async () => {
  const errors = [];
  let hasTs = false;
  for (const file of walk('/src', [])) {
    const rel = path.relative('/src', file);
    const content = fs.readFileSync(file, 'utf8');
    let outPath = rel, out = content;
    if (TS.test(rel) && !rel.endsWith('.d.ts')) {
      hasTs = true;
      outPath = rel.replace(TS, '.js');
      try {
        out = (await esbuild.transform(content, { loader: rel.endsWith('x') ? 'tsx' : 'ts', format: 'cjs', target: 'node20', sourcefile: rel, sourcemap: 'inline' })).code;
      } catch (error) {
        const list = (error && error.errors) || [];
        for (const e of list.slice(0, 10)) errors.push({ file: rel, line: e.location ? e.location.line : null, column: e.location ? e.location.column : null, text: String(e.text) });
        if (list.length === 0) errors.push({ file: rel, line: null, column: null, text: String(error && error.message || error) });
        continue;
      }
    } else if (fs.existsSync(path.join('/build', rel))) {
      continue; // a .js file loses to the compiled .ts of the same name
    }
    fs.mkdirSync(path.dirname(path.join('/build', outPath)), { recursive: true });
    fs.writeFileSync(path.join('/build', outPath), out);
  }
  if (hasTs && !fs.existsSync('/build/package.json')) fs.writeFileSync('/build/package.json', '{"type":"commonjs"}\\n');
  process.stdout.write(JSON.stringify({ errors }) + '\\n');
  esbuild.stop();
})().catch((error) => { process.stderr.write(String(error && error.stack || error)); process.exit(2); });
`;

/**
 * Loaded (--require) into every process of the hidden-test pass before any
 * test or candidate code: it freezes what the hidden tests rely on (node:test,
 * node:assert and their functions; their insides use node's primordials,
 * copies of the built-ins taken before any user code, so patching
 * Array.prototype and the like does not reach them),
 * and in the test-file processes it makes an early exit count as a failure:
 * process.exit / reallyExit with 0 before the tests finished exits 70, and a
 * non-zero exit code cannot be set back to 0. The inspector (which could
 * reach any closure) is refused to CommonJS and ESM loads alike.
 */
export const PRELOAD_SCRIPT = `'use strict';
const Module = require('node:module');
const freezeDeep = (value, seen = new Set()) => {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null || seen.has(value)) return;
  seen.add(value);
  for (const key of Reflect.ownKeys(value)) {
    const d = Object.getOwnPropertyDescriptor(value, key);
    if (d && 'value' in d) freezeDeep(d.value, seen);
  }
  Object.freeze(value);
};
for (const name of ['node:test', 'node:assert', 'node:assert/strict']) freezeDeep(require(name));
const blocked = new Set(['inspector', 'node:inspector', 'inspector/promises', 'node:inspector/promises', 'v8', 'node:v8']);
const load = Module._load;
Object.defineProperty(Module, '_load', {
  value: function (request, parent, isMain) {
    if (blocked.has(request)) throw new Error('Not available in hidden-test runs: ' + request);
    return load.call(this, request, parent, isMain);
  },
  writable: false,
  configurable: false,
});
if (Module.register) {
  try {
    Module.register('data:text/javascript,' + encodeURIComponent(
      'const b = new Set(' + JSON.stringify([...blocked]) + ');' +
      'export async function resolve(s, c, next) { if (b.has(s)) throw new Error("Not available in hidden-test runs: " + s); return next(s, c); }'));
  } catch {}
}
if (process.env.NODE_TEST_CONTEXT) {
  const exit = process.reallyExit;
  const guard = (code) => exit.call(process, code === 0 || code === undefined ? 70 : code);
  Object.defineProperty(process, 'reallyExit', { value: guard, writable: false, configurable: false });
  Object.defineProperty(process, 'exit', { value: (code) => guard(code === undefined ? process.exitCode : code), writable: false, configurable: false });
  const d = Object.getOwnPropertyDescriptor(process, 'exitCode');
  if (d && d.configurable && d.get && d.set) {
    Object.defineProperty(process, 'exitCode', {
      get: d.get,
      set(v) { const now = d.get.call(process); if (now && (v === 0 || v === undefined)) return; d.set.call(process, v); },
      enumerable: d.enumerable,
      configurable: false,
    });
  }
}
`;
