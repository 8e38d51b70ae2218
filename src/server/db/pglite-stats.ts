/**
 * Where the embedded database's time goes, for the bench (bench/soak.ts): off unless a
 * bench turns it on before the database opens. The worker (db/pglite-worker.ts) runs one
 * statement at a time, so a call's start is the later of its post and the previous call's
 * end there: what lies before is queueing, what lies after is the database's own work.
 */
import { createHistogram } from 'node:perf_hooks';
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

/**
 * A distribution of milliseconds in fixed memory (node's HdrHistogram, microseconds, three
 * significant figures). Arrays of every value grew the soak server's heap by ~35 MB over ten
 * minutes at ~1,000 requests/s: the bench's own figures read as the server's growth.
 */
export class Spread {
  private histogram = createHistogram();

  add(ms: number) {
    this.histogram.record(Math.max(1, Math.round(ms * 1000)));
  }

  get count() {
    return this.histogram.count;
  }

  /** Mean, percentiles and max, in milliseconds rounded to 0.01. */
  summary() {
    const h = this.histogram;
    const round = (us: number) => (h.count === 0 ? 0 : Math.round(us / 10) / 100);
    return {
      mean: round(h.mean),
      p50: round(h.percentile(50)),
      p90: round(h.percentile(90)),
      p99: round(h.percentile(99)),
      max: round(h.max),
    };
  }
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
  private waits = new Spread();
  private execs = new Spread();
  private replies = new Spread();
  /** Counts, kept as milliseconds would be (the same histogram). */
  private queues = new Spread();
  private execTotal = 0;
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
    this.waits.add(wait);
    this.execs.add(exec);
    this.execTotal += exec;
    this.replies.add(Math.max(0, call.answeredAt - call.doneAt));
    this.queues.add(call.queued);
    const summary = this.byLabel.get(call.label) ?? { count: 0, execMs: 0, waitMs: 0 };
    summary.count += 1;
    summary.execMs += exec;
    summary.waitMs += wait;
    this.byLabel.set(call.label, summary);
  }

  reset(now: number) {
    this.waits = new Spread();
    this.execs = new Spread();
    this.replies = new Spread();
    this.queues = new Spread();
    this.execTotal = 0;
    this.byLabel.clear();
    this.since = now;
    this.utilizationAtReset = this.worker?.performance.eventLoopUtilization();
  }

  /** The figures since the last reset; `top` statements by the worker's time spent on them. */
  report(now: number, top = 15) {
    const elapsedMs = now - this.since;
    const execTotal = this.execTotal;
    const utilization = this.worker?.performance.eventLoopUtilization(this.utilizationAtReset);
    return {
      /** The worker's event loop busy share (its thread's own measure, idle = waiting for posts). */
      workerUtilization: utilization ? Math.round(utilization.utilization * 1000) / 1000 : null,
      calls: this.execs.count,
      elapsedMs: Math.round(elapsedMs),
      /** The share of the time the worker spent on statements (its busy share). */
      busyShare: Math.round((execTotal / Math.max(1, elapsedMs)) * 1000) / 1000,
      waitMs: this.waits.summary(),
      execMs: this.execs.summary(),
      answerMs: this.replies.summary(),
      queued: this.queues.summary(),
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
