/**
 * /login's JavaScript budget (DESIGN.md §6), checked on a finished web build without a browser:
 * the scripts index.html loads before its first paint (the entry, its modulepreloads and any
 * inline script), gzipped as the js-size stage does. CI runs it after its `vite build`
 * (.ci/run, journeys lane); it exits 1 when /login is over budget.
 *
 *   npx tsx bench/login-budget.ts [dist/web]
 *
 * Chunks the page imports lazily while it opens are not in index.html: the js-size stage
 * (`npm run bench -- login-bundle`) loads the page in Chromium and counts those too.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { printTable } from './lib/report';

/** The same figure as bench/pages.ts gives /login (KB of 1024 bytes). */
export const LOGIN_JS_BUDGET_KB = 150;

export interface InitialScript {
  name: string;
  gzipBytes: number;
}

/** Bytes gzipped at level 9, as the js-size stage counts them. */
export const gzipSize = (body: Buffer | string) => gzipSync(body, { level: 9 }).length;

/** The scripts a built index.html makes the browser fetch or run before anything is lazy. */
export function initialScripts(html: string, readAsset: (url: string) => Buffer): InitialScript[] {
  const urls = new Set<string>();
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/gi)) urls.add(match[1]!);
  for (const match of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi)) {
    const href = /\bhref="([^"]+)"/.exec(match[0])?.[1];
    if (href) urls.add(href);
  }
  const scripts = [...urls].map((url) => ({ name: url, gzipBytes: gzipSize(readAsset(url)) }));
  let inline = 0;
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const body = (match[2] ?? '').trim();
    if (/\bsrc\s*=/.test(match[1] ?? '') || !body) continue;
    if (/type\s*=\s*["']?(application\/(ld\+)?json|importmap)/i.test(match[1] ?? '')) continue;
    inline += 1;
    scripts.push({ name: `(inline script ${inline})`, gzipBytes: gzipSize(body) });
  }
  return scripts.sort((a, b) => b.gzipBytes - a.gzipBytes);
}

/** KB rounded up to a tenth: a page one byte over its budget never reads as within it. */
export const kbCeil = (bytes: number) => Math.ceil((bytes / 1024) * 10) / 10;

function main() {
  const dir = path.resolve(process.argv[2] ?? 'dist/web');
  const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
  const scripts = initialScripts(html, (url) => readFileSync(path.join(dir, url)));
  const total = kbCeil(scripts.reduce((sum, script) => sum + script.gzipBytes, 0));
  printTable([
    ['/login script', 'gzip KB'],
    ...scripts.map((script) => [script.name, (script.gzipBytes / 1024).toFixed(1)]),
  ]);
  const within = total <= LOGIN_JS_BUDGET_KB;
  console.log(
    `/login: ${total.toFixed(1)} KB gzipped JavaScript before its first paint; budget ${LOGIN_JS_BUDGET_KB} KB: ${within ? 'ok' : 'OVER BUDGET'}`,
  );
  if (!within) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) main();
