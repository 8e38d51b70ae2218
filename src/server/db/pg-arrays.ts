/**
 * Array types for postgres.js without its start-up type lookup (`fetch_types: false`).
 *
 * postgres.js normally asks pg_type for every array type on each new connection, and does
 * not await that query: a connection dropped at that moment rejects with nobody listening,
 * and Node ends the process (issue 32). The array types are fixed by PostgreSQL (their oids
 * never change), so the ones we send or read are declared here instead: parameters bound
 * as `$1::text[]` and array columns read by raw SQL round-trip as JS arrays, as before.
 */

type ElementParser = (text: string) => unknown;

const asText: ElementParser = (x) => x;
const asNumber: ElementParser = (x) => Number(x);
const asBoolean: ElementParser = (x) => x === 't';
const asJson: ElementParser = (x) => JSON.parse(x);

/** Element type (name), the array type's oid, and how an element is read. */
const ARRAY_TYPES: [name: string, arrayOid: number, parse: ElementParser][] = [
  ['bool', 1000, asBoolean],
  ['int2', 1005, asNumber],
  ['int4', 1007, asNumber],
  ['text', 1009, asText],
  ['varchar', 1015, asText],
  // int8 and numeric stay strings, as postgres.js reads them outside arrays.
  ['int8', 1016, asText],
  ['float4', 1021, asNumber],
  ['float8', 1022, asNumber],
  ['oid', 1028, asNumber],
  ['json', 199, asJson],
  ['jsonb', 3807, asJson],
  ['uuid', 2951, asText],
  ['name', 1003, asText],
];

/** Reads PostgreSQL's text form of an array (`{a,"b c",NULL,{1,2}}`). */
export function parsePgArray(text: string, parse: ElementParser = asText): unknown {
  // Arrays with explicit bounds start with `[1:2]=`.
  const start = text.startsWith('[') ? text.indexOf('=') + 1 : 0;
  let i = start;
  const readArray = (): unknown[] => {
    const out: unknown[] = [];
    i += 1; // '{'
    while (i < text.length) {
      const ch = text[i];
      if (ch === '}') {
        i += 1;
        return out;
      }
      if (ch === ',') {
        i += 1;
        continue;
      }
      if (ch === '{') {
        out.push(readArray());
        continue;
      }
      if (ch === '"') {
        let value = '';
        i += 1;
        while (i < text.length && text[i] !== '"') {
          if (text[i] === '\\') i += 1;
          value += text[i];
          i += 1;
        }
        i += 1; // closing quote
        out.push(parse(value));
        continue;
      }
      let end = i;
      while (end < text.length && text[end] !== ',' && text[end] !== '}') end += 1;
      const raw = text.slice(i, end);
      out.push(raw === 'NULL' ? null : parse(raw));
      i = end;
    }
    return out;
  };
  return readArray();
}

/** Writes a JS array as PostgreSQL's text form; every element quoted, null as NULL. */
export function serializePgArray(value: unknown): string {
  if (!Array.isArray(value)) return String(value);
  const element = (x: unknown): string => {
    if (x === null || x === undefined) return 'NULL';
    if (Array.isArray(x)) return serializePgArray(x);
    const text =
      x instanceof Date
        ? x.toISOString()
        : typeof x === 'object'
          ? JSON.stringify(x)
          : typeof x === 'boolean'
            ? x
              ? 't'
              : 'f'
            : String(x);
    return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  };
  return `{${value.map(element).join(',')}}`;
}

/** postgres.js's `types` option: one entry per array type, parsed and serialised as above. */
export const pgArrayTypes = Object.fromEntries(
  ARRAY_TYPES.map(([name, oid, parse]) => [
    `${name}_array`,
    {
      to: oid,
      from: [oid],
      serialize: serializePgArray,
      parse: (text: string) => parsePgArray(text, parse),
    },
  ]),
);
