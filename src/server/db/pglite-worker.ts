import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import {
  defaultParsers,
  type Parser,
  type QueryOptions,
  type RawAnswer,
  type Results,
  readAnswer,
} from './pglite-results';
import { pgliteStats } from './pglite-stats';
import { WORKER_SOURCE } from './pglite-worker-source';

/**
 * The embedded database on a thread of its own: PGlite (PostgreSQL in WebAssembly, about
 * half of a request's CPU under load) runs in a worker thread, and the server's thread
 * talks to it over the worker's MessagePort. HTTP, JSON, auth and drizzle keep one core
 * and PostgreSQL gets the other (docs/decisions/029-request-cost-2.md).
 *
 * What drizzle, the migrator, `rawQuery`, the maintenance and the backup call on a PGlite
 * is what `PgliteThread` offers: query, exec, transaction, dumpDataDir, close, waitReady.
 * The worker keeps PGlite's rules: a statement outside a transaction waits until an open
 * one ends (PGlite's own locks), and a transaction's statements run on it in the order they
 * were sent. A write is answered only after PGlite has written it to disk, as on the
 * server's thread: kill -9 loses nothing that was acknowledged. The lock file stays with
 * the process (db/client.ts). A query runs as a prepared statement whose raw answer this
 * thread reads (db/pglite-worker-source.ts, db/pglite-results.ts).
 */
/** PostgreSQL's settings on top of PGlite's defaults; see the worker's startParams. */
export const PGLITE_START_PARAMS = ['-c', 'shared_buffers=32MB'];

export type { QueryOptions, Results };

/** The part of a PGlite transaction drizzle and the app use. */
export interface PgliteThreadTransaction {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string, options?: QueryOptions): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

let paths: Record<string, string> | undefined;
let compiledModule: Promise<WebAssembly.Module> | undefined;
/**
 * PostgreSQL's WebAssembly, compiled once per process and handed to every database thread:
 * a thread that compiles its own spends about a CPU-second on it (the optimising tier
 * included), which a process opening many databases (the test suites: one per file) pays
 * every time. Threads share the compiled code of one module.
 */
export function compiledPglite(): Promise<WebAssembly.Module> {
  compiledModule ??= readFile(
    path.join(path.dirname(pgliteModulePaths().pglitePath!), 'pglite.wasm'),
  ).then((bytes) => WebAssembly.compile(bytes));
  return compiledModule;
}

/** PGlite's CommonJS build by absolute path (the worker runs from no file of its own). */
export const pgliteModulePaths = () => {
  const require = createRequire(import.meta.url);
  paths ??= {
    pglitePath: require.resolve('@electric-sql/pglite'),
    pgTrgmPath: require.resolve('@electric-sql/pglite/contrib/pg_trgm'),
    drizzlePath: require.resolve('drizzle-orm/pglite'),
    migratorPath: require.resolve('drizzle-orm/pglite/migrator'),
  };
  return paths;
};

/** Applies drizzle's parsers (functions stay on this thread) to the values sent as text. */
function parse<T>(result: Results<T>, options?: QueryOptions): Results<T> {
  const parsers = options?.parsers;
  if (!parsers) return result;
  const columns = result.fields
    .map((field, index) => ({ field, index, parser: parsers[field.dataTypeID] }))
    .filter((c) => c.parser);
  if (columns.length === 0) return result;
  for (const row of result.rows as unknown as Record<string | number, unknown>[]) {
    for (const { field, index, parser } of columns) {
      const key = options?.rowMode === 'array' ? index : field.name;
      const value = row[key];
      if (value !== null && value !== undefined)
        row[key] = parser!(value as string, field.dataTypeID);
    }
  }
  return result;
}

/** Whether all the options are applied on this thread (db/pglite-results.ts). */
const onThisThread = (options?: QueryOptions) =>
  !options || Object.keys(options).every((key) => key === 'rowMode' || key === 'parsers');

/** Options as they can cross to the worker: parsers named by type, not sent as functions. */
function portable(options?: QueryOptions) {
  if (!options) return undefined;
  const { parsers, ...rest } = options;
  return parsers ? { ...rest, rawTypes: Object.keys(parsers).map(Number) } : rest;
}

/** A PGlite-like client whose database runs in a worker thread. */
export class PgliteThread {
  private readonly worker: Worker;
  private readonly pending = new Map<
    number,
    {
      resolve: (value: unknown) => void;
      reject: (error: Error) => void;
      timing?: { label: string; postedAt: number; queued: number };
    }
  >();
  private readonly stats = pgliteStats.enabled;
  private nextId = 1;
  private nextTx = 1;
  private failure: Error | null = null;
  /** PGlite's type parsers, for the answers read on this thread (db/pglite-results.ts). */
  private parsers: Record<number, Parser> = {};
  readonly waitReady: Promise<void>;

  /** `dataDir` for a database on disk; none for one in memory (optionally from a dump). */
  constructor(options: {
    dataDir?: string;
    template?: { bytes: Uint8Array; type: string };
    /** PostgreSQL's WebAssembly already compiled (compiledPglite); compiled afresh without. */
    wasmModule?: WebAssembly.Module;
  }) {
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      // The worker's garbage is short-lived (protocol messages, answers): a small young
      // generation collects it sooner, ~20 MB less resident under the soak (decision 029).
      resourceLimits: { maxYoungGenerationSizeMb: 8 },
      workerData: {
        ...pgliteModulePaths(),
        startParams: PGLITE_START_PARAMS,
        stats: this.stats,
        dataDir: options.dataDir,
        template: options.template,
        wasmModule: options.wasmModule,
      },
    });
    if (this.stats) {
      pgliteStats.worker = this.worker;
      pgliteStats.workerMemory = () => this.heapUsage();
    }
    // Idle, the worker keeps no process alive (as PGlite on the main thread did not).
    this.worker.unref();
    this.worker.on(
      'message',
      (message: { id: number; result?: unknown; error?: unknown; doneAt?: number }) => {
        const call = this.pending.get(message.id);
        if (!call) return;
        this.pending.delete(message.id);
        if (call.timing && message.doneAt)
          pgliteStats.record({
            ...call.timing,
            doneAt: message.doneAt,
            answeredAt: performance.timeOrigin + performance.now(),
          });
        if (this.pending.size === 0) this.worker.unref();
        if (message.error) call.reject(toError(message.error));
        else call.resolve(message.result);
      },
    );
    const fail = (error: Error) => {
      this.failure ??= error;
      for (const call of this.pending.values()) call.reject(error);
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`the database thread ended (${code})`)));
    this.waitReady = this.call<{ arrayTypes: { oid: number; typarray: number }[] }>({
      op: 'ready',
    }).then(({ arrayTypes }) => {
      this.parsers = defaultParsers(arrayTypes);
    });
  }

  private call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timing = this.stats
        ? {
            label: pgliteStats.label(String(message.op), message.text),
            postedAt: performance.timeOrigin + performance.now(),
            queued: this.pending.size,
          }
        : undefined;
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, timing });
      // While a call is out, the process waits for its answer.
      if (this.pending.size === 1) this.worker.ref();
      this.worker.postMessage({ ...message, id });
    });
  }

  /** The worker's own V8 heap, in bytes (its isolate's; not in this thread's memoryUsage()). */
  heapUsage(): Promise<{ heapUsed: number; heapTotal: number }> {
    return this.call({ op: 'memory' });
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.send<T>(text, params, options);
  }

  exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.sendExec(text, options);
  }

  // A transaction's statements go through these, not through the public methods above.
  private async send<T>(
    text: string,
    params?: unknown[],
    options?: QueryOptions,
    tx?: number,
  ): Promise<Results<T>> {
    const result = await this.call<Results<T> | RawAnswer>({
      op: 'query',
      text,
      params,
      // The row shape and drizzle's parsers apply here, to the raw answer: nothing to send.
      options: onThisThread(options) ? undefined : portable(options),
      tx,
    });
    if (!('raw' in result)) return parse(result, options);
    const read = readAnswer<T>(result, text, options, this.parsers);
    if ('error' in read) throw toError(read.error);
    return read;
  }

  private async sendExec(text: string, options?: QueryOptions, tx?: number): Promise<Results[]> {
    const results = await this.call<Results[]>({
      op: 'exec',
      text,
      options: portable(options),
      tx,
    });
    return results.map((r) => parse(r, options));
  }

  /** As PGlite's: committed when `body` returns, rolled back when it throws. */
  async transaction<T>(body: (tx: PgliteThreadTransaction) => Promise<T>): Promise<T> {
    const id = this.nextTx++;
    await this.call({ op: 'begin', tx: id });
    let closed = false;
    const ensureOpen = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: PgliteThreadTransaction = {
      query: <R>(text: string, params?: unknown[], options?: QueryOptions) => {
        ensureOpen();
        return this.send<R>(text, params, options, id);
      },
      exec: (text: string, options?: QueryOptions) => {
        ensureOpen();
        return this.sendExec(text, options, id);
      },
      rollback: async () => {
        ensureOpen();
        closed = true;
        await this.call({ op: 'end', tx: id, commit: false });
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await body(tx);
    } catch (error) {
      if (!closed) {
        closed = true;
        await this.call({ op: 'end', tx: id, commit: false });
      }
      throw error;
    }
    if (!closed) {
      closed = true;
      await this.call({ op: 'end', tx: id, commit: true });
    }
    return result;
  }

  /** Runs drizzle's migrations from the folder on the database's own thread. */
  migrate(migrationsFolder: string): Promise<void> {
    return this.call({ op: 'migrate', migrationsFolder });
  }

  /** PGlite's dump of its data directory (a tarball), as a File like PGlite's own. */
  async dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<File> {
    const dump = await this.call<{ bytes: Uint8Array; type: string; name?: string }>({
      op: 'dump',
      compression,
    });
    return new File([dump.bytes as Uint8Array<ArrayBuffer>], dump.name ?? 'pgdata.tar', {
      type: dump.type,
    });
  }

  async close(): Promise<void> {
    try {
      await this.call({ op: 'close' });
    } finally {
      await this.worker.terminate();
    }
  }
}

/** The worker's error again as an Error, with PostgreSQL's fields (code, detail …) on it. */
function toError(sent: unknown): Error {
  const { message, name, ...fields } = sent as Record<string, unknown>;
  const error = new Error(String(message));
  if (typeof name === 'string') error.name = name;
  return Object.assign(error, fields);
}
