import { careerJobPath } from '../src/domain/careers';
import { startBenchChild } from './lib/child';
import type { JobsServerReady } from './lib/jobs-server';
import { failed, type LoadResult, load, ratio, warmUp } from './lib/load';
import { type Metric, metric, printTable } from './lib/report';
import type { RunningServer } from './lib/server';

export const stage = 'jobs';

const connections = Number(process.env.BENCH_JOBS_CONNECTIONS ?? 50);
const duration = Number(process.env.BENCH_JOBS_SECONDS ?? 10);
/** DESIGN budget for list reads at 50 users, and the throughput against the bare route. */
const P99_BUDGET_MS = 50;
const MIN_THROUGHPUT_RATIO = 0.5;

export interface JobsDetails {
  jobs: number;
  serialQueryMs: number;
  plan: string[];
  browse: { real: LoadResult; bare: LoadResult };
  search: LoadResult;
  /** The careers site's job page (server-rendered HTML, no sign-in). */
  careerPage: LoadResult;
}

/**
 * Browse Jobs: GET /api/jobs (a candidate's first page of the newest published jobs,
 * with whether they applied) at `connections` connections over 1,000 published jobs,
 * beside the bare statement on the same database; then a keyword search.
 */
export async function run(
  _server: RunningServer,
): Promise<{ metrics: Metric[]; details: JobsDetails }> {
  const child = await startBenchChild<JobsServerReady>({
    script: 'bench/lib/jobs-server.ts',
    name: 'jobs',
    isReady: (line) => Boolean(line.candidateCookie),
  });
  let details: JobsDetails;
  try {
    const { appUrl, bareUrl, ready } = child;
    console.log(`browse statement alone, one at a time: ${ready.serialQueryMs} ms; plan:`);
    for (const line of ready.plan) console.log(`  ${line}`);
    const cookie = { cookie: ready.candidateCookie };
    const listUrl = `${appUrl}/api/jobs`;
    const searchUrl = `${appUrl}/api/jobs?q=engineer%2099&workplaceType=remote`;
    await warmUp(listUrl, () => ({ headers: cookie }));
    await warmUp(searchUrl, () => ({ headers: cookie }));
    await warmUp(`${bareUrl}/bare/jobs`, () => ({}));
    const page = (await (await fetch(listUrl, { headers: cookie })).json()) as {
      items: { id: string; title: string }[];
      nextCursor: string | null;
    };
    if (page.items.length !== 20 || !page.nextCursor) {
      throw new Error(`GET /api/jobs answered ${page.items.length} jobs without a next page`);
    }
    const careerUrl = `${appUrl}${careerJobPath(page.items[0]!)}`;
    await warmUp(careerUrl, () => ({}));
    details = {
      jobs: ready.jobs,
      serialQueryMs: ready.serialQueryMs,
      plan: ready.plan,
      browse: {
        real: await load('GET /api/jobs (real)', {
          url: listUrl,
          headers: cookie,
          connections,
          duration,
        }),
        bare: await load('GET /bare/jobs (bare)', {
          url: `${bareUrl}/bare/jobs`,
          connections,
          duration,
        }),
      },
      search: await load('GET /api/jobs?q=… (keyword search, real)', {
        url: searchUrl,
        headers: cookie,
        connections,
        duration,
      }),
      careerPage: await load('GET /careers/{slug}-{id} (job page HTML, signed out)', {
        url: careerUrl,
        connections,
        duration,
      }),
    };
  } finally {
    await child.stop();
  }
  const { browse, search, careerPage } = details;
  printTable([
    ['route', 'p50 ms', 'p99 ms', 'req/s', 'failed'],
    ...[browse.real, browse.bare, search, careerPage].map((r) => [
      r.label,
      String(r.latencyMs.p50),
      String(r.latencyMs.p99),
      r.requestsPerSecond.toFixed(1),
      String(failed(r)),
    ]),
  ]);
  const m = (name: string, value: number | null, unit: string, budget?: Metric['budget']) =>
    metric(stage, name, value, unit, budget);
  return {
    details,
    metrics: [
      m('browse p50 (real)', browse.real.latencyMs.p50, 'ms'),
      m('browse p99 (real)', browse.real.latencyMs.p99, 'ms', {
        limit: P99_BUDGET_MS,
        kind: 'max',
      }),
      m('browse throughput (real)', browse.real.requestsPerSecond, 'req/s'),
      m('browse p50 (bare)', browse.bare.latencyMs.p50, 'ms'),
      m('browse p99 (bare)', browse.bare.latencyMs.p99, 'ms'),
      m('browse throughput (bare)', browse.bare.requestsPerSecond, 'req/s'),
      m(
        'browse throughput real/bare',
        ratio(browse.real.requestsPerSecond, browse.bare.requestsPerSecond),
        '',
        { limit: MIN_THROUGHPUT_RATIO, kind: 'min' },
      ),
      m('browse statement alone', details.serialQueryMs, 'ms'),
      m('search p50 (real)', search.latencyMs.p50, 'ms'),
      m('search p99 (real)', search.latencyMs.p99, 'ms'),
      m('browse non-2xx + errors (real)', failed(browse.real), '', { limit: 0, kind: 'max' }),
      m('search non-2xx + errors (real)', failed(search), '', { limit: 0, kind: 'max' }),
      m('careers job page p50', careerPage.latencyMs.p50, 'ms'),
      m('careers job page p99', careerPage.latencyMs.p99, 'ms', {
        limit: P99_BUDGET_MS,
        kind: 'max',
      }),
      m('careers job page non-2xx + errors', failed(careerPage), '', { limit: 0, kind: 'max' }),
    ],
  };
}
