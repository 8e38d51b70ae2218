import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteTemplate } from '../test/pglite-template';
import { type Database, openDatabase } from './client';
import { parsePgArray, serializePgArray } from './pg-arrays';

describe('PostgreSQL array text form', () => {
  it('reads quoting, escapes, NULL, nesting and explicit bounds', () => {
    expect(parsePgArray('{}')).toEqual([]);
    expect(parsePgArray('{a,"b c","d\\"e","f\\\\g",NULL,"NULL"}')).toEqual([
      'a',
      'b c',
      'd"e',
      'f\\g',
      null,
      'NULL',
    ]);
    expect(parsePgArray('{{1,2},{3,4}}', Number)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(parsePgArray('[0:1]={7,8}', Number)).toEqual([7, 8]);
  });

  it('writes what it reads back', () => {
    const values = ['a', 'b c', 'd"e', 'f\\g', null, 'NULL', '{x,y}', ''];
    expect(parsePgArray(serializePgArray(values))).toEqual(values.map((v) => v));
  });
});

/** Both drivers: the embedded one always, PostgreSQL when TEST_DATABASE_URL is set. */
const drivers: [string, () => Promise<{ database: Database; drop: () => Promise<void> }>][] = [
  [
    'pglite',
    async () => ({
      // From the suites' migrated template: initdb again would cost ~5 CPU-s for nothing.
      database: await openDatabase({ dataDir: 'memory://', template: await pgliteTemplate() }),
      drop: async () => {},
    }),
  ],
];
const base = process.env.TEST_DATABASE_URL;
if (base) {
  drivers.push([
    'postgres',
    async () => {
      const name = `test_arrays_${Date.now()}`;
      const admin = postgres(base, { max: 1, onnotice: () => {} });
      await admin.unsafe(`create database "${name}"`);
      const url = new URL(base);
      url.pathname = `/${name}`;
      const database = await openDatabase({ url: url.toString(), dataDir: '', max: 2 });
      return {
        database,
        drop: async () => {
          await admin.unsafe(`drop database if exists "${name}" with (force)`);
          await admin.end();
        },
      };
    },
  ]);
}

describe.each(drivers)('arrays through %s', (_kind, open) => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await open());
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('binds a JS array as text[] and reads arrays of each kind back as JS arrays', async () => {
    const words = ['plain', 'with space', 'quote"d', 'back\\slash', 'comma,here'];
    const [row] = await database.query<Record<string, unknown>>(
      `select $1::text[] as words,
              'b c' = any($1::text[]) as "hasMissing",
              'with space' = any($1::text[]) as "hasSpace",
              array[1, 2, 3]::int4[] as ints,
              array[true, false] as flags,
              array['{"a":1}'::jsonb] as docs,
              array[null, 'x']::text[] as nulls,
              '{}'::text[] as empty`,
      [words],
    );
    expect(row).toEqual({
      words,
      hasMissing: false,
      hasSpace: true,
      ints: [1, 2, 3],
      flags: [true, false],
      docs: [{ a: 1 }],
      nulls: [null, 'x'],
      empty: [],
    });
  });

  it('stores and reads a text[] column', async () => {
    await database.query('create temporary table t (tags text[] not null)');
    await database.query('insert into t (tags) values ($1)', [['a b', 'c"d', '']]);
    const rows = await database.query<{ tags: string[] }>('select tags from t');
    expect(rows).toEqual([{ tags: ['a b', 'c"d', ''] }]);
  });
});
