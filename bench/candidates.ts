import type { CandidatesServerReady } from './lib/candidates-server';
import { startBenchChild } from './lib/child';
import { failed, type LoadResult, load, ratio, warmUp } from './lib/load';
import { type Metric, metric } from './lib/report';
import type { RunningServer } from './lib/server';

export const stage = 'candidates';

const connections = Number(process.env.BENCH_CANDIDATES_CONNECTIONS ?? 10);
const duration = Number(process.env.BENCH_CANDIDATES_SECONDS ?? 10);
const SMALL = 100;
const LARGE = Number(process.env.BENCH_CANDIDATES_LARGE ?? 10_000);

/**
 * What recruiters search for, cycled by every connection: a misspelt skill, a name, two
 * words, words with filters, filters alone, browsing and a later page.
 */
const SEARCHES = [
  'q=typscript',
  'q=kubernets',
  'q=garcia',
  'q=react%20berlin',
  'q=python&experience=3-5&remote=true',
  'skills=TypeScript&skills=React&jobType=full-time',
  'location=lisbon&experience=5-10',
  '',
  'q=developer&page=3',
  'q=elasticsarch%20engineer',
];

export interface CandidatesDetails {
  connections: number;
  durationSeconds: number;
  searches: string[];
  small: { candidates: number; searchRows: number; seedMs: number; load: LoadResult };
  large: { candidates: number; searchRows: number; seedMs: number; load: LoadResult };
}

async function measure(candidates: number) {
  const child = await startBenchChild<CandidatesServerReady>({
    script: 'bench/lib/candidates-server.ts',
    name: `candidates-${candidates}`,
    isReady: (line) => Boolean(line.recruiterCookie),
    env: { CANDIDATES: String(candidates) },
    timeoutMs: 600_000,
  });
  try {
    const { appUrl, ready } = child;
    console.log(
      `${ready.candidates} candidates (${ready.searchRows} discoverable) seeded in ${ready.seedMs} ms`,
    );
    const headers = { cookie: ready.recruiterCookie };
    let clients = 0;
    for (const search of SEARCHES) {
      await warmUp(`${appUrl}/api/candidates?${search}`, () => ({ headers }));
    }
    const result = await load(`find candidates over ${ready.candidates} profiles`, {
      url: `${appUrl}/api/candidates`,
      connections,
      duration,
      headers,
      // Each connection cycles through every search, starting at its own.
      setupClient: (client) => {
        const start = clients++;
        client.setRequests(
          SEARCHES.map((_, i) => {
            const search = SEARCHES[(start + i) % SEARCHES.length]!;
            return { method: 'GET', path: `/api/candidates${search ? `?${search}` : ''}` };
          }),
        );
      },
    });
    return { ...ready, load: result };
  } finally {
    await child.stop();
  }
}

/**
 * Find Candidates' search (GET /api/candidates) at a fixed concurrency over 100 and over
 * 10,000 candidate profiles, each on its own embedded database: p50/p99 and their ratio.
 * The search reads indexes (GIN on the weighted tsvector, trigram GIN on name, skills and
 * places), so the ratio should stay far below the 100x growth of the data.
 */
export async function run(
  _server: RunningServer,
): Promise<{ metrics: Metric[]; details: CandidatesDetails }> {
  const small = await measure(SMALL);
  const large = await measure(LARGE);
  const m = (name: string, value: number | null, unit: string, note?: string) =>
    metric(stage, name, value, unit, undefined, note);
  const metrics: Metric[] = [
    m(`p50 over ${SMALL}`, small.load.latencyMs.p50, 'ms'),
    m(`p99 over ${SMALL}`, small.load.latencyMs.p99, 'ms'),
    m(`p50 over ${LARGE}`, large.load.latencyMs.p50, 'ms'),
    m(`p99 over ${LARGE}`, large.load.latencyMs.p99, 'ms'),
    m(
      `p50 ratio ${LARGE}/${SMALL}`,
      ratio(large.load.latencyMs.p50, small.load.latencyMs.p50),
      'x',
    ),
    m(
      `p99 ratio ${LARGE}/${SMALL}`,
      ratio(large.load.latencyMs.p99, small.load.latencyMs.p99),
      'x',
    ),
    m(
      'failed requests',
      failed(small.load) + failed(large.load),
      '',
      `at ${connections} connections, ${duration} s per size`,
    ),
  ];
  return {
    metrics,
    details: {
      connections,
      durationSeconds: duration,
      searches: SEARCHES,
      small: {
        candidates: small.candidates,
        searchRows: small.searchRows,
        seedMs: small.seedMs,
        load: small.load,
      },
      large: {
        candidates: large.candidates,
        searchRows: large.searchRows,
        seedMs: large.seedMs,
        load: large.load,
      },
    },
  };
}
