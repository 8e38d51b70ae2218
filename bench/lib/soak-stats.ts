/**
 * The soak server's own measures of where a request waits (bench/soak.ts asks for them over
 * the side door): the database worker's queue and statements (src/server/db/pglite-stats.ts),
 * the server thread's event-loop delay and busy share, and each route's time in the app.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { pgliteStats, Spread } from '../../src/server/db/pglite-stats';

type Fetch = (request: Request, ...rest: never[]) => Response | Promise<Response>;

const ms = (ns: number) => Math.round(ns / 1e4) / 100;

/** A route as a pattern: ids (uuids, long tokens) and file names become ':id'. */
function routeOf(request: Request) {
  const { pathname } = new URL(request.url);
  const pattern = pathname
    .split('/')
    .map((part, i, parts) =>
      /^[0-9a-f-]{16,}$/i.test(part) || /[A-Za-z0-9_-]{20,}/.test(part) || parts[i - 1] === 'files'
        ? ':id'
        : part,
    )
    .join('/');
  return `${request.method} ${pattern}`;
}

export function soakStats() {
  let delay: ReturnType<typeof monitorEventLoopDelay> = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let utilization = performance.eventLoopUtilization();
  let routes = new Map<string, Spread>();
  let since = performance.now();

  return {
    /** The app's fetch, each request's time in it kept by route. */
    timed(fetch: Fetch): Fetch {
      return async (request, ...rest) => {
        const start = performance.now();
        try {
          return await fetch(request, ...rest);
        } finally {
          const route = routeOf(request);
          const times = routes.get(route) ?? new Spread();
          times.add(performance.now() - start);
          routes.set(route, times);
        }
      };
    },
    reset() {
      delay.disable();
      delay = monitorEventLoopDelay({ resolution: 10 });
      delay.enable();
      utilization = performance.eventLoopUtilization();
      routes = new Map();
      since = performance.now();
      pgliteStats.reset(performance.timeOrigin + performance.now());
    },
    report() {
      const round = (n: number) => Math.round(n * 100) / 100;
      return {
        elapsedMs: Math.round(performance.now() - since),
        serverThread: {
          utilization: round(performance.eventLoopUtilization(utilization).utilization),
          delayMs: {
            mean: ms(delay.mean),
            p50: ms(delay.percentile(50)),
            p99: ms(delay.percentile(99)),
            max: ms(delay.max),
          },
        },
        database: pgliteStats.report(performance.timeOrigin + performance.now()),
        routes: [...routes.entries()]
          .map(([route, times]) => {
            const { mean, p50, p99, max } = times.summary();
            return { route, count: times.count, meanMs: mean, p50Ms: p50, p99Ms: p99, maxMs: max };
          })
          .sort((a, b) => b.p99Ms - a.p99Ms),
      };
    },
  };
}
