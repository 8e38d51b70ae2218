import { protocol, types } from '@electric-sql/pglite';

/**
 * A statement's answer as PostgreSQL's wire protocol bytes, read on the server's thread into
 * what PGlite's query() returns (its parseResults): the database's worker only runs the
 * statement and moves the bytes here (db/pglite-worker-source.ts).
 */
export interface RawAnswer {
  raw: Uint8Array;
  /** The statement's result columns, from its Describe when it was prepared. */
  fields: { name: string; dataTypeID: number }[];
}

export type Parser = (value: string, type: number) => unknown;
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

/** PGlite's parsers, with its array types (as its _initArrayTypes adds them). */
export function defaultParsers(arrayTypes: { oid: number; typarray: number }[]) {
  const parsers: Record<number, Parser> = { ...types.parsers };
  for (const { oid, typarray } of arrayTypes) {
    parsers[typarray] = (value) => types.arrayParser(value, parsers[oid] as never, typarray);
  }
  return parsers;
}

const AFFECTS_ROWS = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);
const D = 0x44; // DataRow
const C = 0x43; // CommandComplete
const E = 0x45; // ErrorResponse

/** The first error in the answer as PGlite raises it: its DatabaseError, the query on it. */
function errorOf(raw: Uint8Array, text: string): Record<string, unknown> {
  let error: Record<string, unknown> | undefined;
  new protocol.Parser().parse(raw, (message) => {
    if (message.name === 'error' && !error) error = message as unknown as Record<string, unknown>;
  });
  const fields: Record<string, unknown> = { message: String(error?.message), name: error?.name };
  for (const [key, value] of Object.entries(error ?? {})) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
      fields[key] = value;
  }
  return { ...fields, query: text };
}

/**
 * The rows (objects, or arrays with rowMode 'array') with each value parsed by its type,
 * the affected rows and the command, as PGlite's parseResults gives its first result.
 * An error in the answer comes back as `{ error }`, the fields PGlite's error carries.
 */
export function readAnswer<T>(
  answer: RawAnswer,
  text: string,
  options: QueryOptions | undefined,
  parsers: Record<number, Parser>,
): Results<T> | { error: Record<string, unknown> } {
  const { raw, fields } = answer;
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  // Buffer's toString reads a slice without making a view of it first (TextDecoder needs one).
  const bytes = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  const merged = options?.parsers ? { ...parsers, ...options.parsers } : parsers;
  const columns = fields.map((f) => ({
    name: f.name,
    type: f.dataTypeID,
    parse: merged[f.dataTypeID],
  }));
  const asArray = options?.rowMode === 'array';
  const rows: unknown[] = [];
  let result: (Results<T> & { command?: string; rowCount?: number }) | undefined;
  let offset = 0;
  while (offset < raw.length) {
    const type = raw[offset]!;
    const end = offset + 1 + view.getInt32(offset + 1);
    let at = offset + 5;
    if (type === E) return { error: errorOf(raw, text) };
    if (type === D && !result) {
      const count = view.getInt16(at);
      at += 2;
      const row: unknown[] | Record<string, unknown> = asArray ? new Array(count) : {};
      for (let i = 0; i < count; i++) {
        const length = view.getInt32(at);
        at += 4;
        let value: unknown = null;
        if (length >= 0) {
          const column = columns[i]!;
          const textValue = bytes.toString('utf8', at, at + length);
          at += length;
          value = column.parse ? column.parse(textValue, column.type) : textValue;
        }
        if (asArray) (row as unknown[])[i] = value;
        else (row as Record<string, unknown>)[columns[i]!.name] = value;
      }
      rows.push(row);
    } else if (type === C && !result) {
      const tag = bytes.toString('utf8', at, end - 1).split(' ');
      const command = tag[0]!;
      const count = Number.parseInt(tag[tag.length - 1]!, 10);
      const affects = AFFECTS_ROWS.has(command);
      result = {
        rows: rows as T[],
        fields,
        command,
        affectedRows: affects ? count : 0,
      };
      if (!Number.isNaN(count)) result.rowCount = count;
    }
    offset = end;
  }
  return result ?? { affectedRows: 0, rows: [], fields: [] };
}
