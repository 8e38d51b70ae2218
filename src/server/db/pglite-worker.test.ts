import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledPglite, PgliteThread } from './pglite-worker';

/**
 * The database's worker answers a statement from a prepared statement's raw protocol bytes,
 * read on this thread (db/pglite-results.ts): what comes back must be what PGlite's own
 * query() gives, value for value, for every type the app reads, and its errors alike.
 */
const SETUP = `
  create table sample (
    id text primary key, n int, big bigint, ok boolean, doc jsonb, plain json, at timestamptz,
    day date, tags text[], counts int[], price numeric(10, 2), ratio float8, blob bytea,
    key uuid, span interval
  );
  insert into sample values
    ('a', 1, 9007199254740993, true, '{"x": [1, "é"]}', '{"y": null}', '2026-11-28 12:00:00.123+00',
     '2026-11-28', '{"one", "t,wo", null}', '{1, 2}', 12.50, 0.25, '\\x00ff',
     'f47ac10b-58cc-4372-a567-0e02b2c3d479', '1 day 02:00:00'),
    ('b', null, null, null, null, null, null, null, null, null, null, null, null, null, null);
`;

const QUERIES: [string, unknown[]][] = [
  ['select * from sample order by id', []],
  ['select id, n from sample where id = $1', ['a']],
  ['select id from sample where id = any($1)', [['a', 'b']]],
  [
    'select $1::timestamptz as at, $2::jsonb as doc',
    [new Date('2026-01-02T03:04:05.678Z'), { k: [1] }],
  ],
  ['select count(*)::int as c from sample where tags @> $1', [['one']]],
  ['select id from sample where false', []],
];

describe.skipIf(process.env.TEST_DATABASE_URL)('the database worker', { timeout: 60_000 }, () => {
  let direct: PGlite;
  let thread: PgliteThread;
  beforeAll(async () => {
    direct = new PGlite();
    thread = new PgliteThread({ wasmModule: await compiledPglite() });
    await Promise.all([direct.waitReady, thread.waitReady]);
    await direct.exec(SETUP);
    await thread.exec(SETUP);
  });
  afterAll(async () => {
    await direct?.close();
    await thread?.close();
  });

  it('answers every type as PGlite does, as objects and as arrays, twice (prepared)', async () => {
    const identity = (value: string) => value;
    for (const options of [
      undefined,
      { rowMode: 'array' as const },
      { parsers: { 1184: identity } },
    ]) {
      for (const [text, params] of QUERIES) {
        const expected = await direct.query(text, params, options);
        for (let i = 0; i < 2; i++) {
          const got = await thread.query(text, params, options);
          expect(got).toEqual(expected);
        }
      }
    }
  });

  it('counts the rows a write affected, as PGlite does', async () => {
    for (const text of [
      `insert into sample (id, n) values ('c', 3), ('d', 4)`,
      `update sample set n = n + 1 where id in ('c', 'd')`,
      `update sample set n = 0 where id = 'c' returning id, n`,
      `delete from sample where id in ('c', 'd')`,
    ]) {
      expect(await thread.query(text)).toEqual(await direct.query(text));
    }
  });

  it('raises PostgreSQL errors with their fields, and a transaction after one still works', async () => {
    const failing = `insert into sample (id) values ('a')`;
    const expected = await direct.query(failing).catch((error: Error) => error);
    const got = await thread.query(failing).catch((error: Error) => error);
    expect(got).toBeInstanceOf(Error);
    expect(got).toMatchObject({
      message: (expected as Error).message,
      code: '23505',
      constraint: 'sample_pkey',
      detail: 'Key (id)=(a) already exists.',
      query: failing,
    });
    await expect(thread.query('select nope from sample')).rejects.toMatchObject({ code: '42703' });

    await expect(
      thread.transaction(async (tx) => {
        await tx.query(`insert into sample (id) values ('e')`);
        await tx.query(failing);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    await thread.transaction(async (tx) => {
      await tx.query(`insert into sample (id) values ($1)`, ['f']);
    });
    const { rows } = await thread.query('select id from sample where id in ($1, $2) order by id', [
      'e',
      'f',
    ]);
    expect(rows).toEqual([{ id: 'f' }]);
  });

  it('prepares a statement afresh after its table changed shape under it', async () => {
    await thread.exec('create table shape (a int); insert into shape values (1)');
    expect((await thread.query('select * from shape')).rows).toEqual([{ a: 1 }]);
    await thread.exec('alter table shape add column b int');
    // PostgreSQL refuses the old plan once ("cached plan must not change result type").
    await thread.query('select * from shape').catch(() => {});
    expect((await thread.query('select * from shape')).rows).toEqual([{ a: 1, b: null }]);
  });

  it('keeps answering after DISCARD ALL or DEALLOCATE ALL dropped its prepared statements', async () => {
    const count = async () => (await thread.query('select count(*)::int as n from shape')).rows;
    await count();
    await thread.query('discard all');
    expect(await count()).toEqual([{ n: 1 }]);
    await thread.exec('deallocate all');
    expect(await count()).toEqual([{ n: 1 }]);
  });

  it('keeps answering as the prepared statements outnumber its cache', async () => {
    for (let i = 0; i < 1100; i++) {
      const { rows } = await thread.query(`select $1::int + ${i} as sum`, [1]);
      expect(rows).toEqual([{ sum: i + 1 }]);
    }
    const { rows } = await thread.query(`select $1::int + 0 as sum`, [2]);
    expect(rows).toEqual([{ sum: 2 }]);
  });

  it('keeps nothing of the answers it sent (their bytes go; no parsed copy stays behind)', async () => {
    // 20 answers of 4 MB each: PGlite's execProtocolRaw() also parsed each into strings and
    // kept them until its own query() ran next (80 MB held on the worker's heap).
    for (let i = 0; i < 20; i++) {
      const { rows } = await thread.query<{ text: string }>(
        `select repeat(chr(97 + $1::int), 4000000) as text`,
        [i],
      );
      expect(rows[0]?.text.length).toBe(4_000_000);
    }
    const { heapUsed } = await thread.heapUsage();
    expect(heapUsed / 1024 ** 2).toBeLessThan(40);
  });
});
