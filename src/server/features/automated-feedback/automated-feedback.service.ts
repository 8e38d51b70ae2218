import { desc, eq, sql } from 'drizzle-orm';
import { ASSESSMENT_TEXTS } from '../../../domain/assessments';
import {
  AI_TEXTS,
  type AutomatedFeedbackReply,
  buildFeedback,
  DEFAULT_FEEDBACK_SETTINGS,
  type FeedbackSettings,
  feedbackRun,
  feedbackSettingsSchema,
} from '../../../domain/automated-feedback';
import { parseRunner, projectRunner } from '../../../domain/test-runs';
import type { Db } from '../../db/client';
import { assessment, setting, testRun } from '../../db/schema';
import { forbidden, notFound } from '../../lib/errors';
import { type Actor, assertRole } from '../../lib/http';
import { audited } from '../audit/audit';
import { toTestRun } from '../test-runs/test-runs.service';

export interface FeedbackDeps {
  db: Db;
}

const KEY = 'feedback';

/** The stored settings, or the defaults (Standard detail) when none were saved. */
export async function readFeedbackSettings(db: Pick<Db, 'select'>): Promise<FeedbackSettings> {
  const [row] = await db.select().from(setting).where(eq(setting.key, KEY));
  const parsed = feedbackSettingsSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_FEEDBACK_SETTINGS;
}

export async function getFeedbackSettings({ db }: FeedbackDeps, actor: Actor) {
  assertRole(actor, 'admin');
  return readFeedbackSettings(db);
}

/** In force on the next read: the feedback is cut to the level when it is asked for. */
export async function saveFeedbackSettings(
  { db }: FeedbackDeps,
  actor: Actor,
  input: FeedbackSettings,
): Promise<FeedbackSettings> {
  assertRole(actor, 'admin');
  const { after } = await audited(
    db,
    async (tx) => {
      const [row] = await tx.select().from(setting).where(eq(setting.key, KEY)).for('update');
      await tx
        .insert(setting)
        .values({ key: KEY, value: input })
        .onConflictDoUpdate({ target: setting.key, set: { value: input } });
      return { before: row?.value ?? DEFAULT_FEEDBACK_SETTINGS, after: input };
    },
    ({ before, after }) => ({
      actor,
      action: 'settings.feedback.update',
      targetType: 'setting',
      targetId: KEY,
      before,
      after,
    }),
  );
  return after;
}

const none = (note: string): AutomatedFeedbackReply => ({ feedback: null, note });

/**
 * The automated feedback of an assessment's test runs, cut to the admin's
 * detail level on the server. Reviewers (the assigning recruiter, admins) get
 * it whenever it is on; the candidate only after evaluation and only when the
 * admin shares it, and never more than the result and pass rate when the
 * project has hidden tests (their names and messages stay with reviewers).
 */
export async function getAutomatedFeedback(
  { db }: FeedbackDeps,
  actor: Actor,
  assessmentId: string,
): Promise<AutomatedFeedbackReply> {
  const [row] = await db
    .select({
      candidateId: assessment.candidateId,
      recruiterId: assessment.recruiterId,
      reviewedAt: assessment.reviewedAt,
      runner: sql<string>`coalesce(${assessment.project}->>'runner', '')`,
      paths: sql<
        string[]
      >`coalesce((select jsonb_agg(f->>'path') from jsonb_array_elements(${assessment.project}->'files') f), '[]'::jsonb)`,
      hiddenTests: sql<number>`coalesce(jsonb_array_length(${assessment.project}->'hiddenFiles'), 0)::int`,
    })
    .from(assessment)
    .where(eq(assessment.id, assessmentId));
  if (!row) throw notFound(ASSESSMENT_TEXTS.assessmentNotFound);
  const reviewer =
    actor.role === 'admin' || (actor.role === 'recruiter' && row.recruiterId === actor.id);
  const candidate = actor.role === 'candidate' && row.candidateId === actor.id;
  if (!reviewer && !candidate) throw forbidden(ASSESSMENT_TEXTS.noPermission);

  const settings = await readFeedbackSettings(db);
  if (!settings.automatedFeedback) return none(AI_TEXTS.feedbackOff);
  if (candidate) {
    if (!settings.shareWithCandidate) return none(AI_TEXTS.notShared);
    if (!row.reviewedAt) return none(AI_TEXTS.notYet);
  }
  const runner = projectRunner({
    runner: parseRunner(row.runner),
    files: row.paths.map((path) => ({ path })),
  });
  if (runner === 'none') return none(AI_TEXTS.notRunnable);

  const runs = await db
    .select()
    .from(testRun)
    .where(eq(testRun.assessmentId, assessmentId))
    .orderBy(desc(testRun.createdAt), desc(testRun.id))
    .limit(50);
  const chosen = feedbackRun(runs.map(toTestRun));
  if (!chosen) return none(AI_TEXTS.noRun);
  const withheld = candidate && row.hiddenTests > 0;
  return {
    feedback: buildFeedback(chosen, withheld ? 'basic' : settings.feedbackDetail),
    note: withheld && settings.feedbackDetail !== 'basic' ? AI_TEXTS.hiddenWithheld : null,
  };
}
