/** Where a PostgreSQL error code hides in drizzle's wrapping (the error or one of its causes). */
export function pgCode(error: unknown): string | undefined {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** A unique constraint refused the write (23505): the row exists already. */
export const isUniqueViolation = (error: unknown) => pgCode(error) === '23505';

/** A foreign key refused the write (23503): the row it points at is gone, or is still used. */
export const isForeignKeyViolation = (error: unknown) => pgCode(error) === '23503';
