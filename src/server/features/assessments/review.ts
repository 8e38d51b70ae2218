/** Review: the recruiter's evaluation, blind review's reveal, and the due-date reminder sweep. */
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  ASSESSMENT_TEXTS,
  type EvaluationInput,
  REMINDER_BEFORE_MS,
} from '../../../domain/assessments';
import { BLIND_REVIEW_TEXTS, pseudonym } from '../../../domain/blind-review';
import { assessment, user } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { type Actor, assertRole } from '../../lib/http';
import { write } from '../../lib/unit-of-work';
import { recipientLanguages } from '../../mail/recipient-language';
import { getAssessment } from './listing';
import { reminderMail, scoredMail } from './mails';
import { addNotification, emailOf } from './notifications';
import { type AssessmentDeps, changedEvent, loadRow } from './read-model';

export async function saveEvaluation(
  deps: AssessmentDeps,
  actor: Actor,
  id: string,
  input: Required<EvaluationInput>,
) {
  assertRole(actor, 'recruiter', 'admin');
  const row = await loadRow(deps.db, actor, id);
  if (row.status !== 'completed') throw new AppError(409, ASSESSMENT_TEXTS.notSubmittedYet);
  // The candidate hears about the first review and about a changed score.
  const tell = row.reviewedAt === null || row.score !== input.score;
  const candidate = tell ? await emailOf(deps.db, row.candidateId) : null;
  const mail = candidate
    ? scoredMail({
        to: candidate.email,
        language: candidate.language,
        candidateName: candidate.name,
        recruiterName: actor.name,
        title: row.title,
        score: input.score,
        url: `${deps.appUrl}/assessment/${encodeURIComponent(id)}`,
      })
    : null;
  // The evaluation, its audit row, the candidate's notice and mail: one transaction.
  await write(deps, async (w) => {
    const { tx } = w;
    const [saved] = await tx
      .update(assessment)
      .set({ score: input.score, feedback: input.feedback, reviewedAt: new Date() })
      .where(eq(assessment.id, id))
      .returning();
    if (saved) {
      await w.audit({
        actor,
        action: 'assessment.evaluate',
        targetType: 'assessment',
        targetId: id,
        before: { score: row.score ?? null, feedback: row.feedback ?? null },
        after: { score: saved.score ?? null, feedback: saved.feedback ?? null },
      });
    }
    if (tell) {
      await addNotification(tx, {
        userId: row.candidateId,
        assessmentId: id,
        event: 'scored',
        title: row.title,
        fromName: actor.name,
      });
      if (mail) await w.mail(mail);
    }
    const { audience, event } = changedEvent(row);
    w.publish(audience, event);
  });
  return getAssessment(deps, actor, id);
}

/**
 * Blind review's explicit reveal (docs/decisions/026): once the score is saved, the assigning
 * recruiter may see who the candidate is. Recorded in the audit log (who, which assessment,
 * what was revealed, when) in the transaction that reveals it; a second reveal changes nothing.
 */
export async function revealIdentity(deps: AssessmentDeps, actor: Actor, id: string) {
  assertRole(actor, 'recruiter');
  const row = await loadRow(deps.db, actor, id);
  if (!row.blindReview) throw new AppError(409, BLIND_REVIEW_TEXTS.notBlind);
  if (row.reviewedAt === null || row.score === null) {
    throw new AppError(409, BLIND_REVIEW_TEXTS.revealNeedsScore);
  }
  if (row.identityRevealedAt === null) {
    await write(deps, async (w) => {
      const [done] = await w.tx
        .update(assessment)
        .set({ identityRevealedAt: new Date() })
        .where(and(eq(assessment.id, id), isNull(assessment.identityRevealedAt)))
        .returning({ at: assessment.identityRevealedAt });
      const { audience, event } = changedEvent(row);
      w.publish(audience, event);
      if (!done) return;
      await w.audit({
        actor,
        action: 'assessment.identity-reveal',
        targetType: 'assessment',
        targetId: id,
        before: { shown: pseudonym(id) },
        after: {
          revealed: ['name', 'email', 'phone', 'photo'],
          score: row.score,
          at: done.at,
        },
      });
    });
  }
  return getAssessment(deps, actor, id);
}

/**
 * The periodic reminder: an assessment due within a day and not submitted gets one e-mail.
 * The reminder_sent_at column is set in the transaction that queues the mail, under a
 * condition, so a restart or a second server never sends it twice.
 */
export async function sendDueReminders(deps: AssessmentDeps, now = new Date()) {
  const dueAt = sql`((${assessment.dueDate} + 1)::timestamp at time zone 'UTC')`;
  const from = now.toISOString();
  const until = new Date(now.getTime() + REMINDER_BEFORE_MS).toISOString();
  const rows = await deps.db
    .select({
      id: assessment.id,
      title: assessment.title,
      dueDate: assessment.dueDate,
      candidateId: assessment.candidateId,
      recruiterId: assessment.recruiterId,
      name: user.name,
      email: user.email,
    })
    .from(assessment)
    .innerJoin(user, eq(user.id, assessment.candidateId))
    .where(
      and(
        ne(assessment.status, 'completed'),
        isNull(assessment.reminderSentAt),
        sql`${dueAt} > ${from}::timestamptz`,
        sql`${dueAt} <= ${until}::timestamptz`,
      ),
    )
    .limit(500);
  const languageOf = await recipientLanguages(
    deps.db,
    rows.map((r) => r.candidateId),
  );
  let sent = 0;
  for (const r of rows) {
    const mail = reminderMail({
      to: r.email,
      language: languageOf(r.candidateId),
      candidateName: r.name,
      title: r.title,
      dueDate: r.dueDate,
      url: `${deps.appUrl}/assessment/${encodeURIComponent(r.id)}`,
    });
    const claimed = await write(deps, async (w) => {
      const [row] = await w.tx
        .update(assessment)
        .set({ reminderSentAt: now })
        .where(and(eq(assessment.id, r.id), isNull(assessment.reminderSentAt)))
        .returning({ id: assessment.id });
      if (row) await w.mail(mail);
      return row !== undefined;
    });
    if (claimed) sent += 1;
  }
  return sent;
}
