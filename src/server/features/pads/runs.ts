import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { PAD_TEXTS, type PadReplay, type PadRun } from '../../../domain/pads';
import type { Db } from '../../db/client';
import { padRun, padUpdate } from '../../db/schema';
import { AppError, forbidden } from '../../lib/errors';
import type { Actor } from '../../lib/http';
import { newId } from '../../lib/ids';
import { isUniqueViolation } from '../../lib/pg-errors';
import { openPad, readOnly } from './access';
import type { PadDeps } from './lifecycle';

const view = (row: typeof padRun.$inferSelect): PadRun => ({
  id: row.id,
  status: row.status,
  output: row.output,
  passed: row.passed,
  failed: row.failed,
  requestedBy: row.requestedBy,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

/**
 * Asks for a run of the pad's files as they are when a worker takes it; either person may, one
 * run at a time per pad (a unique index refuses a second while one is queued or running).
 * The run goes through the pad runs' queue (run-queue.ts): here, or in `npm run runner` with
 * RUNNER_MODE=separate; everyone in the pad hears of each change (pad.run signals).
 */
export async function startRun(deps: PadDeps, actor: Actor, padId: string): Promise<PadRun> {
  const { loaded, access } = await openPad(deps.db, actor, padId);
  if (access.mode !== 'edit') throw forbidden(PAD_TEXTS.notAllowed);
  if (loaded.row.status !== 'open') throw readOnly();
  await giveUpUnclaimed(deps, padId);
  let row: typeof padRun.$inferSelect;
  try {
    [row] = (await deps.db
      .insert(padRun)
      .values({ id: newId(), padId, requestedBy: actor.id })
      .returning()) as [typeof padRun.$inferSelect];
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, PAD_TEXTS.runUnderWay);
    throw error;
  }
  await deps.bus.publish({ audience: {}, event: { type: 'pad.run', padId, runId: row.id } });
  return view(row);
}

/** A queued run no worker took in this long (no runner is running) no longer blocks Run. */
const UNCLAIMED_SECONDS = 120;
export const NOT_TAKEN =
  'No runner took this run: the pad’s runs need a runner (npm run runner). Run again.';

async function giveUpUnclaimed(deps: PadDeps, padId: string) {
  const given = await deps.db
    .update(padRun)
    .set({ status: 'failed', output: NOT_TAKEN, finishedAt: new Date() })
    .where(
      and(
        eq(padRun.padId, padId),
        eq(padRun.status, 'queued'),
        sql`${padRun.createdAt} < now() - make_interval(secs => ${UNCLAIMED_SECONDS})`,
      ),
    )
    .returning({ id: padRun.id });
  for (const run of given) {
    await deps.bus.publish({ audience: {}, event: { type: 'pad.run', padId, runId: run.id } });
  }
}

export async function listRuns(deps: PadDeps, actor: Actor, padId: string): Promise<PadRun[]> {
  await openPad(deps.db, actor, padId);
  const rows = await deps.db
    .select()
    .from(padRun)
    .where(eq(padRun.padId, padId))
    .orderBy(desc(padRun.createdAt));
  return rows.map(view);
}

export async function readRun(db: Db, padId: string, runId: string) {
  const [row] = await db
    .select()
    .from(padRun)
    .where(and(eq(padRun.padId, padId), eq(padRun.id, runId)));
  return row && view(row);
}

/**
 * The session for the scorecard's replay: every update in order with its author and time,
 * and the runs. The hiring team's (the candidate has the pad itself).
 */
export async function readReplay(deps: PadDeps, actor: Actor, padId: string): Promise<PadReplay> {
  const { access } = await openPad(deps.db, actor, padId);
  if (!access.team) throw forbidden(PAD_TEXTS.notTeam);
  const updates = await deps.db
    .select()
    .from(padUpdate)
    .where(eq(padUpdate.padId, padId))
    .orderBy(asc(padUpdate.seq));
  const runs = await listRuns(deps, actor, padId);
  return {
    updates: updates.map((u) => ({
      seq: u.seq,
      at: u.createdAt.toISOString(),
      authorId: u.authorId,
      update: Buffer.from(u.data).toString('base64'),
    })),
    runs: runs.reverse(),
  };
}
