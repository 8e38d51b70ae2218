import autocannon from 'autocannon';
import { type Metric, metric } from './lib/report';
import type { RunningServer } from './lib/server';
import { newUser, signIn, signUp } from './lib/users';

export const stage = 'sign-in';

const connections = Number(process.env.BENCH_SIGN_IN_CONNECTIONS ?? 20);
const duration = Number(process.env.BENCH_SIGN_IN_SECONDS ?? 10);

export interface SignInDetails {
  connections: number;
  durationSeconds: number;
  requests: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; average: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}

/**
 * Sign-in under load: one user, `connections` concurrent clients posting the
 * email/password form for `duration` seconds. The password hash (scrypt) is
 * what each request mostly costs; that is expected.
 */
export async function run(
  server: RunningServer,
): Promise<{ metrics: Metric[]; details: SignInDetails }> {
  const user = newUser('candidate');
  await signUp(server, user);
  // Checks the credentials work and warms the code path up.
  for (let i = 0; i < 3; i++) await signIn(server.url, user);

  console.log(`\nPOST /api/auth/sign-in/email: ${connections} connections for ${duration} s ...`);
  const result = await autocannon({
    url: `${server.url}/api/auth/sign-in/email`,
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email: user.email, password: user.password }),
    connections,
    duration,
  });
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]),
  );
  const details: SignInDetails = {
    connections,
    durationSeconds: result.duration,
    requests: result.requests.total,
    requestsPerSecond: result.requests.average,
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      average: result.latency.average,
      max: result.latency.max,
    },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
  };
  console.log(
    `  ${details.requests} requests, ${details.requestsPerSecond.toFixed(1)} req/s; ` +
      `latency p50 ${details.latencyMs.p50} ms, p90 ${details.latencyMs.p90} ms, ` +
      `p99 ${details.latencyMs.p99} ms, max ${details.latencyMs.max} ms`,
  );
  console.log(
    `  status codes ${JSON.stringify(statusCodes)}; non-2xx ${details.non2xx}, ` +
      `errors ${details.errors}, timeouts ${details.timeouts}`,
  );
  const metrics = [
    metric(stage, 'p50 latency', details.latencyMs.p50, 'ms'),
    metric(stage, 'p99 latency', details.latencyMs.p99, 'ms'),
    metric(stage, 'throughput', Number(details.requestsPerSecond.toFixed(1)), 'req/s'),
    metric(stage, 'non-2xx responses', details.non2xx, '', { limit: 0, kind: 'max' }),
    metric(stage, 'errors + timeouts', details.errors + details.timeouts, '', {
      limit: 0,
      kind: 'max',
    }),
  ];
  return { metrics, details };
}
