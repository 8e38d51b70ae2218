import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../domain/error-codes';
import {
  type FoundMessage,
  type Shape,
  scanServerMessages,
  shapeKey,
} from '../test/server-messages';

/**
 * Every message the API can answer a user with can be shown in the reader's language
 * (docs/decisions/023): it is a key of the web's `messages` catalogue (its English text,
 * or a key with {{placeholders}} for the values in it), or it is an error with a code
 * whose texts the catalogue holds. A message assembled from English parts (a count, a
 * list, a wait, an English word picked at run time) cannot be a key: it must have a code.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const catalogue = JSON.parse(
  readFileSync(path.join(ROOT, 'src/web/locales/en/messages.json'), 'utf8'),
) as Record<string, string>;
const keys = new Set(Object.keys(catalogue));
const PLACEHOLDER = /\{\{\s*\w+\s*\}\}/g;
const templates = [...keys]
  .filter((k) => k.includes('{{'))
  .map((k) => ({
    shape: k.replace(PLACEHOLDER, '{{}}'),
    pattern: new RegExp(
      `^${k
        .split(PLACEHOLDER)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('(.+?)')}$`,
      's',
    ),
  }));

/** Where the scan cannot read the message, and why that is fine. */
const NOT_READ: Record<string, string> = {
  'src/server/features/users/last-admin.ts':
    "passes an AppError's message on to better-auth; the scan reads it where it is made",
  'src/server/features/bulk-invitations/bulk-invitations.service.ts':
    "passes a BulkFileError's message on; the scan reads it where it is made (src/domain)",
  'src/server/auth/account-rules.ts':
    "a shared rule's validation message (zod, src/domain): shown through the same catalogue",
  'src/server/features/users/users.service.ts':
    "better-auth's own refusal, passed on (the auth screens' texts)",
  'src/server/lib/errors.ts':
    "validationError passes a zod issue's message on (the shared rules, src/domain)",
  'src/server/features/test-runs/test-runs.service.ts':
    "the sandbox's reason for being unavailable: for the operator, who reads the server's log",
};

/** Errors that never reach an API answer (they stop the server as it starts). */
const NOT_ANSWERS = new Set(['src/server/db/client.ts']);

const fileOf = (at: string) => at.replace(/:\d+$/, '');
const holes = (shape: Shape) => shape.filter((p) => 'hole' in p);

function inCatalogue(shape: Shape): boolean {
  const key = shapeKey(shape);
  if (holes(shape).length > 0) return templates.some((t) => t.shape === key);
  if (keys.has(key) || templates.some((t) => t.pattern.test(key))) return true;
  // An API field message ("dueDate: Enter a real date") keeps its field (messages.ts).
  const field = /^[\w.]+: (.+)$/s.exec(key)?.[1];
  return field !== undefined && (keys.has(field) || templates.some((t) => t.pattern.test(field)));
}

/**
 * Shapes the catalogue need not hold: a field message whose field is picked at run time
 * (`${path}: ${message}`, translated as the field's message), and a message passed on
 * whole from where the scan cannot read it (NOT_READ says why).
 */
const passedOn = (shape: Shape, at: string) => {
  const [first, second] = shape;
  if (first && 'hole' in first && second && 'text' in second && second.text.startsWith(': '))
    return true;
  return shape.length === 1 && first !== undefined && 'hole' in first && !!NOT_READ[fileOf(at)];
};

let found: FoundMessage[] = [];
beforeAll(() => {
  found = scanServerMessages().filter((f) => !NOT_ANSWERS.has(fileOf(f.at)));
}, 180_000);

describe("the server's messages to users", () => {
  it('are found (the scan reads the server)', () => {
    expect(found.length).toBeGreaterThan(200);
    const texts = found.flatMap((f) => (f.shapes ?? []).map(shapeKey));
    expect(texts).toContain('Job not found');
    expect(texts).toContain("You don't have permission to do this");
  });

  it('are all read, or known not to need it', () => {
    const unread = found
      .filter((f) => f.shapes === null && !NOT_READ[fileOf(f.at)])
      .map((f) => `${f.at}: ${f.why}`);
    expect(unread).toEqual([]);
  });

  it('that are assembled from English parts have a code instead', () => {
    const composite = found.flatMap((f) =>
      (f.shapes ?? [])
        .filter((s) => !passedOn(s, f.at) && s.some((p) => 'hole' in p && p.hole === 'composite'))
        .map((s) => `${f.at}: ${shapeKey(s)} (${holes(s).map((h) => ('why' in h ? h.why : ''))})`),
    );
    expect(composite).toEqual([]);
  });

  it('are keys of the messages catalogue (exact, or with placeholders)', () => {
    const missing = found.flatMap((f) =>
      (f.shapes ?? [])
        .filter((s) => !passedOn(s, f.at) && !s.some((p) => 'hole' in p && p.hole === 'composite'))
        .filter((s) => !inCatalogue(s))
        .map((s) => `${f.at}: ${shapeKey(s)}`),
    );
    expect([...new Set(missing)]).toEqual([]);
  });

  it('with a code use a listed code whose texts the catalogue holds', () => {
    const coded = found.filter((f) => f.code !== undefined);
    for (const { at, code } of coded) {
      expect(ERROR_CODES, at).toContain(code);
      const prefix = `error.${code}`;
      expect(
        [...keys].some((k) => k === prefix || k.startsWith(`${prefix}_`)),
        `${at}: ${prefix}`,
      ).toBe(true);
    }
  });
});
