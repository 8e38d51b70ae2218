/**
 * What an audit entry changed, field by field: the entry's before and after (any JSON the
 * server recorded) flattened into dotted paths (`project.branch`), arrays kept whole (the
 * screen summarises them), and only the fields whose value differs. A created thing has
 * no before and a removed one no after: every field is listed then.
 */
export type AuditValue =
  | { kind: 'none' }
  | { kind: 'text'; text: string }
  | { kind: 'number'; value: number }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'date'; iso: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'records'; count: number };

export type AuditChange = { path: string; before: AuditValue; after: AuditValue };

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Leaves of a value by dotted path; an array or a scalar is one leaf. */
function leaves(value: unknown, prefix = '', out = new Map<string, unknown>()) {
  if (isRecord(value) && (prefix === '' || Object.keys(value).length > 0)) {
    for (const [key, inner] of Object.entries(value)) {
      leaves(inner, prefix ? `${prefix}.${key}` : key, out);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export function auditValue(value: unknown): AuditValue {
  if (value === null || value === undefined) return { kind: 'none' };
  if (typeof value === 'boolean') return { kind: 'boolean', value };
  if (typeof value === 'number') return { kind: 'number', value };
  if (typeof value === 'string') {
    return ISO_DATE_TIME.test(value) ? { kind: 'date', iso: value } : { kind: 'text', text: value };
  }
  if (Array.isArray(value)) {
    // Names, ids, tags: listed; objects (tasks, files): counted.
    return value.every((v) => v === null || typeof v !== 'object')
      ? { kind: 'list', items: value.map((v) => String(v)) }
      : { kind: 'records', count: value.length };
  }
  if (isRecord(value) && Object.keys(value).length === 0) return { kind: 'none' };
  return { kind: 'text', text: JSON.stringify(value as Json) };
}

/** The changed fields, in the order they first appear (before's fields, then after's new ones). */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const was = leaves(before ?? {});
  const now = leaves(after ?? {});
  const paths = [...new Set([...was.keys(), ...now.keys()])];
  return paths
    .filter((path) => !same(was.get(path), now.get(path)))
    .map((path) => ({
      path: path || '—',
      before: auditValue(was.get(path)),
      after: auditValue(now.get(path)),
    }));
}
