/**
 * The candidate dashboard's scripts beyond the entry (DESIGN.md §6: Lighthouse 90 or more;
 * docs/decisions/033), checked on a finished web build without a browser: its chunk (named
 * `candidate-dashboard` by vite.config.ts) and every chunk it imports statically, less what
 * index.html already loads. Each file is a request, six at a time over HTTP/1.1; they were
 * 84 (240.5 KB gzipped) when a feature's index.ts brought the whole feature along and
 * automatic splitting made a chunk of each shared component. CI runs it beside
 * bench/login-budget.ts (.ci/run, journeys lane); it exits 1 over either budget.
 *
 *   npx tsx bench/dashboard-budget.ts [dist/web]
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { printTable } from './lib/report';
import { gzipSize, initialScripts, kbCeil } from './login-budget';

/** Script files the dashboard fetches beyond the entry (4 at decision 033's second part). */
export const DASHBOARD_SCRIPT_BUDGET = 6;
/**
 * Their gzipped JavaScript, KB of 1024 bytes (119.9 at the second part, 89.9 at the third, with
 * the unseen signed-in parts loaded after the first paint: room for the features to grow).
 */
export const DASHBOARD_JS_BUDGET_KB = 110;

/** The chunks a built chunk imports statically (`import … from "./x.js"`, `import "./x.js"`). */
export function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(
    /\bimport\s*(?:[\w$*{}\s,]+?\bfrom\s*)?["'](\.\/[^"']+\.js)["']/g,
  )) {
    found.add(match[1]!.slice(2));
  }
  return [...found];
}

/** A chunk (file name under assets/) and every chunk it imports statically, itself first. */
export function closure(start: string, read: (file: string) => string): string[] {
  const seen = new Set<string>();
  const stack = [start];
  for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...staticImports(read(file)));
  }
  return [...seen];
}

function main() {
  const dir = path.resolve(process.argv[2] ?? 'dist/web');
  const assets = path.join(dir, 'assets');
  const read = (file: string) => readFileSync(path.join(assets, file), 'utf8');
  const chunk = readdirSync(assets).find((name) => /^candidate-dashboard-[\w-]+\.js$/.test(name));
  if (!chunk) throw new Error(`no candidate-dashboard-*.js in ${assets} (vite.config.ts names it)`);

  const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
  const entry = new Set(
    initialScripts(html, (url) => readFileSync(path.join(dir, url)))
      .map((script) => script.name)
      .filter((name) => name.startsWith('/assets/'))
      .flatMap((name) => closure(name.slice('/assets/'.length), read)),
  );
  const files = closure(chunk, read)
    .filter((file) => !entry.has(file))
    .map((file) => ({ file, gzipBytes: gzipSize(readFileSync(path.join(assets, file))) }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  const total = kbCeil(files.reduce((sum, file) => sum + file.gzipBytes, 0));

  printTable([
    ['/candidate script (beyond the entry)', 'gzip KB'],
    ...files.map((file) => [file.file, (file.gzipBytes / 1024).toFixed(1)]),
  ]);
  const within = files.length <= DASHBOARD_SCRIPT_BUDGET && total <= DASHBOARD_JS_BUDGET_KB;
  console.log(
    `/candidate: ${files.length} script files, ${total.toFixed(1)} KB gzipped beyond the entry; ` +
      `budget ${DASHBOARD_SCRIPT_BUDGET} files, ${DASHBOARD_JS_BUDGET_KB} KB: ${within ? 'ok' : 'OVER BUDGET'}`,
  );
  if (!within) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) main();
