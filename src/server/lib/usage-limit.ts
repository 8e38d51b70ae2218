import { sql } from 'drizzle-orm';
import { coded, type WaitCode } from '../../domain/error-codes';
import type { Db } from '../db/client';
import { usageLimit } from '../db/schema';
import { AppError, codedError } from './errors';

export interface Limit {
  max: number;
  windowSeconds: number;
}

/**
 * Counts one use of `key` in its fixed window, in one statement (servers
 * sharing the database share the count), and refuses with a 429 once the
 * window holds `limit.max` uses: the caller then stores nothing. The count
 * stops at max + 1, so a flood does not lengthen the wait.
 */
export async function consumeLimit(
  db: Pick<Db, 'insert'>,
  key: string,
  limit: Limit,
  /** What the refused caller is told (with the wait); none for limits no user sees. */
  refusal: WaitCode | null,
): Promise<void> {
  const window = sql`make_interval(secs => ${limit.windowSeconds})`;
  const expired = sql`${usageLimit.windowStart} <= now() - ${window}`;
  const [row] = await db
    .insert(usageLimit)
    .values({ key, windowStart: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: usageLimit.key,
      set: {
        count: sql`case when ${expired} then 1 else least(${usageLimit.count} + 1, ${limit.max + 1}) end`,
        windowStart: sql`case when ${expired} then now() else ${usageLimit.windowStart} end`,
      },
    })
    .returning({
      count: usageLimit.count,
      retryAfter: sql<number>`extract(epoch from (${usageLimit.windowStart} + ${window} - now()))::float8`,
    });
  if (row && row.count > limit.max) {
    const seconds = Math.max(1, Math.ceil(Number(row.retryAfter)));
    throw refused(refusal, seconds);
  }
}

function refused(refusal: WaitCode | null, seconds: number) {
  const extra = { retryAfterSeconds: seconds };
  if (!refusal)
    return new AppError(429, 'Too many requests. Please try again later.', undefined, extra);
  return codedError(429, coded(refusal, { seconds }), extra);
}

/**
 * Refuses (429) when `key`'s window is already full, without counting a use: for a check
 * before costly work (storing an upload) that `consumeLimit` then counts for real.
 */
export async function assertLimitOpen(
  db: Pick<Db, 'select'>,
  key: string,
  limit: Limit,
  /** What the refused caller is told (with the wait); none for limits no user sees. */
  refusal: WaitCode | null,
): Promise<void> {
  const window = sql`make_interval(secs => ${limit.windowSeconds})`;
  const [row] = await db
    .select({
      count: usageLimit.count,
      retryAfter: sql<number>`extract(epoch from (${usageLimit.windowStart} + ${window} - now()))::float8`,
    })
    .from(usageLimit)
    .where(sql`${usageLimit.key} = ${key} and ${usageLimit.windowStart} > now() - ${window}`);
  if (row && row.count >= limit.max) {
    const seconds = Math.max(1, Math.ceil(Number(row.retryAfter)));
    throw refused(refusal, seconds);
  }
}
