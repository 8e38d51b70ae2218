import autocannon, { type Options } from 'autocannon';

// The parts of autocannon's request list the stages use (bench/types declares the rest).
declare module 'autocannon' {
  interface BenchRequest {
    method?: Options['method'];
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface BenchRequestSetup extends BenchRequest {
    /** Called before every request on the connection; returns what is sent. */
    setupRequest?: (request: BenchRequest) => BenchRequest;
  }
  interface Options {
    /** Called once per connection (autocannon's client), before its first request. */
    setupClient?: (client: { setRequests(requests: BenchRequestSetup[]): void }) => void;
  }
}

export interface LoadResult {
  label: string;
  url: string;
  requests: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; average: number; max: number };
  /** Average response size (headers included), from autocannon's byte count. */
  bytesPerResponse: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}

/** autocannon for `duration` s at `connections` connections, its figures printed and kept. */
export async function load(
  label: string,
  options: Options & { connections: number; duration: number },
): Promise<LoadResult> {
  console.log(`\n${label}: ${options.connections} connections for ${options.duration} s ...`);
  const result = await autocannon(options);
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]),
  );
  const done: LoadResult = {
    label,
    url: options.url,
    requests: result.requests.total,
    requestsPerSecond: Number(result.requests.average.toFixed(1)),
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      average: result.latency.average,
      max: result.latency.max,
    },
    bytesPerResponse: result.requests.total
      ? Math.round(result.throughput.total / result.requests.total)
      : 0,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
  };
  console.log(
    `  ${done.requests} requests, ${done.requestsPerSecond} req/s; latency p50 ${done.latencyMs.p50} ms, ` +
      `p90 ${done.latencyMs.p90} ms, p99 ${done.latencyMs.p99} ms, max ${done.latencyMs.max} ms; ` +
      `~${done.bytesPerResponse} B/response`,
  );
  console.log(
    `  status codes ${JSON.stringify(statusCodes)}; non-2xx ${done.non2xx}, ` +
      `errors ${done.errors}, timeouts ${done.timeouts}`,
  );
  return done;
}

/** A few sequential requests first: checks the route answers 2xx and warms its code path. */
export async function warmUp(url: string, init: () => RequestInit) {
  for (let i = 0; i < 20; i++) {
    const response = await fetch(url, init());
    const body = await response.text();
    if (!response.ok) throw new Error(`${url} answered ${response.status}: ${body.slice(0, 300)}`);
  }
}

/** Failed requests of a run (autocannon counts timeouts among its errors). */
export const failed = (r: LoadResult) => r.non2xx + r.errors;

/** a / b to two decimals; null when b is 0. */
export const ratio = (a: number, b: number) => (b > 0 ? Number((a / b).toFixed(2)) : null);
