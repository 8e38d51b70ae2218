import { timingSafeEqual } from 'node:crypto';
import { Hono, type MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { APPLICATION_NAME, type Database } from '../db/client';

const GAUGES_NAMED_LIKE_COUNTERS = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
];

export interface MetricsDeps {
  database: Database;
  /** Open WebSockets on this server. */
  openSockets: () => number;
  /** Node's own metrics (event loop lag, heap, GC); once per process, so main only. */
  processMetrics?: boolean;
}

/**
 * The Prometheus metrics of one server process (prom-client, a registry of its
 * own so that tests can run several servers in one process). Counts and
 * latencies of requests by route pattern and status; the rest is read when
 * scraped: open WebSockets, the mail outbox, the test-run queue (shared by
 * every server: the same figures on each) and this process's database pool.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly latency: Histogram<'method' | 'route' | 'status'>;

  constructor(deps: MetricsDeps) {
    const registers = [this.registry];
    const { database } = deps;
    if (deps.processMetrics) {
      collectDefaultMetrics({ register: this.registry });
      // Gauges named like counters, which `promtool check metrics` refuses; each is the sum
      // of the per-type gauge without the suffix (sum(nodejs_active_handles) gives it).
      for (const name of GAUGES_NAMED_LIKE_COUNTERS) this.registry.removeSingleMetric(name);
    }
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer HTTP requests (to the response headers), by route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    new Gauge({
      name: 'websockets_open',
      help: 'Open realtime WebSockets on this server',
      registers,
      collect() {
        this.set(deps.openSockets());
      },
    });
    new Gauge({
      name: 'outbox_pending',
      help: 'Mails waiting in the outbox',
      registers,
      async collect() {
        const [row] = await database.query<{ n: number }>(
          `select count(*)::int as n from outbox where status = 'pending'`,
        );
        this.set(row?.n ?? 0);
      },
    });
    new Gauge({
      name: 'outbox_oldest_pending_age_seconds',
      help: 'Age of the oldest mail waiting in the outbox (0 when none)',
      registers,
      async collect() {
        const [row] = await database.query<{ age: number | null }>(
          `select extract(epoch from now() - min(created_at))::float8 as age
             from outbox where status = 'pending'`,
        );
        this.set(Math.max(0, Number(row?.age ?? 0)));
      },
    });
    new Gauge({
      name: 'test_runs',
      help: 'Test runs queued and running (across every runner)',
      labelNames: ['status'],
      registers,
      async collect() {
        const rows = await database.query<{ status: string; n: number }>(
          `select status, count(*)::int as n from test_run
            where status in ('queued', 'running') group by status`,
        );
        this.set({ status: 'queued' }, 0);
        this.set({ status: 'running' }, 0);
        for (const r of rows) this.set({ status: r.status }, r.n);
      },
    });
    new Gauge({
      name: 'db_pool_connections',
      help: "This process's PostgreSQL connections by state (active: running a query), and the pool's size (max)",
      labelNames: ['state'],
      registers,
      async collect() {
        this.reset();
        if (database.kind !== 'postgres') return;
        const rows = await database.query<{ state: string; n: number }>(
          `select coalesce(state, 'unknown') as state, count(*)::int as n
             from pg_stat_activity where application_name = $1 group by 1`,
          [APPLICATION_NAME],
        );
        this.set({ state: 'active' }, 0);
        this.set({ state: 'idle' }, 0);
        for (const r of rows) this.set({ state: r.state.replace(/ /g, '_') }, r.n);
        this.set({ state: 'max' }, database.poolSize ?? 0);
      },
    });
  }

  /** Counts every request by the pattern of the route that answered it (never the raw path). */
  middleware(): MiddlewareHandler {
    return async (c, next) => {
      const started = performance.now();
      await next();
      // The first handler (not middleware) matched answers; also when it threw.
      const handler = matchedRoutes(c).find((r) => r.method !== 'ALL');
      const labels = {
        method: c.req.method,
        route: handler?.path ?? (c.req.routePath || 'unmatched'),
        status: String(c.res.status),
      };
      this.requests.inc(labels);
      this.latency.observe(labels, (performance.now() - started) / 1000);
    };
  }

  async text() {
    return this.registry.metrics();
  }
}

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * GET /metrics on the app's own port, only with `Authorization: Bearer
 * $METRICS_TOKEN`. Without a token it is not served here (METRICS_PORT serves
 * it on a port of its own, for a network only the scraper reaches).
 */
export function metricsRoutes(metrics: Metrics, token: string | undefined) {
  const app = new Hono();
  app.get('/metrics', async (c) => {
    if (!token) return c.json({ message: 'Not found' }, 404);
    const given = c.req.header('authorization')?.replace(/^Bearer\s+/i, '') ?? '';
    if (!sameToken(given, token)) {
      c.header('WWW-Authenticate', 'Bearer');
      return c.json({ message: 'A metrics token is required' }, 401);
    }
    c.header('Cache-Control', 'no-store');
    return c.body(await metrics.text(), 200, { 'Content-Type': metrics.registry.contentType });
  });
  return app;
}
