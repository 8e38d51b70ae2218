/**
 * npm run runner (dist/server/runner.js): a test runner. It takes queued runs
 * from the database queues (test_run, and live pads' pad_run) under a lease, at most
 * RUNNER_CONCURRENCY at once, executes them in the bubblewrap sandbox and
 * writes the results; the web servers hear of them over PostgreSQL
 * LISTEN/NOTIFY and tell the browsers. Run any number, on any machine that
 * reaches the database. It alone needs root (for the sandbox: switching to
 * `nobody` and creating cgroups). With the embedded database there is no
 * runner: the server runs tests itself.
 */

import { openDatabase } from './db/client';
import { parseEnv } from './env';
import { PadRunQueue } from './features/pads/run-queue';
import { TestRunQueue } from './features/test-runs/queue';
import { createLogger } from './lib/logger';
import { startHeartbeat } from './ops/heartbeat';
import { handleUnhandledRejections } from './ops/process-policy';
import { postgresBus } from './realtime/event-bus';
import { detectSandbox } from './sandbox/runner';

async function main() {
  let env: ReturnType<typeof parseEnv>;
  try {
    env = parseEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  if (!env.DATABASE_URL) {
    console.error(
      'The runner needs DATABASE_URL (PostgreSQL). With the embedded database the server runs test runs itself.',
    );
    process.exit(2);
  }
  const sandbox = detectSandbox();
  if (!sandbox.available) {
    console.error(`${sandbox.reason}. This runner takes no runs; fix it and start it again.`);
    process.exit(1);
  }
  const logger = createLogger(env.LOG_LEVEL);
  handleUnhandledRejections(logger, 'runner');
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: '',
    max: env.RUNNER_CONCURRENCY + 2,
  });
  const bus = await postgresBus(env.DATABASE_URL, logger);
  const queue = new TestRunQueue({
    db: database.db,
    bus,
    logger,
    concurrency: env.RUNNER_CONCURRENCY,
    leaseMs: env.RUNNER_LEASE_SECONDS * 1000,
  });
  // A run queued on any web server is announced on the bus: claim it at once
  // (the queue also polls every second, for runs queued inside a transaction).
  bus.subscribe(({ event }) => {
    if (event.type === 'testRun.changed') queue.kick();
  });
  await queue.start();
  // Live pads' runs too (they hear of new runs on the bus themselves).
  const padRuns = new PadRunQueue({
    db: database.db,
    bus,
    logger,
    concurrency: env.RUNNER_CONCURRENCY,
    leaseMs: env.RUNNER_LEASE_SECONDS * 1000,
  });
  padRuns.start();
  const stopHeartbeat = startHeartbeat(() => database.query('select 1'));
  logger.info(
    { workerId: queue.workerId, concurrency: env.RUNNER_CONCURRENCY },
    'test runner is taking runs',
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'runner stopping');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    stopHeartbeat();
    // Runs in hand get 10 s to finish; the rest go back to the queue for another runner.
    await queue.stop(10_000);
    await padRuns.stop();
    await bus.close();
    await database.close();
    logger.info('runner stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
