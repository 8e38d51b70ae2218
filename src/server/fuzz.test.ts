import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from './test/harness';

/**
 * Bad input, generated: every route in the OpenAPI document gets a few hundred
 * requests with malformed ids, queries and bodies, as every kind of user. None
 * may answer 5xx, and inputs that cannot be valid change no row.
 */

const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 200);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  $ref?: string;
};
interface Operation {
  method: string;
  path: string;
  params: { name: string; in: 'path' | 'query' }[];
  body?: JsonSchema;
}

let t: TestApp;
let users: (TestUser | null)[];

beforeAll(async () => {
  t = await createTestApp();
  users = [
    null,
    await t.createUser('candidate'),
    await t.createUser('recruiter'),
    await t.createUser('admin'),
  ];
});
afterAll(async () => {
  await t?.close();
});

const NUL = '\u0000';
/** Values no id, date or cursor can be, and texts that must never reach a query. */
const badText = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '..',
    '../../etc/passwd',
    'a.b',
    `a${NUL}b`,
    NUL,
    '2030-02-30',
    '2030-13-45',
    '999999999999999_x',
    '-1',
    '1e309',
    'NaN',
    'null',
    "'; drop table conversation; --",
    '%00',
    '\uD800',
    'x'.repeat(5000),
    '😀'.repeat(300),
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);
const badNumber = fc.oneof(
  fc.constantFrom(-1, 0.5, -0.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 101, 1e21),
  fc.double({ noNaN: true }),
);
const anyJson = fc.jsonValue({ maxDepth: 3 });

/** A value of the wrong kind for the declared type: can never pass a schema that declares one. */
function wrongKind(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const typeOf = (s: JsonSchema | undefined) => [s?.type ?? []].flat();
  const types = new Set([
    ...typeOf(schema),
    ...[...(schema?.anyOf ?? []), ...(schema?.oneOf ?? [])].flatMap(typeOf),
  ]);
  if (types.size === 0) return fc.constant(`text with ${NUL}`);
  const options: fc.Arbitrary<unknown>[] = [fc.constant(`text with ${NUL}`)];
  if (!types.has('object')) options.push(fc.dictionary(fc.string({ maxLength: 5 }), anyJson));
  if (!types.has('array')) options.push(fc.array(anyJson, { maxLength: 3 }));
  if (!types.has('number') && !types.has('integer') && !types.has('string'))
    options.push(badNumber);
  if (!types.has('boolean') && !types.has('string')) options.push(fc.boolean());
  return fc.oneof(...options);
}

/** A body that cannot be valid: every declared field of the wrong kind, or not an object at all. */
function invalidBody(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const props = schema?.properties ?? {};
  const names = Object.keys(props);
  const notAnObject = fc.oneof(
    fc.constant(null),
    fc.array(anyJson, { maxLength: 3 }),
    badText,
    badNumber,
    fc.boolean(),
  );
  if (names.length === 0) return notAnObject;
  const record = fc.record(Object.fromEntries(names.map((n) => [n, wrongKind(props[n])])), {
    requiredKeys: names,
  });
  return fc.oneof(record, notAnObject);
}

/** Any body at all, valid by chance or not: only "no 5xx" is asserted for these. */
function anyBody(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const names = Object.keys(schema?.properties ?? {});
  const mixed = fc.oneof(badText, badNumber, anyJson, fc.constant(null));
  return fc.oneof(
    anyJson,
    names.length
      ? fc.record(Object.fromEntries(names.map((n) => [n, mixed])), { requiredKeys: [] })
      : fc.dictionary(fc.string({ maxLength: 8 }), mixed),
  );
}

/** Percent-encodes, sending a lone surrogate as the raw bytes a hostile client would. */
function encodeLoosely(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value
      .split('')
      .map((ch) => {
        try {
          return encodeURIComponent(ch);
        } catch {
          return '%ED%A0%80';
        }
      })
      .join('');
  }
}

interface Case {
  user: number;
  path: string;
  body?: { raw: string; contentType?: string };
  /** True when the input cannot be valid, so nothing may change. */
  invalid: boolean;
}

function cases(op: Operation): Case[] {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query').map((p) => p.name);
  const hasBody = op.body !== undefined;
  const arb = fc.record({
    user: fc.integer({ min: 0, max: 3 }),
    pathValues: fc.array(badText, {
      minLength: pathParams.length,
      maxLength: pathParams.length,
    }),
    query: fc.dictionary(fc.constantFrom(...queryParams, 'extra', 'limit', 'cursor'), badText, {
      maxKeys: 3,
    }),
    body: hasBody
      ? fc.oneof(
          { weight: 3, arbitrary: invalidBody(op.body).map((v) => ({ v, invalid: true })) },
          { weight: 2, arbitrary: anyBody(op.body).map((v) => ({ v, invalid: false })) },
          {
            weight: 1,
            arbitrary: fc
              .constantFrom('{', '{"a":', '[1,', 'nul', '"\\u0000"', '\u0000', '{"a":1}}')
              .map((raw) => ({ v: { raw }, invalid: true })),
          },
        )
      : fc.constant(undefined),
  });
  return fc.sample(arb, { numRuns: RUNS_PER_ROUTE, seed: SEED }).map((sample) => {
    let path = op.path;
    pathParams.forEach((p, i) => {
      path = path.replace(`{${p.name}}`, encodeLoosely(sample.pathValues[i] ?? ''));
    });
    const query = new URLSearchParams(sample.query as Record<string, string>).toString();
    if (query) path += `?${query}`;
    let body: Case['body'];
    if (sample.body) {
      const value = sample.body.v as { raw?: unknown };
      body =
        value && typeof value === 'object' && typeof value.raw === 'string'
          ? { raw: value.raw, contentType: 'application/json' }
          : { raw: JSON.stringify(sample.body.v) ?? 'null', contentType: 'application/json' };
    }
    // Without a body, bad path values are what makes the input invalid; a route with no
    // path parameter and no body only gets ignored query noise, which is a valid request.
    return {
      user: sample.user,
      path,
      body,
      invalid: sample.body?.invalid ?? pathParams.length > 0,
    };
  });
}

/** Every row of every table the app owns, as one fingerprint (rate limits and session activity are bookkeeping of every request). */
async function fingerprint(): Promise<string> {
  fingerprintQuery ??= tablesFingerprintQuery();
  const [row] = await t.database.query<{ f: string }>(await fingerprintQuery);
  return row!.f;
}

let fingerprintQuery: Promise<string> | undefined;

/** One statement for all the tables: sent twice per route, one per table was ~70 round trips. */
async function tablesFingerprintQuery(): Promise<string> {
  const tables = await t.database.query<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE'
       and table_name not in ('rate_limit', 'session', 'session_activity', '__drizzle_migrations')
     order by table_name`,
  );
  const parts = tables.map(
    ({ name }) =>
      `select '${name}:' || count(*) || ':' || md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as p from "${name}" x`,
  );
  return `select string_agg(p, E'\\n' order by n) as f from (${parts
    .map((part, n) => `select ${n} as n, p from (${part}) s${n}`)
    .join(' union all ')}) all_tables`;
}

async function operations(): Promise<Operation[]> {
  const res = await t.request('/api/openapi.json');
  const doc = (await res.json()) as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
    components?: { schemas?: Record<string, JsonSchema> };
  };
  const resolve = (s: JsonSchema | undefined): JsonSchema | undefined =>
    s?.$ref ? doc.components?.schemas?.[s.$ref.split('/').pop()!] : s;
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = ((op.parameters ?? []) as { name: string; in: string }[]).filter(
        (p): p is Operation['params'][number] => p.in === 'path' || p.in === 'query',
      );
      const body = (
        op.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined
      )?.content;
      const json = body?.['application/json'];
      ops.push({
        method,
        path,
        params,
        body: json ? (resolve(json.schema) ?? {}) : body ? {} : undefined,
      });
    }
  }
  return ops;
}

describe('generated bad input', () => {
  it('covers every route of the OpenAPI document', async () => {
    const ops = await operations();
    expect(ops.length).toBeGreaterThan(20);
  });

  it('answers every route with 4xx (never 5xx) and changes nothing on invalid input', async () => {
    const failures: string[] = [];
    let sent = 0;
    const send = async (op: Operation, c: Case) => {
      const user = users[c.user];
      const headers: Record<string, string> = {};
      if (c.body?.contentType) headers['content-type'] = c.body.contentType;
      const res = await t.request(c.path, {
        method: op.method.toUpperCase(),
        as: user,
        headers,
        body: c.body?.raw,
      });
      sent++;
      if (res.status >= 500) {
        failures.push(
          `${op.method.toUpperCase()} ${c.path} as ${user?.role ?? 'signed out'} body=${c.body?.raw.slice(0, 200)} → ${res.status} ${(await res.text()).slice(0, 200)}`,
        );
      } else {
        await res.body?.cancel();
      }
    };
    for (const op of await operations()) {
      const all = cases(op);
      // Inputs that cannot be valid first: every table must be as it was after them.
      const before = await fingerprint();
      for (const c of all.filter((x) => x.invalid)) await send(op, c);
      if ((await fingerprint()) !== before) {
        failures.push(`${op.method.toUpperCase()} ${op.path} changed rows on invalid input`);
      }
      for (const c of all.filter((x) => !x.invalid)) await send(op, c);
    }
    expect(failures.slice(0, 20)).toEqual([]);
    expect(sent).toBeGreaterThan(0);
  }, 600_000);
});
