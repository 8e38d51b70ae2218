import { and, eq, gt, sql } from 'drizzle-orm';
import { PAD_LIMITS } from '../../../domain/pads';
import type { Db } from '../../db/client';
import { pad, padPresence } from '../../db/schema';

/**
 * Who is in a pad, across servers (table pad_presence): one row per open socket, so the
 * 10-people limit holds however the people are spread over servers on one database. Each
 * server refreshes its rows every HEARTBEAT_MS; a row older than STALE_MS (its server died
 * without closing) no longer counts.
 */
export const PRESENCE_HEARTBEAT_MS = 20_000;
const STALE_MS = 3 * PRESENCE_HEARTBEAT_MS;

const live = (padId: string) =>
  and(
    eq(padPresence.padId, padId),
    gt(padPresence.seenAt, sql`now() - make_interval(secs => ${STALE_MS / 1000})`),
  );

/**
 * Takes a seat for this socket unless the pad already has its 10 people (tabs of one person
 * count once). The pad row's lock orders two servers seating at once.
 */
export async function takeSeat(
  db: Db,
  seat: { id: string; padId: string; userId: string; serverId: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.select({ id: pad.id }).from(pad).where(eq(pad.id, seat.padId)).for('update');
    const people = await tx
      .selectDistinct({ userId: padPresence.userId })
      .from(padPresence)
      .where(live(seat.padId));
    const ids = new Set(people.map((p) => p.userId));
    if (!ids.has(seat.userId) && ids.size >= PAD_LIMITS.people) return false;
    await tx.insert(padPresence).values(seat);
    return true;
  });
}

export async function leaveSeat(db: Db, id: string) {
  await db.delete(padPresence).where(eq(padPresence.id, id));
}

/** Keeps this server's seats counting. */
export async function refreshSeats(db: Db, serverId: string) {
  await db
    .update(padPresence)
    .set({ seenAt: new Date() })
    .where(eq(padPresence.serverId, serverId));
}

/** A server that stops gives up its seats at once. */
export async function leaveAllSeats(db: Db, serverId: string) {
  await db.delete(padPresence).where(eq(padPresence.serverId, serverId));
}
