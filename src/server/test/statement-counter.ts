import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from '../db/client';

type Fn = (...args: unknown[]) => unknown;
type Client = Record<string, Fn>;

/**
 * Counts the SQL statements a database connection sends while a recording is on, on both
 * drivers: every path the app reaches the database through (the query builder, `rawQuery`,
 * `database.query`) ends in the one client object this wraps. A transaction counts its
 * BEGIN and COMMIT too: each is a round trip to the database like any other statement.
 * Only what the recorded action itself causes counts (an async context follows it), not
 * what a background worker (the mailer, the digest) sends meanwhile.
 */
export function countStatements(database: Database) {
  let counter = counters.get(database);
  if (!counter) {
    counter = wrapDatabase(database);
    counters.set(database, counter);
  }
  return counter;
}

/** One set of wrappers per database, however often it is counted. */
const counters = new WeakMap<Database, ReturnType<typeof wrapDatabase>>();

function wrapDatabase(database: Database) {
  const client = (database.db as unknown as { session: { client: Client } }).session.client;
  const recording = new AsyncLocalStorage<string[]>();
  const note = (text: unknown) => {
    recording.getStore()?.push(String(text).trim());
  };
  const wrap = (target: Client, names: string[]) => {
    for (const name of names) {
      const original = target[name]!;
      target[name] = function (this: unknown, ...args: unknown[]) {
        note(args[0]);
        return original.apply(this, args);
      };
    }
  };

  if (database.kind === 'pglite') {
    wrap(client, ['query', 'exec']);
    const transaction = client.transaction!;
    client.transaction = function (this: unknown, ...args: unknown[]) {
      const body = args[0] as (tx: Client) => Promise<unknown>;
      note('BEGIN');
      return transaction.call(this, async (tx: Client) => {
        wrap(tx, ['query', 'exec']);
        const result = await body(tx);
        note('COMMIT');
        return result;
      }) as Promise<unknown>;
    };
  } else {
    // postgres.js: `unsafe` on the pool and on each transaction's connection.
    wrap(client, ['unsafe']);
    const begin = client.begin!;
    client.begin = function (this: unknown, ...args: unknown[]) {
      const body = args[args.length - 1] as (tx: Client) => Promise<unknown>;
      // No note of BEGIN here: postgres.js sends its `begin` through the pool's `unsafe`,
      // which is counted above (noting it too counted every transaction's BEGIN twice).
      return begin.call(this, ...args.slice(0, -1), async (tx: Client) => {
        wrap(tx, ['unsafe']);
        const result = await body(tx);
        note('COMMIT');
        return result;
      });
    };
  }

  return {
    /** The statements sent while `action` ran. */
    async during(action: () => Promise<unknown>): Promise<string[]> {
      const statements: string[] = [];
      await recording.run(statements, action);
      return statements;
    },
  };
}
