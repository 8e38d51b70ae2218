import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { TestLanguage } from '../../../domain/test-runs';
import type { Db } from '../../db/client';
import { pad, padRun } from '../../db/schema';
import type { Logger } from '../../lib/logger';
import type { EventBus } from '../../realtime/event-bus';
import {
  detectSandbox,
  type RunOutcome,
  runInSandbox,
  type SandboxFile,
  type SandboxStatus,
} from '../../sandbox/runner';
import { filesOf, loadDoc } from './document';
import { OutputBatcher } from './run-output';

/**
 * Runs a pad's files in the sandbox (the assessments' runner and limits), telling `onOutput`
 * the output as it comes.
 */
export type PadRunner = (
  files: SandboxFile[],
  language: TestLanguage,
  onOutput: (chunk: Buffer) => void,
) => Promise<RunOutcome>;

/**
 * The sandbox, as assessments' runs use it, with the tests' prints shown as a program's are
 * (pytest's capture off, go test's output as text): a pad is where people print to see. A pad
 * has no reference project, so its output does not say so after every run.
 */
export const sandboxPadRunner: PadRunner = (files, language, onOutput) =>
  runInSandbox(files, undefined, { language, onOutput, showPrints: true, referenceNote: false });

const LANGUAGE_RUNNERS = {
  typescript: 'node',
  javascript: 'node',
  python: 'python',
  go: 'go',
  java: 'java',
} as const satisfies Record<string, TestLanguage>;

const failed = (output: string): RunOutcome => ({
  status: 'error',
  passed: 0,
  failed: 0,
  skipped: 0,
  failures: [],
  output,
  durationMs: 0,
});

export const LOST_RUN = 'The runner stopped during this run. Run again.';

/**
 * Pad runs go through a queue as test runs do (features/test-runs/queue.ts): the pad_run
 * rows with status 'queued'. A worker claims one with FOR UPDATE SKIP LOCKED under a lease,
 * runs it in the sandbox and writes the result: the web server's own worker on the embedded
 * database (RUNNER_MODE=server), else each `npm run runner` process (separate), which hears
 * of new runs on the bus. Every change of a run is a pad.run signal, so everyone in the pad,
 * on any server, sees it queued, running and finished.
 */
export class PadRunQueue {
  readonly workerId = randomUUID();
  private runner: PadRunner;
  private sandbox: () => SandboxStatus;
  private readonly active = new Set<Promise<void>>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private claiming: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly deps: {
      db: Db;
      bus: EventBus;
      logger: Logger;
      concurrency?: number;
      leaseMs?: number;
      pollMs?: number;
      runner?: PadRunner;
    },
  ) {
    this.runner = deps.runner ?? sandboxPadRunner;
    this.sandbox = () => detectSandbox();
  }

  /** For tests and benches: another runner (and a sandbox that is "there"). */
  useRunner(runner: PadRunner) {
    this.runner = runner;
    this.sandbox = () => ({ available: true, reason: null });
  }

  private get leaseMs() {
    return this.deps.leaseMs ?? 30_000;
  }

  start() {
    this.stopped = false;
    this.unsubscribe = this.deps.bus.subscribe(({ event }) => {
      if (event.type === 'pad.run') this.kick();
    });
    this.timer = setInterval(() => this.kick(), this.deps.pollMs ?? 1000);
    this.timer.unref?.();
    this.kick();
  }

  /** Claims no more runs; waits for those in hand. */
  async stop() {
    this.stopped = true;
    clearInterval(this.timer);
    this.unsubscribe?.();
    await this.claiming;
    await Promise.allSettled([...this.active]);
  }

  kick() {
    if (this.stopped) return;
    if (this.claiming) {
      this.again = true;
      return;
    }
    this.claiming = this.fill()
      .catch((error) => this.deps.logger.error({ err: error }, 'pad run queue failed to claim'))
      .finally(() => {
        this.claiming = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  private async fill() {
    await this.failLost();
    while (!this.stopped && this.active.size < (this.deps.concurrency ?? 2)) {
      const run = await this.claim();
      if (!run) return;
      const job = this.execute(run)
        .catch((error) => this.deps.logger.error({ err: error, runId: run.id }, 'pad run failed'))
        .finally(() => {
          this.active.delete(job);
          this.kick();
        });
      this.active.add(job);
    }
  }

  private async claim() {
    // SKIP LOCKED: workers claiming at once each get a different run, none waits.
    const [row] = await this.deps.db
      .update(padRun)
      .set({
        status: 'running',
        startedAt: new Date(),
        workerId: this.workerId,
        leaseUntil: new Date(Date.now() + this.leaseMs),
      })
      .where(
        eq(
          padRun.id,
          sql`(select id from pad_run where status = 'queued' order by created_at, id limit 1 for update skip locked)`,
        ),
      )
      .returning({ id: padRun.id, padId: padRun.padId });
    return row ?? null;
  }

  /** Runs whose worker stopped holding them (its lease ran out) fail: Run again starts anew. */
  private async failLost() {
    const lost = await this.deps.db
      .update(padRun)
      .set({ status: 'failed', output: LOST_RUN, finishedAt: new Date(), leaseUntil: null })
      .where(and(eq(padRun.status, 'running'), sql`${padRun.leaseUntil} < now()`))
      .returning({ id: padRun.id, padId: padRun.padId });
    for (const run of lost) await this.announce(run.padId, run.id);
  }

  private async execute(run: { id: string; padId: string }) {
    const mine = and(
      eq(padRun.id, run.id),
      eq(padRun.workerId, this.workerId),
      eq(padRun.status, 'running'),
    );
    await this.announce(run.padId, run.id);
    const renew = setInterval(() => {
      void this.deps.db
        .update(padRun)
        .set({ leaseUntil: new Date(Date.now() + this.leaseMs) })
        .where(mine)
        .catch(() => {});
    }, this.leaseMs / 3);
    // The output reaches everyone in the pad as it comes (pad.output signals, in pieces);
    // the run's row gets the whole of it at the end.
    const output = new OutputBatcher(({ offset, text }) =>
      this.deps.bus.publish({
        audience: {},
        event: { type: 'pad.output', padId: run.padId, runId: run.id, offset, text },
      }),
    );
    let outcome: RunOutcome;
    try {
      outcome = await this.outcomeOf(run.padId, (chunk) => output.push(chunk));
    } catch (error) {
      this.deps.logger.error({ err: error, runId: run.id }, 'pad run failed to execute');
      outcome = failed('The code could not be run. Try again.');
    } finally {
      clearInterval(renew);
      await output.end();
    }
    await this.deps.db
      .update(padRun)
      .set({
        status: outcome.status === 'error' ? 'failed' : 'done',
        output: outcome.output.replace(/\0/g, ''),
        passed: outcome.passed,
        failed: outcome.failed,
        finishedAt: new Date(),
        leaseUntil: null,
      })
      .where(mine);
    await this.announce(run.padId, run.id);
  }

  /** The pad's files as they are now, run in its language. */
  private async outcomeOf(padId: string, onOutput: (chunk: Buffer) => void): Promise<RunOutcome> {
    const status = this.sandbox();
    if (!status.available) return failed(status.reason ?? 'The sandbox is not available');
    const [row] = await this.deps.db
      .select({ language: pad.language })
      .from(pad)
      .where(eq(pad.id, padId));
    if (!row) return failed('The pad no longer exists');
    const doc = await loadDoc(this.deps.db, padId);
    const files = filesOf(doc);
    doc.destroy();
    return this.runner(files, LANGUAGE_RUNNERS[row.language], onOutput);
  }

  private announce(padId: string, runId: string) {
    return this.deps.bus
      .publish({ audience: {}, event: { type: 'pad.run', padId, runId } })
      .catch(() => {});
  }
}
