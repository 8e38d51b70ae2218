import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { TestLanguage } from '../../../domain/test-runs';
import type { Db } from '../../db/client';
import { testRun } from '../../db/schema';
import type { Logger } from '../../lib/logger';
import type { EventBus } from '../../realtime/event-bus';
import {
  detectSandbox,
  type RunOutcome,
  runInSandbox,
  type SandboxFile,
  type SandboxStatus,
} from '../../sandbox/runner';
import { announceRun, filesForRun } from './test-runs.service';

export type Runner = (
  files: SandboxFile[],
  reference: SandboxFile[],
  language?: TestLanguage,
) => Promise<RunOutcome>;

export interface QueueOptions {
  db: Db;
  bus: EventBus;
  logger: Logger;
  /** Runs this worker executes at once (RUNNER_CONCURRENCY, 2 on a 2-core machine). */
  concurrency?: number;
  /**
   * A web server whose runs execute on separate runners (`npm run runner`):
   * it only queues runs; it claims none, and the runners hear of new ones on the bus.
   */
  remote?: boolean;
  /** How long a claimed run stays ours without a renewal. */
  leaseMs?: number;
  pollMs?: number;
  /** The embedded database has one process: any run still marked running at start is orphaned. */
  singleProcess?: boolean;
  runner?: Runner;
  sandbox?: () => SandboxStatus;
}

const MAX_ATTEMPTS = 2;

/**
 * The test-run queue is the test_run table. A worker (inside the server on the
 * embedded database, else each `npm run runner` process) claims queued rows
 * with FOR UPDATE SKIP LOCKED, at most `concurrency` at once, renews the lease
 * while the sandbox runs and writes the result. A run whose lease ran out (its
 * runner was killed) is queued again once, then failed. A worker that stops
 * gives its unfinished runs back at once (releaseLeases).
 */
export class TestRunQueue {
  readonly workerId = randomUUID();
  private readonly db: Db;
  private readonly bus: EventBus;
  private readonly logger: Logger;
  private readonly concurrency: number;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly singleProcess: boolean;
  readonly remote: boolean;
  private runner: Runner;
  private sandbox: () => SandboxStatus;
  private active = new Set<Promise<void>>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private claiming = false;
  /** The claim in flight (kick's fill), which stop() waits for: see stop(). */
  private filling: Promise<void> = Promise.resolve();
  private again = false;
  private stopped = true;

  constructor(options: QueueOptions) {
    this.db = options.db;
    this.bus = options.bus;
    this.logger = options.logger;
    this.concurrency = options.concurrency ?? 2;
    this.leaseMs = options.leaseMs ?? 30_000;
    this.pollMs = options.pollMs ?? 1000;
    this.singleProcess = options.singleProcess ?? false;
    this.remote = options.remote ?? false;
    this.runner =
      options.runner ?? ((files, reference) => runInSandbox(files, undefined, { reference }));
    this.sandbox = options.sandbox ?? (() => detectSandbox());
  }

  /** For tests and benches: another runner (and a sandbox that is "there"). */
  useRunner(runner: Runner) {
    this.runner = runner;
    this.sandbox = () => ({ available: true, reason: null });
  }

  unavailableReason(): string | null {
    // The runners check their own sandbox (a runner without one refuses to start).
    if (this.remote) return null;
    const status = this.sandbox();
    return status.available ? null : status.reason;
  }

  /** Runs being executed by this worker now. */
  get activeCount() {
    return this.active.size;
  }

  async start() {
    if (this.remote) return;
    this.stopped = false;
    await this.recover(this.singleProcess);
    this.timer = setInterval(() => this.kick(), this.pollMs);
    this.timer.unref?.();
    this.kick();
  }

  /**
   * Claims no more runs and waits for those in hand, up to `graceMs`; runs
   * still unfinished then are given back to the queue (releaseLeases).
   */
  async stop(graceMs = Number.POSITIVE_INFINITY) {
    this.stopped = true;
    clearInterval(this.timer);
    // A claim already sent to the database still starts its run: wait for it, so that run
    // is among those waited for (or given back) below. Without this, stop() could return,
    // the database close, and the run claimed a moment later query a closed pool (CI saw it).
    await this.filling;
    const finished = Promise.allSettled([...this.active]);
    if (graceMs === Number.POSITIVE_INFINITY || this.active.size === 0) {
      await finished;
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = await Promise.race([
      finished.then(() => false),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), graceMs);
      }),
    ]);
    clearTimeout(timer);
    if (late) await this.releaseLeases();
  }

  /**
   * This worker's unfinished runs go back to the queue at once (not counted
   * as an attempt), so another runner takes them without waiting for the lease.
   */
  async releaseLeases() {
    const released = await this.db
      .update(testRun)
      .set({
        status: 'queued',
        workerId: null,
        leaseUntil: null,
        startedAt: null,
        attempts: sql`greatest(${testRun.attempts} - 1, 0)`,
      })
      .where(and(eq(testRun.workerId, this.workerId), eq(testRun.status, 'running')))
      .returning({ id: testRun.id, assessmentId: testRun.assessmentId });
    for (const run of released) await this.announce(run.assessmentId, run.id);
    if (released.length > 0) this.logger.info({ released: released.length }, 'gave runs back');
    return released.length;
  }

  /**
   * Runs whose lease expired (or, on the embedded database at start, every
   * running one) go back to the queue, or fail after MAX_ATTEMPTS.
   */
  async recover(all = false) {
    const expired = all
      ? eq(testRun.status, 'running')
      : and(eq(testRun.status, 'running'), sql`${testRun.leaseUntil} < now()`);
    const failed = await this.db
      .update(testRun)
      .set({
        status: 'error',
        output: 'The server stopped during this run, twice. Run the tests again.',
        finishedAt: new Date(),
        workerId: null,
        leaseUntil: null,
      })
      .where(and(expired, sql`${testRun.attempts} >= ${MAX_ATTEMPTS}`))
      .returning({ id: testRun.id, assessmentId: testRun.assessmentId });
    const requeued = await this.db
      .update(testRun)
      .set({ status: 'queued', workerId: null, leaseUntil: null, startedAt: null })
      .where(and(expired, sql`${testRun.attempts} < ${MAX_ATTEMPTS}`))
      .returning({ id: testRun.id, assessmentId: testRun.assessmentId });
    for (const run of [...failed, ...requeued]) await this.announce(run.assessmentId, run.id);
    if (failed.length + requeued.length > 0) {
      this.logger.warn(
        { failed: failed.length, requeued: requeued.length },
        'recovered test runs left by a stopped server',
      );
    }
  }

  /** Claim and start runs while there is room. */
  kick() {
    if (this.stopped || this.remote) return;
    if (this.claiming) {
      this.again = true;
      return;
    }
    this.claiming = true;
    this.filling = this.fill()
      .catch((error) => this.logger.error({ err: error }, 'test run queue failed to claim'))
      .finally(() => {
        this.claiming = false;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  private async fill() {
    await this.recover(false);
    while (!this.stopped && this.active.size < this.concurrency) {
      const run = await this.claim();
      if (!run) return;
      const job = this.execute(run)
        .catch((error) => this.logger.error({ err: error, runId: run.id }, 'test run not recorded'))
        .finally(() => {
          this.active.delete(job);
          this.kick();
        });
      this.active.add(job);
    }
  }

  private async claim() {
    // SKIP LOCKED: workers claiming at once each get a different run, none waits.
    const leaseUntil = new Date(Date.now() + this.leaseMs);
    const [row] = await this.db
      .update(testRun)
      .set({
        status: 'running',
        startedAt: new Date(),
        leaseUntil,
        workerId: this.workerId,
        attempts: sql`${testRun.attempts} + 1`,
      })
      .where(
        eq(
          testRun.id,
          sql`(select id from test_run where status = 'queued' order by created_at, id limit 1 for update skip locked)`,
        ),
      )
      .returning();
    return row ?? null;
  }

  private async execute(run: typeof testRun.$inferSelect) {
    const mine = and(
      eq(testRun.id, run.id),
      eq(testRun.workerId, this.workerId),
      eq(testRun.status, 'running'),
    );
    await this.announce(run.assessmentId, run.id);
    const renew = setInterval(() => {
      void this.db
        .update(testRun)
        .set({ leaseUntil: new Date(Date.now() + this.leaseMs) })
        .where(mine)
        .catch(() => {});
    }, this.leaseMs / 3);
    let outcome: RunOutcome;
    try {
      const input = await filesForRun(this.db, run.assessmentId, run.includeHidden);
      if (!input) return;
      const unavailable = this.unavailableReason();
      outcome = unavailable
        ? {
            status: 'error',
            passed: 0,
            failed: 0,
            skipped: 0,
            failures: [],
            output: unavailable,
            durationMs: 0,
          }
        : await this.runner(
            input.files,
            input.reference,
            input.language === 'none' ? undefined : input.language,
          );
    } catch (error) {
      this.logger.error({ err: error, runId: run.id }, 'test run failed to execute');
      outcome = {
        status: 'error',
        passed: 0,
        failed: 0,
        skipped: 0,
        failures: [],
        output: 'The tests could not be run. Try again.',
        durationMs: 0,
      };
    } finally {
      clearInterval(renew);
    }
    await this.db
      .update(testRun)
      .set({
        status: outcome.status,
        passed: outcome.passed,
        failed: outcome.failed,
        skipped: outcome.skipped,
        failures: outcome.failures,
        output: outcome.output.replace(/\0/g, ''),
        durationMs: outcome.durationMs,
        finishedAt: new Date(),
        leaseUntil: null,
      })
      .where(mine);
    await this.announce(run.assessmentId, run.id);
  }

  private async announce(assessmentId: string, runId: string) {
    const [row] = await this.db
      .select({ candidateId: sql<string>`candidate_id`, recruiterId: sql<string>`recruiter_id` })
      .from(sql`assessment`)
      .where(sql`id = ${assessmentId}`);
    if (row) await announceRun(this.bus, { id: assessmentId, ...row }, runId).catch(() => {});
  }
}
