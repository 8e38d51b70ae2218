import { gzipSync } from 'node:zlib';
import type { BrowserContext, Response } from '@playwright/test';
import { launchBrowser } from './lib/browser';
import { type Metric, metric, printTable } from './lib/report';
import type { RunningServer } from './lib/server';
import { newUser, parseCookieHeader, signIn, signUp } from './lib/users';
import { kbCeil } from './login-budget';
import { type BenchPage, pathOf, selectedPages } from './pages';

export const stage = 'js-size';

export interface ScriptFile {
  url: string;
  rawBytes: number;
  gzipBytes: number;
}

export interface PageScripts {
  page: string;
  path: string;
  totalGzipBytes: number;
  totalRawBytes: number;
  budgetKb: number;
  files: ScriptFile[];
}

const kb = (bytes: number) => bytes / 1024;
const gzipSize = (body: Buffer | string) => gzipSync(body, { level: 9 }).length;

function isScript(response: Response): boolean {
  if (response.request().resourceType() === 'script') return true;
  // Module preloads are reported as "other" by some Chromium versions.
  const type = response.headers()['content-type'] ?? '';
  return /javascript|ecmascript/.test(type);
}

/** Inline <script> elements of the document (they are JavaScript the page needs too). */
function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  const pattern = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
  for (const match of html.matchAll(pattern)) {
    const attributes = match[1] ?? '';
    const body = (match[2] ?? '').trim();
    if (/\bsrc\s*=/.test(attributes) || !body) continue;
    if (/type\s*=\s*["']?(application\/(ld\+)?json|importmap)/i.test(attributes)) continue;
    scripts.push(body);
  }
  return scripts;
}

async function signedInContext(context: BrowserContext, server: RunningServer, page: BenchPage) {
  if (!page.signedInAs) return;
  const user = newUser(page.signedInAs);
  await signUp(server, user);
  const cookie = await signIn(server.url, user);
  await context.addCookies(
    parseCookieHeader(cookie).map(({ name, value }) => ({ name, value, url: server.url })),
  );
}

/** Loads each page in a fresh context and sums the gzipped size of every script it fetched. */
export async function measurePageScripts(
  server: RunningServer,
  page: BenchPage,
  browser: Awaited<ReturnType<typeof launchBrowser>>,
): Promise<PageScripts> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    await signedInContext(context, server, page);
    const tab = await context.newPage();
    const pending: Promise<ScriptFile | null>[] = [];
    tab.on('response', (response) => {
      if (!isScript(response)) return;
      pending.push(
        response.body().then(
          (body) => ({ url: response.url(), rawBytes: body.length, gzipBytes: gzipSize(body) }),
          () => null,
        ),
      );
    });
    const pagePath = await pathOf(server, page);
    const url = `${server.url}${pagePath}`;
    const document = await tab.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    if (!document?.ok()) throw new Error(`${url} answered ${document?.status() ?? 'nothing'}`);
    // Give lazily imported chunks started after the idle point a moment to land.
    await tab.waitForLoadState('networkidle');
    const files = new Map<string, ScriptFile>();
    for (const file of await Promise.all(pending)) {
      if (file && !files.has(file.url)) files.set(file.url, file);
    }
    inlineScripts(await document.text()).forEach((body, i) => {
      const raw = Buffer.from(body);
      files.set(`${url} (inline script ${i + 1})`, {
        url: `${pagePath} (inline script ${i + 1})`,
        rawBytes: raw.length,
        gzipBytes: gzipSize(raw),
      });
    });
    const list = [...files.values()]
      .map((file) => ({ ...file, url: file.url.replace(server.url, '') }))
      .sort((a, b) => b.gzipBytes - a.gzipBytes);
    return {
      page: page.name,
      path: page.path,
      totalGzipBytes: list.reduce((sum, file) => sum + file.gzipBytes, 0),
      totalRawBytes: list.reduce((sum, file) => sum + file.rawBytes, 0),
      budgetKb: page.jsBudgetKb ?? 0,
      files: list,
    };
  } finally {
    await context.close();
  }
}

export async function run(
  server: RunningServer,
): Promise<{ metrics: Metric[]; details: PageScripts[] }> {
  const browser = await launchBrowser();
  const metrics: Metric[] = [];
  const details: PageScripts[] = [];
  try {
    for (const page of selectedPages().filter((p) => p.jsBudgetKb !== undefined)) {
      const result = await measurePageScripts(server, page, browser);
      details.push(result);
      console.log(
        `\n${page.path}: ${kb(result.totalGzipBytes).toFixed(1)} KB gzipped JavaScript ` +
          `(${kb(result.totalRawBytes).toFixed(1)} KB raw) in ${result.files.length} file(s); budget ${page.jsBudgetKb} KB`,
      );
      printTable([
        ['file', 'raw KB', 'gzip KB'],
        ...result.files.map((file) => [
          file.url,
          kb(file.rawBytes).toFixed(1),
          kb(file.gzipBytes).toFixed(1),
        ]),
      ]);
      metrics.push(
        metric(
          stage,
          `${page.path} gzipped JS`,
          // Rounded up: 150.04 KB read as 150.0 and passed a 150 KB budget.
          kbCeil(result.totalGzipBytes),
          'KB',
          {
            limit: page.jsBudgetKb!,
            kind: 'max',
          },
        ),
      );
    }
  } finally {
    await browser.close();
  }
  return { metrics, details };
}
