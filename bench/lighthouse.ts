import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { launchDebuggableChromium } from './lib/browser';
import { formatValue, type Metric, metric } from './lib/report';
import { type RunningServer, repoRoot } from './lib/server';
import { newUser, signIn, signUp } from './lib/users';
import { type BenchPage, pathOf, selectedPages } from './pages';

export const stage = 'lighthouse';

/** Runs per page; the median score is reported (BENCH_LIGHTHOUSE_RUNS, default 3:
 * single runs vary by several points on a busy machine). */
const runs = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3) || 3);

const keyAudits = [
  { id: 'first-contentful-paint', label: 'FCP', unit: 'ms' },
  { id: 'largest-contentful-paint', label: 'LCP', unit: 'ms' },
  { id: 'total-blocking-time', label: 'TBT', unit: 'ms' },
  { id: 'cumulative-layout-shift', label: 'CLS', unit: '' },
  { id: 'speed-index', label: 'Speed Index', unit: 'ms' },
] as const;

/** The categories scored; performance has the page's target, SEO its seoTarget if any. */
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof categories)[number];

export interface LighthousePageResult {
  page: string;
  path: string;
  target: number;
  score: number | null;
  scores: (number | null)[];
  /** Every category's score in the run whose performance score is the median. */
  categoryScores: Record<Category, number | null>;
  metrics: Record<string, number | null>;
  formFactor: string;
  throttlingMethod: string;
  warnings: string[];
  report?: string;
}

async function cookieFor(server: RunningServer, page: BenchPage): Promise<string | undefined> {
  if (!page.signedInAs) return undefined;
  const user = newUser(page.signedInAs);
  await signUp(server, user);
  return signIn(server.url, user);
}

async function runOnce(url: string, port: number, cookie: string | undefined): Promise<Result> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...categories],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  };
  // No config: Lighthouse's default, i.e. the mobile preset (Moto G Power, simulated slow 4G).
  const result = await lighthouse(url, flags);
  if (!result) throw new Error('lighthouse returned no result');
  const lhr = result.lhr;
  if (lhr.runtimeError) {
    throw new Error(`lighthouse: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  }
  return lhr;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

export async function measurePage(
  server: RunningServer,
  page: BenchPage,
): Promise<LighthousePageResult> {
  const url = `${server.url}${await pathOf(server, page)}`;
  const cookie = await cookieFor(server, page);
  const reports: Result[] = [];
  for (let i = 0; i < runs; i++) {
    // A fresh browser (and profile) per run: no cache or service worker carried over.
    const chromium = await launchDebuggableChromium();
    try {
      reports.push(await runOnce(url, chromium.port, cookie));
    } finally {
      await chromium.close();
    }
  }
  const scoreOf = (lhr: Result, category: Category = 'performance') => {
    const score = lhr.categories[category]?.score;
    return typeof score === 'number' ? Math.round(score * 100) : null;
  };
  const scores = reports.map((lhr) => scoreOf(lhr));
  const valid = scores.filter((s): s is number => s !== null);
  const score = valid.length ? median(valid)! : null;
  // Key metrics come from the run whose score is the median.
  const chosen = reports[Math.max(0, scores.indexOf(score))]!;
  const categoryScores = Object.fromEntries(
    categories.map((category) => [category, scoreOf(chosen, category)]),
  ) as Record<Category, number | null>;
  const metrics: Record<string, number | null> = {};
  for (const audit of keyAudits) {
    const value = chosen.audits[audit.id]?.numericValue;
    metrics[audit.label] = typeof value === 'number' ? value : null;
  }
  const resultsDir = path.join(repoRoot, 'bench/results');
  mkdirSync(resultsDir, { recursive: true });
  const report = path.join(resultsDir, `lighthouse-${page.name}.json`);
  writeFileSync(report, JSON.stringify(chosen, null, 2));
  return {
    page: page.name,
    path: page.path,
    target: page.lighthouseTarget!,
    score,
    scores,
    categoryScores,
    metrics,
    formFactor: chosen.configSettings.formFactor,
    throttlingMethod: chosen.configSettings.throttlingMethod,
    warnings: chosen.runWarnings,
    report: path.relative(repoRoot, report),
  };
}

export async function run(
  server: RunningServer,
): Promise<{ metrics: Metric[]; details: LighthousePageResult[] }> {
  const metrics: Metric[] = [];
  const details: LighthousePageResult[] = [];
  for (const page of selectedPages().filter((p) => p.lighthouseTarget !== undefined)) {
    const result = await measurePage(server, page);
    details.push(result);
    console.log(
      `\n${page.path}: Lighthouse performance ${result.score ?? 'n/a'} (target ${result.target}; ` +
        `${result.formFactor}, ${result.throttlingMethod} throttling` +
        `${runs > 1 ? `, median of ${runs}: ${result.scores.join(', ')}` : ''})`,
    );
    console.log(
      `  ${categories.map((c) => `${c} ${result.categoryScores[c] ?? 'n/a'}`).join(', ')}`,
    );
    for (const audit of keyAudits) {
      console.log(
        `  ${audit.label.padEnd(12)} ${formatValue(result.metrics[audit.label] ?? null, audit.unit)}`,
      );
    }
    for (const warning of result.warnings) console.log(`  warning: ${warning}`);
    console.log(`  full report: ${result.report}`);
    metrics.push(
      metric(stage, `${page.path} performance score`, result.score, '', {
        limit: result.target,
        kind: 'min',
      }),
    );
    for (const category of categories.filter((c) => c !== 'performance')) {
      const limit = category === 'seo' ? page.seoTarget : undefined;
      metrics.push(
        metric(
          stage,
          `${page.path} ${category} score`,
          result.categoryScores[category],
          '',
          limit === undefined ? undefined : { limit, kind: 'min' },
        ),
      );
    }
    for (const audit of keyAudits) {
      const value = result.metrics[audit.label] ?? null;
      const rounded =
        value === null ? null : audit.unit === 'ms' ? Math.round(value) : Number(value.toFixed(3));
      metrics.push(metric(stage, `${page.path} ${audit.label}`, rounded, audit.unit));
    }
  }
  return { metrics, details };
}
