import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * The embedded database on a thread of its own: PGlite (PostgreSQL in WebAssembly, about
 * half of a request's CPU under load) runs in a worker thread, and the server's thread
 * talks to it over the worker's MessagePort. HTTP, JSON, auth and drizzle keep one core
 * and PostgreSQL gets the other (docs/decisions/029-request-cost-2.md).
 *
 * What drizzle, the migrator, `rawQuery`, the maintenance and the backup call on a PGlite
 * is what `PgliteThread` offers: query, exec, transaction, dumpDataDir, close, waitReady.
 * The worker calls PGlite's own methods, so its rules hold as before: a statement outside
 * a transaction waits until an open one ends (PGlite's exclusive transaction), and a
 * transaction's statements run on it in the order they were sent. A write is answered only
 * after PGlite has written it to disk, as on the server's thread: kill -9 loses nothing
 * that was acknowledged. The lock file stays with the process (db/client.ts).
 *
 * The worker's code is plain CommonJS run with `eval`, so the same file works from the
 * sources (tsx, vitest) and from the compiled server (as features/resumes/pdf-text.ts).
 */
/** PostgreSQL's settings on top of PGlite's defaults; see the worker's startParams. */
export const PGLITE_START_PARAMS = ['-c', 'shared_buffers=32MB'];

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require(workerData.pglitePath);
const { pg_trgm } = require(workerData.pgTrgmPath);

const ROLLBACK = Symbol('rollback');
const transactions = new Map();

const errorOf = (error) => {
  const out = { message: String((error && error.message) || error), name: error && error.name };
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) {
      if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = value;
    }
  }
  return out;
};

/** Drizzle's type parsers are functions, which cannot cross threads: the worker hands those
 * types over as text and the server's thread applies them. */
const optionsOf = (options) => {
  if (!options) return undefined;
  const { rawTypes, ...rest } = options;
  if (!rawTypes) return rest;
  const parsers = {};
  for (const type of rawTypes) parsers[type] = (value) => value;
  return { ...rest, parsers };
};

const { dataDir, template, wasmModule } = workerData;
const extensions = { pg_trgm };
/** PostgreSQL's shared buffers live in the WebAssembly memory, resident once touched; the
 * default 128 MB outgrows what an embedded database caches usefully (the pages are in the
 * OS's file cache anyway): a smaller pool keeps RSS down (docs/decisions/029). */
const startParams = [...PGlite.defaultStartParams, ...workerData.startParams];
const compiled = wasmModule ? { pgliteWasmModule: wasmModule } : {};
const client = dataDir
  ? new PGlite(dataDir, { ...compiled, relaxedDurability: false, extensions, startParams })
  : new PGlite({
      ...compiled,
      extensions,
      startParams,
      ...(template ? { loadDataDir: new Blob([template.bytes], { type: template.type }) } : {}),
    });

async function handle(message) {
  switch (message.op) {
    case 'ready':
      await client.waitReady;
      return null;
    case 'query': {
      const target = message.tx ? transactions.get(message.tx).tx : client;
      return target.query(message.text, message.params, optionsOf(message.options));
    }
    case 'exec': {
      const target = message.tx ? transactions.get(message.tx).tx : client;
      return target.exec(message.text, optionsOf(message.options));
    }
    case 'begin':
      return new Promise((begun, failed) => {
        const done = client.transaction(async (tx) => {
          const outcome = new Promise((resolve) => {
            transactions.set(message.tx, { tx, end: resolve });
          });
          begun(null);
          const commit = await outcome;
          transactions.delete(message.tx);
          if (!commit) throw ROLLBACK;
        });
        done.catch(() => {});
        transactions.set('done:' + message.tx, done);
        done.then(undefined, (error) => failed(error));
      });
    case 'end': {
      const done = transactions.get('done:' + message.tx);
      transactions.delete('done:' + message.tx);
      transactions.get(message.tx)?.end(message.commit);
      try {
        await done;
      } catch (error) {
        if (error !== ROLLBACK) throw error;
      }
      return null;
    }
    case 'migrate': {
      // Here, not from the server's thread: a migration is hundreds of statements, and each
      // would otherwise wait for both threads to be scheduled (seconds on a busy machine).
      const { drizzle } = require(workerData.drizzlePath);
      const { migrate } = require(workerData.migratorPath);
      await migrate(drizzle(client), { migrationsFolder: message.migrationsFolder });
      return null;
    }
    case 'dump': {
      const blob = await client.dumpDataDir(message.compression);
      return { bytes: new Uint8Array(await blob.arrayBuffer()), type: blob.type, name: blob.name };
    }
    case 'close':
      await client.close();
      return null;
    default:
      throw new Error('unknown operation ' + message.op);
  }
}

parentPort.on('message', (message) => {
  handle(message).then(
    (result) => {
      try {
        parentPort.postMessage({ id: message.id, result });
      } catch (error) {
        parentPort.postMessage({ id: message.id, error: errorOf(error) });
      }
    },
    (error) => parentPort.postMessage({ id: message.id, error: errorOf(error) }),
  );
});
`;

type Parser = (value: string, type: number) => unknown;
export interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, Parser>;
  [key: string]: unknown;
}
interface Field {
  name: string;
  dataTypeID: number;
}
export interface Results<T = Record<string, unknown>> {
  rows: T[];
  fields: Field[];
  affectedRows?: number;
}

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
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  private nextId = 1;
  private nextTx = 1;
  private failure: Error | null = null;
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
      workerData: {
        ...pgliteModulePaths(),
        startParams: PGLITE_START_PARAMS,
        dataDir: options.dataDir,
        template: options.template,
        wasmModule: options.wasmModule,
      },
    });
    // Idle, the worker keeps no process alive (as PGlite on the main thread did not).
    this.worker.unref();
    this.worker.on('message', (message: { id: number; result?: unknown; error?: unknown }) => {
      const call = this.pending.get(message.id);
      if (!call) return;
      this.pending.delete(message.id);
      if (this.pending.size === 0) this.worker.unref();
      if (message.error) call.reject(toError(message.error));
      else call.resolve(message.result);
    });
    const fail = (error: Error) => {
      this.failure ??= error;
      for (const call of this.pending.values()) call.reject(error);
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`the database thread ended (${code})`)));
    this.waitReady = this.call({ op: 'ready' }).then(() => {});
  }

  private call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      // While a call is out, the process waits for its answer.
      if (this.pending.size === 1) this.worker.ref();
      this.worker.postMessage({ ...message, id });
    });
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
    const result = await this.call<Results<T>>({
      op: 'query',
      text,
      params,
      options: portable(options),
      tx,
    });
    return parse(result, options);
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
