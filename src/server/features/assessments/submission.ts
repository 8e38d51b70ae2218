/** Submission: by the candidate, or by the server when the timer ran out (and its sweep). */
import { and, eq, ne, sql } from 'drizzle-orm';
import {
  ASSESSMENT_TEXTS,
  type Assessment,
  deadlineMs,
  SUBMIT_GRACE_MS,
} from '../../../domain/assessments';
import { assessment } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/http';
import { write } from '../../lib/unit-of-work';
import { reviewAfterSubmission } from '../ai-review/ai-review.service';
import { queueSimilarity } from '../similarity/similarity.service';
import { queueSubmissionRun } from '../test-runs/test-runs.service';
import { submittedMail } from './mails';
import { addNotification, emailOf } from './notifications';
import {
  type AssessmentDeps,
  changedEvent,
  loadRow,
  type Row,
  readAssessment,
  reviewerName,
  rowColumns,
} from './read-model';

/**
 * Submits the assessment: status completed, files and answers read-only from now on, the
 * assigning recruiter gets a bell item and an e-mail. `actor` null is the server itself
 * (the timer ran out). The one place a submission happens: anything else that must follow
 * a submission (queueing the hidden tests) belongs here.
 */
export async function submitAssessment(
  deps: AssessmentDeps,
  actor: Actor | null,
  id: string,
): Promise<Assessment | null> {
  const { db } = deps;
  let row: Row;
  if (actor) {
    row = await loadRow(db, actor, id);
    if (actor.role !== 'candidate' || row.candidateId !== actor.id) {
      throw forbidden('Only the candidate can submit this assessment');
    }
  } else {
    const [found] = await db.select(rowColumns).from(assessment).where(eq(assessment.id, id));
    if (!found) throw notFound(ASSESSMENT_TEXTS.assessmentNotFound);
    row = found;
  }
  if (row.status === 'completed') throw new AppError(409, ASSESSMENT_TEXTS.alreadySubmitted);

  const now = new Date();
  const end = deadlineMs(row.startedAt, row.durationHours);
  const submittedBy = !actor || (end !== null && now.getTime() > end) ? 'timeout' : 'candidate';
  const recruiter = await emailOf(db, row.recruiterId);
  const mail = recruiter
    ? submittedMail({
        to: recruiter.email,
        language: recruiter.language,
        recruiterName: recruiter.name,
        candidateName: reviewerName(row),
        title: row.title,
        byTimeout: submittedBy === 'timeout',
        url: `${deps.appUrl}/recruiter/results?assessment=${encodeURIComponent(id)}`,
      })
    : null;
  await write(deps, async (w) => {
    const { tx } = w;
    // The condition makes a double submit (two tabs, the sweep and a click) count once.
    const [updated] = await tx
      .update(assessment)
      .set({
        status: 'completed',
        completedDate: now,
        submittedBy,
        startedAt: row.startedAt ?? now,
      })
      .where(and(eq(assessment.id, id), ne(assessment.status, 'completed')))
      .returning({ id: assessment.id });
    // Nothing was written: the rollback leaves nothing behind.
    if (!updated) throw new AppError(409, ASSESSMENT_TEXTS.alreadySubmitted);
    await addNotification(tx, {
      userId: row.recruiterId,
      assessmentId: id,
      event: 'submitted',
      title: row.title,
      fromName: reviewerName(row),
    });
    // The visible and hidden tests run once on what was submitted (projects that can run).
    await queueSubmissionRun(tx, id);
    // The similarity check runs after this, off the request path (docs/decisions/026).
    await queueSimilarity(tx, id, row.templateId);
    if (mail) await w.mail(mail);
    const { audience, event } = changedEvent(row);
    w.publish(audience, event);
  });
  // After the commit, never failing the submission ("after every submission", decision 030).
  if (deps.ai) void reviewAfterSubmission(deps.ai, id);
  return actor ? readAssessment(db, actor, id) : null;
}

/** The timer ran out: submit what is there; someone else submitting first is fine. */
export async function submitOverdue(deps: AssessmentDeps, id: string) {
  try {
    await submitAssessment(deps, null, id);
  } catch (error) {
    if (!(error instanceof AppError && error.status === 409)) throw error;
  }
}

/** The periodic sweep: every assessment whose time ran out is submitted. */
export async function submitOverdueAssessments(deps: AssessmentDeps, now = new Date()) {
  const cutoff = new Date(now.getTime() - SUBMIT_GRACE_MS).toISOString();
  const rows = await deps.db
    .select({ id: assessment.id })
    .from(assessment)
    .where(
      and(
        ne(assessment.status, 'completed'),
        sql`${assessment.startedAt} + ${assessment.durationHours} * interval '1 hour' < ${cutoff}::timestamptz`,
      ),
    )
    .limit(200);
  for (const { id } of rows) await submitOverdue(deps, id);
  return rows.length;
}
