/**
 * Where the embedded database's time goes, for the bench (bench/soak.ts): off unless a
 * bench turns it on before the database opens. The worker (db/pglite-worker.ts) runs one
 * statement at a time, so a call's start is the later of its post and the previous call's
 * end there: what lies before is queueing, what lies after is the database's own work.
 */
import type { Worker } from 'node:worker_threads';

export interface CallTiming {
  /** The statement (or operation) as sent. */
  label: string;
  /** performance.timeOrigin + now() on the server's thread when posted. */
  postedAt: number;
  /** Calls already out when this one was posted (the worker's queue as this thread sees it). */
  queued: number;
  /** When the worker had finished it, on the same clock. */
  doneAt: number;
  /** When its answer was back on the server's thread. */
  answeredAt: number;
}

interface Summary {
  count: number;
  execMs: number;
  waitMs: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? 0
    : sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

/** Distribution of a sample, in milliseconds rounded to 0.01. */
function spread(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  const total = sorted.reduce((sum, v) => sum + v, 0);
  return {
    mean: round(total / Math.max(1, sorted.length)),
    p50: round(percentile(sorted, 50)),
    p90: round(percentile(sorted, 90)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
  };
}

/** A statement's text as one line, its first 120 characters (enough to tell routes apart). */
const labelOf = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 120);

type Utilization = ReturnType<Worker['performance']['eventLoopUtilization']>;

class PgliteStats {
  enabled = false;
  /** The database's worker (the last opened), for its event-loop utilization. */
  worker: Worker | undefined;
  /** The worker's own V8 heap (process.memoryUsage() there), set with `worker`. */
  workerMemory: (() => Promise<{ heapUsed: number; heapTotal: number }>) | undefined;
  private utilizationAtReset: Utilization | undefined;
  private lastDone = 0;
  private waits: number[] = [];
  private execs: number[] = [];
  private replies: number[] = [];
  private queues: number[] = [];
  private byLabel = new Map<string, Summary>();
  private since = 0;

  label(op: string, text?: unknown) {
    return typeof text === 'string' ? labelOf(text) : op;
  }

  record(call: CallTiming) {
    const start = Math.max(call.postedAt, this.lastDone);
    this.lastDone = Math.max(this.lastDone, call.doneAt);
    const exec = Math.max(0, call.doneAt - start);
    const wait = Math.max(0, start - call.postedAt);
    this.waits.push(wait);
    this.execs.push(exec);
    this.replies.push(Math.max(0, call.answeredAt - call.doneAt));
    this.queues.push(call.queued);
    const summary = this.byLabel.get(call.label) ?? { count: 0, execMs: 0, waitMs: 0 };
    summary.count += 1;
    summary.execMs += exec;
    summary.waitMs += wait;
    this.byLabel.set(call.label, summary);
  }

  reset(now: number) {
    this.waits = [];
    this.execs = [];
    this.replies = [];
    this.queues = [];
    this.byLabel.clear();
    this.since = now;
    this.utilizationAtReset = this.worker?.performance.eventLoopUtilization();
  }

  /** The figures since the last reset; `top` statements by the worker's time spent on them. */
  report(now: number, top = 15) {
    const elapsedMs = now - this.since;
    const execTotal = this.execs.reduce((sum, v) => sum + v, 0);
    const utilization = this.worker?.performance.eventLoopUtilization(this.utilizationAtReset);
    return {
      /** The worker's event loop busy share (its thread's own measure, idle = waiting for posts). */
      workerUtilization: utilization ? Math.round(utilization.utilization * 1000) / 1000 : null,
      calls: this.execs.length,
      elapsedMs: Math.round(elapsedMs),
      /** The share of the time the worker spent on statements (its busy share). */
      busyShare: Math.round((execTotal / Math.max(1, elapsedMs)) * 1000) / 1000,
      waitMs: spread(this.waits),
      execMs: spread(this.execs),
      answerMs: spread(this.replies),
      queued: spread(this.queues),
      top: [...this.byLabel.entries()]
        .sort((a, b) => b[1].execMs - a[1].execMs)
        .slice(0, top)
        .map(([label, s]) => ({
          label,
          count: s.count,
          execShare: Math.round((s.execMs / Math.max(1, execTotal)) * 1000) / 1000,
          execMeanMs: Math.round((s.execMs / s.count) * 100) / 100,
          waitMeanMs: Math.round((s.waitMs / s.count) * 100) / 100,
        })),
    };
  }
}

/** One per process: the bench turns it on (enabled = true) before opening the database. */
export const pgliteStats = new PgliteStats();
