import { z } from 'zod';

/**
 * Rules every input shares, whichever form or route it arrives through.
 * PostgreSQL refuses the NUL character in text, so it is refused at the door.
 */
export const NUL_TEXT = 'Text must not contain the NUL character';

export function containsNul(value: unknown): boolean {
  return nulPath(value) !== null;
}

/** Where the first NUL character is (the path of keys and indexes), or null when there is none. */
export function nulPath(
  value: unknown,
  path: (string | number)[] = [],
): (string | number)[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (const [i, inner] of value.entries()) {
      const found = nulPath(inner, [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '')];
      const found = nulPath(inner, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** True for a YYYY-MM-DD that names a real calendar day (no 2030-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || year > 9999) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** A calendar day as YYYY-MM-DD; the message is the one the form shows. */
export const calendarDateSchema = (message = 'Enter a real date (YYYY-MM-DD)') =>
  z.string({ error: message }).refine(isCalendarDate, message);

/** Milliseconds since 1970 that PostgreSQL's timestamptz and JavaScript's Date both hold. */
export const MAX_TIMESTAMP_MS = Date.UTC(9999, 11, 31);

/** Every id the app makes (UUIDs, better-auth's, assessment_{time}_{hex}) fits this; nothing else reaches a query. */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
export const idSchema = z.string().regex(ID_PATTERN, 'Not a valid id');
