/**
 * The database worker's code (db/pglite-worker.ts starts it): plain CommonJS run with
 * `eval`, so the same text works from the sources (tsx, vitest) and from the compiled server.
 */
export const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite, protocol } = require(workerData.pglitePath);
const { serialize, Parser } = protocol;
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

/**
 * Statements as named prepared statements, each sent as one protocol message whose raw answer
 * goes back to the server's thread untouched (db/pglite-results.ts reads it there).
 * PGlite's own query() makes six trips into PostgreSQL per statement (parse, describe,
 * bind, describe, execute, sync), has it parsed and planned each time, and builds every row
 * as an object here that is then copied to the other thread; this is one trip, planned once
 * per statement text, and the answer's bytes are moved, not copied
 * (docs/decisions/029-request-cost-2.md, fourth round).
 */
const MAX_PREPARED = 1000;
const prepared = new Map();
const unused = [];
let nextStatement = 1;

/** Whether the answer holds an ErrorResponse (its messages' headers walked, nothing parsed). */
function hasError(raw) {
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  for (let at = 0; at + 5 <= raw.length; at += 1 + view.getInt32(at + 1)) {
    if (raw[at] === 0x45) return true;
  }
  return false;
}

/**
 * One protocol exchange, its answer's bytes as they are. PGlite's execProtocolRaw() also
 * parses every message of the answer into objects (rows as strings) and keeps them in a list
 * that only its own query() empties: on this path nothing empties it, and under load they
 * were most of what this thread promoted to its old space (its heap rose from ~35 to ~115 MB
 * and fell every half minute). The stream variant hands over the bytes alone.
 */
async function exchange(bytes) {
  const chunks = [];
  await client.execProtocolRawStream(bytes, {
    syncToFs: false,
    // A view of PostgreSQL's output buffer, reused: copied before the next write.
    onRawData: (chunk) => chunks.push(chunk.slice()),
  });
  if (chunks.length === 1) return chunks[0];
  const raw = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    raw.set(chunk, at);
    at += chunk.length;
  }
  return raw;
}

/** The statement's name, parameter types and result columns; prepared on first use. */
async function prepare(text) {
  const known = prepared.get(text);
  if (known) return known;
  const name = 'tf' + nextStatement++;
  // The statements dropped from the cache are closed on the way (Close runs before Parse).
  const parts = unused.splice(0).map((old) => serialize.close({ type: 'S', name: old }));
  parts.push(serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync());
  const raw = await exchange(Buffer.concat(parts));
  let types = [];
  let fields = [];
  let error;
  new Parser().parse(raw, (message) => {
    if (message.name === 'error') error ??= message;
    else if (message.name === 'parameterDescription') types = message.dataTypeIDs;
    else if (message.name === 'rowDescription')
      fields = message.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));
  });
  if (error) {
    error.query = text;
    throw error;
  }
  const statement = { name, types, fields };
  prepared.set(text, statement);
  if (prepared.size > MAX_PREPARED) {
    const [oldest, { name: oldName }] = prepared.entries().next().value;
    prepared.delete(oldest);
    unused.push(oldName);
  }
  return statement;
}

/**
 * DISCARD ALL and DEALLOCATE ALL drop every prepared statement of the session: the cache is
 * emptied with them, or its next use would name a statement PostgreSQL no longer has.
 */
const DROPS_PREPARED = /^\\s*(discard\\s+all|deallocate\\s+(prepare\\s+)?all)\\s*;?\\s*$/i;
function forgetPreparedIf(text) {
  if (!DROPS_PREPARED.test(text)) return;
  prepared.clear();
  unused.length = 0;
}

/** Whether a query can take the prepared path: PGlite's options other than these need its own. */
const plain = (options) =>
  !options || Object.keys(options).every((key) => key === 'rowMode' || key === 'rawTypes');

/**
 * As PGlite's query(): outside a transaction it waits for an open one (the transaction
 * lock) and is written to disk before it is answered; inside, it runs on the transaction.
 */
function queryPrepared(message) {
  const inTransaction = Boolean(message.tx);
  const run = async () => {
    const statement = await prepare(message.text);
    const values = (message.params || []).map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = client.serializers[statement.types[i]];
      return serializer ? serializer(value) : value.toString();
    });
    const raw = await exchange(
      Buffer.concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
    if (!inTransaction) await client.syncToFs();
    forgetPreparedIf(message.text);
    // After an error the statement is prepared afresh next time: one whose table changed shape
    // under it ("cached plan must not change result type") would otherwise fail for good.
    if (hasError(raw)) {
      prepared.delete(message.text);
      unused.push(statement.name);
    }
    return { raw, fields: statement.fields };
  };
  return inTransaction
    ? client._runExclusiveQuery(run)
    : client._runExclusiveTransaction(() => client._runExclusiveQuery(run));
}

async function handle(message) {
  switch (message.op) {
    case 'ready': {
      await client.waitReady;
      // The array types PGlite parses (its _initArrayTypes), for the server's thread to parse alike.
      const { rows } = await client.query(
        'select b.oid, b.typarray from pg_catalog.pg_type a left join pg_catalog.pg_type b on b.oid = a.typelem ' +
          "where a.typcategory = 'A' group by b.oid, b.typarray order by b.oid",
      );
      return { arrayTypes: rows };
    }
    case 'query': {
      if (plain(message.options)) return queryPrepared(message);
      const target = message.tx ? transactions.get(message.tx).tx : client;
      const results = await target.query(message.text, message.params, optionsOf(message.options));
      forgetPreparedIf(message.text);
      return results;
    }
    case 'exec': {
      const target = message.tx ? transactions.get(message.tx).tx : client;
      const results = await target.exec(message.text, optionsOf(message.options));
      forgetPreparedIf(message.text);
      return results;
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
    case 'memory': {
      // This thread's own V8 heap (the server's process.memoryUsage() counts only its own).
      const { heapUsed, heapTotal } = process.memoryUsage();
      return { heapUsed, heapTotal };
    }
    case 'close':
      await client.close();
      return null;
    default:
      throw new Error('unknown operation ' + message.op);
  }
}

// With the bench's statistics on (db/pglite-stats.ts), each answer says when it was done.
const { performance } = require('node:perf_hooks');
const doneAt = workerData.stats ? () => performance.timeOrigin + performance.now() : () => undefined;

parentPort.on('message', (message) => {
  handle(message).then(
    (result) => {
      try {
        const moved = result && result.raw instanceof Uint8Array ? [result.raw.buffer] : [];
        parentPort.postMessage({ id: message.id, result, doneAt: doneAt() }, moved);
      } catch (error) {
        parentPort.postMessage({ id: message.id, error: errorOf(error) });
      }
    },
    (error) => parentPort.postMessage({ id: message.id, error: errorOf(error), doneAt: doneAt() }),
  );
});
`;
