import { and, asc, desc, eq } from 'drizzle-orm';
import { PAD_TEXTS, type PadReplay, type PadRun } from '../../../domain/pads';
import { STARTER_PROJECTS } from '../../../domain/starter-projects';
import type { TestLanguage } from '../../../domain/test-runs';
import type { Db } from '../../db/client';
import { padRun, padUpdate } from '../../db/schema';
import { AppError, forbidden } from '../../lib/errors';
import type { Actor } from '../../lib/http';
import { newId } from '../../lib/ids';
import { isUniqueViolation } from '../../lib/pg-errors';
import {
  detectSandbox,
  type RunOutcome,
  runInSandbox,
  type SandboxFile,
} from '../../sandbox/runner';
import { openPad, readOnly } from './access';
import { filesOf, loadDoc } from './document';
import type { PadDeps } from './lifecycle';

/** Runs a pad's files in the sandbox (the assessments' runner and limits). */
export type PadRunner = (files: SandboxFile[], language: TestLanguage) => Promise<RunOutcome>;

export const sandboxRunner: PadRunner = async (files, language) => {
  const status = detectSandbox();
  if (!status.available) {
    return {
      status: 'error',
      passed: 0,
      failed: 0,
      skipped: 0,
      failures: [],
      output: status.reason ?? 'The sandbox is not available',
      durationMs: 0,
    };
  }
  return runInSandbox(files, undefined, { language });
};

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
 * Runs the pad's files as they are now; either person may, one run at a time per pad (a
 * unique index refuses a second). Answers the run under way; `done` settles when it has
 * finished, and everyone in the pad hears of it (a pad.run signal on the bus).
 */
export async function startRun(
  deps: PadDeps & { runner?: PadRunner },
  actor: Actor,
  padId: string,
): Promise<{ run: PadRun; done: Promise<void> }> {
  const { loaded, access } = await openPad(deps.db, actor, padId);
  if (access.mode !== 'edit') throw forbidden(PAD_TEXTS.notAllowed);
  if (loaded.row.status !== 'open') throw readOnly();
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
  const runner = deps.runner ?? sandboxRunner;
  const done = (async () => {
    let outcome: RunOutcome | null = null;
    try {
      const doc = await loadDoc(deps.db, padId);
      const files = filesOf(doc).map((f) => ({ path: f.path, content: f.content }));
      doc.destroy();
      const language = STARTER_PROJECTS[loaded.row.language].runner;
      outcome = await runner(files, !language || language === 'none' ? 'node' : language);
    } catch (error) {
      outcome = {
        status: 'error',
        passed: 0,
        failed: 0,
        skipped: 0,
        failures: [],
        output: error instanceof Error ? error.message : String(error),
        durationMs: 0,
      };
    }
    await deps.db
      .update(padRun)
      .set({
        status: outcome.status === 'error' ? 'failed' : 'done',
        output: outcome.output,
        passed: outcome.passed,
        failed: outcome.failed,
        finishedAt: new Date(),
      })
      .where(eq(padRun.id, row.id));
    await deps.bus.publish({ audience: {}, event: { type: 'pad.run', padId, runId: row.id } });
  })();
  return { run: view(row), done };
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
