/** Assignment: a template copied to a candidate with its invitation, and a later due date. */
import { eq } from 'drizzle-orm';
import {
  ASSESSMENT_TEXTS,
  type AssignInput,
  DUE_DATE_SLACK_DAYS,
  type DueDateInput,
  earliestDueDate,
  recruiterMayUse,
} from '../../../domain/assessments';
import { emptyProfileDetails } from '../../../domain/profile';
import type { Db, Tx } from '../../db/client';
import {
  assessment,
  assessmentTemplate,
  profile,
  recruiterAssignment,
  user,
} from '../../db/schema';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { type Actor, assertRole } from '../../lib/http';
import { timestampId } from '../../lib/ids';
import { type Work, write } from '../../lib/unit-of-work';
import { recipientLanguage } from '../../mail/recipient-language';
import { usesAiReview } from '../ai-review/template-flag';
import { toTemplate } from '../templates/templates.service';
import { getAssessment } from './listing';
import { dueDateMail, invitationMail } from './mails';
import { addNotification, emailOf } from './notifications';
import { type AssessmentDeps, changedEvent, loadRow } from './read-model';

export async function assignAssessment(
  deps: AssessmentDeps,
  actor: Actor,
  input: Required<AssignInput>,
) {
  assertRole(actor, 'recruiter');
  const id = await assign(deps, actor, input);
  return getAssessment(deps, actor, id);
}

/**
 * Assigns a template to a candidate (the recruiter's own rules: due date,
 * template authorisation, a real candidate), links the recruiter to the
 * candidate and queues the invitation, in one transaction. Given the caller's
 * `work`, it joins that transaction (the hiring pipeline links the assessment
 * to an application in it), and the mail and events go out on its commit.
 * Returns the assessment's id.
 */
export async function assign(
  deps: AssessmentDeps,
  actor: Actor,
  input: Required<AssignInput>,
  work?: Work,
): Promise<string> {
  assertRole(actor, 'recruiter');
  if (input.dueDate < earliestDueDate(new Date(), DUE_DATE_SLACK_DAYS)) {
    throw new AppError(400, 'The due date must not be in the past', [
      { path: ['dueDate'], message: 'The due date must not be in the past' },
    ]);
  }
  return write(work ?? deps, async (w) => {
    const { tx } = w;
    const [templateRow] = await tx
      .select()
      .from(assessmentTemplate)
      .where(eq(assessmentTemplate.id, input.templateId));
    if (!templateRow) throw notFound('Assessment template not found');
    if (!recruiterMayUse(toTemplate(templateRow), actor.id)) {
      throw forbidden('You are not authorised to assign this template');
    }
    const [candidate] = await tx
      .select({ id: user.id, name: user.name, email: user.email, role: user.role })
      .from(user)
      .where(eq(user.id, input.candidateId));
    if (candidate?.role !== 'candidate') {
      throw new AppError(400, ASSESSMENT_TEXTS.selectCandidate, [
        { path: ['candidateId'], message: ASSESSMENT_TEXTS.selectCandidate },
      ]);
    }
    const companyName = await recruiterCompany(tx, actor.id);
    const id = timestampId('assessment');
    await insertAssignment(w, deps, {
      id,
      templateRow,
      candidate,
      actor,
      companyName,
      dueDate: input.dueDate,
      message: input.message,
      invite: true,
    });
    return id;
  });
}

/**
 * The writes of one assignment on the caller's write: the assessment (a copy of the template),
 * the recruiter's link to the candidate, the invitation mail (unless `invite` is false: an
 * accepted bulk invitation already told them) and the changed event. Shared by Assign and the
 * bulk upload (features/bulk-invitations).
 */
export async function insertAssignment(
  w: Work,
  deps: Pick<AssessmentDeps, 'appUrl'>,
  input: {
    id: string;
    templateRow: typeof assessmentTemplate.$inferSelect;
    candidate: { id: string; name: string; email: string };
    actor: Actor;
    companyName: string;
    dueDate: string;
    message: string;
    invite: boolean;
  },
): Promise<void> {
  const { tx } = w;
  const { id, templateRow, candidate, actor, companyName } = input;
  await tx.insert(assessment).values({
    id,
    templateId: templateRow.id,
    title: templateRow.title,
    roleName: templateRow.roleName,
    description: templateRow.description,
    candidateId: candidate.id,
    candidateName: candidate.name,
    recruiterId: actor.id,
    recruiterName: actor.name,
    companyName,
    status: 'scheduled',
    tasks: templateRow.tasks.map((t) => ({ ...t, completed: false })),
    message: input.message,
    durationHours: templateRow.durationHours,
    project: templateRow.project,
    dueDate: input.dueDate,
    blindReview: templateRow.blindReview,
  });
  await tx
    .insert(recruiterAssignment)
    .values({ candidateId: candidate.id, recruiterId: actor.id })
    .onConflictDoNothing();
  if (input.invite) {
    await w.mail(
      invitationMail({
        language: await recipientLanguage(tx, candidate.id),
        candidateName: candidate.name,
        candidateEmail: candidate.email,
        recruiterName: actor.name,
        companyName,
        title: templateRow.title,
        dueDate: input.dueDate,
        message: input.message,
        url: `${deps.appUrl}/assessment/${id}`,
        aiAssistedReview: await usesAiReview(tx, templateRow.id),
      }),
    );
  }
  const { audience, event } = changedEvent({
    id,
    candidateId: candidate.id,
    recruiterId: actor.id,
  });
  w.publish(audience, event);
}

/** The company name assignments carry: the recruiter's profile's. */
export async function recruiterCompany(db: Db | Tx, recruiterId: string): Promise<string> {
  const [recruiterProfile] = await db
    .select({ details: profile.details })
    .from(profile)
    .where(eq(profile.userId, recruiterId));
  return (recruiterProfile?.details ?? emptyProfileDetails()).company.name;
}

/** The recruiter (or an admin) gives the candidate more time: a later due date. */
export async function changeDueDate(
  deps: AssessmentDeps,
  actor: Actor,
  id: string,
  input: DueDateInput,
) {
  assertRole(actor, 'recruiter', 'admin');
  const row = await loadRow(deps.db, actor, id);
  if (row.status === 'completed') {
    throw new AppError(409, 'This assessment has been submitted; its due date no longer changes');
  }
  if (row.candidateId === null) {
    throw new AppError(
      409,
      'The candidate erased their account; this assessment is kept as a record',
    );
  }
  if (input.dueDate <= row.dueDate) {
    const message = `The new due date must be after the current one (${row.dueDate})`;
    throw new AppError(400, message, [{ path: ['dueDate'], message }]);
  }
  const candidate = await emailOf(deps.db, row.candidateId);
  const mail = candidate
    ? dueDateMail({
        to: candidate.email,
        language: candidate.language,
        candidateName: candidate.name,
        recruiterName: actor.name,
        title: row.title,
        dueDate: input.dueDate,
        url: `${deps.appUrl}/assessment/${encodeURIComponent(id)}`,
      })
    : null;
  await write(deps, async (w) => {
    const { tx } = w;
    // A new due date earns a new reminder.
    await tx
      .update(assessment)
      .set({ dueDate: input.dueDate, reminderSentAt: null })
      .where(eq(assessment.id, id));
    await addNotification(tx, {
      userId: row.candidateId,
      assessmentId: id,
      event: 'due-date',
      title: row.title,
      fromName: actor.name,
    });
    // An admin moving a recruiter's due date acts for them: logged.
    if (actor.role === 'admin') {
      await w.audit({
        actor,
        action: 'assessment.due-date',
        targetType: 'assessment',
        targetId: id,
        before: { dueDate: row.dueDate },
        after: { dueDate: input.dueDate },
      });
    }
    if (mail) await w.mail(mail);
    const { audience, event } = changedEvent(row);
    w.publish(audience, event);
  });
  return getAssessment(deps, actor, id);
}
