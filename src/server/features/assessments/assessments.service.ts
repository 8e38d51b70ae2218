import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  ne,
  type SQL,
  sql,
} from 'drizzle-orm';
import {
  type AnswerSave,
  ASSESSMENT_STATUSES,
  ASSESSMENT_TEXTS,
  type Assessment,
  type AssignInput,
  type CandidateFile,
  DUE_DATE_SLACK_DAYS,
  type DueDateInput,
  deadlineMs,
  type EvaluationInput,
  earliestDueDate,
  type FileSave,
  hasWrittenAnswer,
  type ProjectFile,
  REMINDER_BEFORE_MS,
  recruiterMayUse,
  type SampleProject,
  SUBMIT_GRACE_MS,
  type TaskAnswer,
  toggleAll,
} from '../../../domain/assessments';
import { BLIND_REVIEW_TEXTS, identityHiddenFrom, pseudonym } from '../../../domain/blind-review';
import type { AssessmentNotificationEvent } from '../../../domain/messaging';
import { emptyProfileDetails } from '../../../domain/profile';
import {
  changeOf,
  deletedTemplatePaths,
  isProtectedPath,
  liveFiles,
  newPathProblem,
  PATH_TEXTS,
  PROJECT_LIMITS,
  type ProjectChange,
  type ProjectChangeEntry,
  pathProblem,
  pathsUnder,
  projectLimitProblem,
  protectedPathsOf,
  resolveRenamed,
} from '../../../domain/project-paths';
import { hasTestFiles } from '../../../domain/test-runs';
import { type Db, rawQuery, type Tx } from '../../db/client';
import {
  assessment,
  assessmentNotification,
  assessmentTemplate,
  candidateFile,
  profile,
  projectChange,
  recruiterAssignment,
  similarityMatch,
  taskAnswer,
  user,
} from '../../db/schema';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { type Actor, assertRole } from '../../lib/http';
import { newId, timestampId } from '../../lib/ids';
import { type Work, write } from '../../lib/unit-of-work';
import { enqueueMail, type Mail, type Mailer } from '../../mail/outbox';
import { recipientLanguage, recipientLanguages } from '../../mail/recipient-language';
import type { EventBus } from '../../realtime/event-bus';
import { recordAudit } from '../audit/audit';
import { auditedEvaluation } from '../audit/evaluation-audit';
import { queueSimilarity } from '../similarity/similarity.service';
import { toTemplate } from '../templates/templates.service';
import { queueSubmissionRun } from '../test-runs/test-runs.service';
import { dueDateMail, invitationMail, reminderMail, scoredMail, submittedMail } from './mails';

export interface AssessmentDeps {
  db: Db;
  bus: EventBus;
  mailer: Mailer;
  appUrl: string;
}

type FullRow = typeof assessment.$inferSelect;
type ProjectInfo = Assessment['project'];
/** A row without the project's file contents (tens of KB each), which most calls never need. */
type Row = Omit<FullRow, 'project'> & { projectInfo: ProjectInfo };

const { project: _project, ...columnsWithoutProject } = getTableColumns(assessment);
const rowColumns = {
  ...columnsWithoutProject,
  projectInfo: sql<ProjectInfo>`(${assessment.project} - 'files' - 'hiddenFiles') || jsonb_build_object('fileNames', coalesce((select jsonb_agg(f->'path') from jsonb_array_elements(${assessment.project}->'files') f), '[]'::jsonb))`,
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The name a reviewer (or their mail and bell) may see for this assessment. */
export function reviewerName(
  row: Pick<Row, 'id' | 'candidateName' | 'blindReview' | 'identityRevealedAt'>,
) {
  return row.blindReview && row.identityRevealedAt === null ? pseudonym(row.id) : row.candidateName;
}

function toAssessment(
  row: Row,
  candidate: { email: string; phone: string },
  viewer: Actor | null,
): Assessment {
  const hidden = identityHiddenFrom(viewer, row);
  const full = toFullAssessment(row, candidate);
  if (!hidden) return full;
  // The reviewer's view: the identity is never sent, not blanked by the screen.
  return {
    ...full,
    identityHidden: true,
    candidateId: null,
    candidateName: pseudonym(row.id),
    candidateEmail: '',
    candidatePhone: '',
    candidateErasedAt: null,
  };
}

function toFullAssessment(row: Row, candidate: { email: string; phone: string }): Assessment {
  // An erased candidate (015) has no account left: no e-mail, no phone.
  return {
    id: row.id,
    templateId: row.templateId,
    title: row.title,
    roleName: row.roleName,
    description: row.description,
    candidateId: row.candidateId,
    candidateName: row.candidateName,
    candidateErasedAt: iso(row.candidateErasedAt),
    candidateEmail: candidate.email,
    candidatePhone: candidate.phone,
    recruiterId: row.recruiterId,
    recruiterName: row.recruiterName,
    companyName: row.companyName,
    status: row.status,
    tasks: row.tasks,
    message: row.message,
    durationHours: row.durationHours,
    createdAt: row.createdAt.toISOString(),
    dueDate: row.dueDate,
    startedAt: iso(row.startedAt),
    completedDate: iso(row.completedDate),
    feedback: row.feedback,
    score: row.score,
    reviewedAt: iso(row.reviewedAt),
    submittedBy: row.submittedBy,
    blindReview: row.blindReview,
    identityHidden: false,
    identityRevealedAt: iso(row.identityRevealedAt),
    project: row.projectInfo,
  };
}

/** Rows with the candidate's e-mail and phone, which recruiters see in the details. */
async function selectAssessments(db: Db, where: SQL | undefined, viewer: Actor | null) {
  const rows = await db
    .select({
      row: rowColumns,
      email: user.email,
      phone: sql<string | null>`${profile.details}->>'phone'`,
    })
    .from(assessment)
    // Left join: an erased candidate's assessments stay, anonymised (015).
    .leftJoin(user, eq(user.id, assessment.candidateId))
    .leftJoin(profile, eq(profile.userId, assessment.candidateId))
    .where(where)
    .orderBy(desc(assessment.createdAt));
  return rows.map((r) =>
    toAssessment(r.row, { email: r.email ?? '', phone: r.phone ?? '' }, viewer),
  );
}

/** Who may see an assessment: its candidate, its recruiter, any admin. */
function canView(actor: Actor, row: Pick<Row, 'candidateId' | 'recruiterId'>) {
  return (
    actor.role === 'admin' ||
    (actor.role === 'candidate' && row.candidateId === actor.id) ||
    (actor.role === 'recruiter' && row.recruiterId === actor.id)
  );
}

export async function loadRow(db: Db, actor: Actor, id: string): Promise<Row> {
  const [row] = await db.select(rowColumns).from(assessment).where(eq(assessment.id, id));
  if (!row) throw notFound(ASSESSMENT_TEXTS.assessmentNotFound);
  if (!canView(actor, row)) throw forbidden(ASSESSMENT_TEXTS.noPermission);
  return row;
}

export async function listAssessments(deps: AssessmentDeps, actor: Actor, status?: string) {
  const { db } = deps;
  if (status && !(ASSESSMENT_STATUSES as readonly string[]).includes(status)) {
    throw new AppError(400, 'status must be scheduled, in-progress or completed');
  }
  const own =
    actor.role === 'candidate'
      ? eq(assessment.candidateId, actor.id)
      : actor.role === 'recruiter'
        ? eq(assessment.recruiterId, actor.id)
        : undefined;
  const where = and(own, status ? eq(assessment.status, status as Row['status']) : undefined);
  let list = await selectAssessments(db, where, actor);
  // One whose time ran out is submitted as it is read (the periodic sweep may not have run yet).
  const overdue = list.filter((a) => isOverdue(a));
  if (overdue.length > 0) {
    for (const a of overdue) await submitOverdue(deps, a.id);
    list = await selectAssessments(db, where, actor);
  }
  if (actor.role === 'candidate') return list;
  // The reviewer's Results list flags copied work (docs/decisions/026); candidates never see it.
  const flags = await similarityFlags(db, where);
  return list.map((a) => ({ ...a, similarityFlag: flags.get(a.id) ?? null }));
}

/**
 * The best similarity match (per cent of the submission) of each listed assessment whose best
 * match reaches its template's threshold (50 when the template is gone): one grouped query.
 */
async function similarityFlags(db: Db, where: SQL | undefined): Promise<Map<string, number>> {
  const rows = await db
    .select({
      id: similarityMatch.assessmentId,
      best: sql<number>`max(${similarityMatch.percent})`.mapWith(Number),
      threshold: assessmentTemplate.similarityThreshold,
    })
    .from(similarityMatch)
    .innerJoin(assessment, eq(assessment.id, similarityMatch.assessmentId))
    .leftJoin(assessmentTemplate, eq(assessmentTemplate.id, assessment.templateId))
    .where(where)
    .groupBy(similarityMatch.assessmentId, assessmentTemplate.similarityThreshold);
  return new Map(rows.filter((r) => r.best >= (r.threshold ?? 50)).map((r) => [r.id, r.best]));
}

export async function getAssessment(deps: AssessmentDeps, actor: Actor, id: string) {
  const row = await loadRow(deps.db, actor, id);
  if (isOverdue(row)) await submitOverdue(deps, row.id);
  const [result] = await selectAssessments(deps.db, eq(assessment.id, row.id), actor);
  return result!;
}

/** In progress (or never submitted) and past its timer plus the grace for a last save. */
export function isOverdue(
  row: { status: string; startedAt: Date | string | null; durationHours: number },
  now = Date.now(),
): boolean {
  const end = deadlineMs(row.startedAt, row.durationHours);
  return row.status !== 'completed' && end !== null && now > end + SUBMIT_GRACE_MS;
}

/** Tell the candidate, the recruiter and admins that this assessment changed. */
async function announce(
  deps: AssessmentDeps,
  row: Pick<Row, 'id' | 'candidateId' | 'recruiterId'>,
) {
  await deps.bus.publish(changedEvent(row));
}

function changedEvent(row: Pick<Row, 'id' | 'candidateId' | 'recruiterId'>) {
  return {
    audience: {
      userIds: [row.candidateId, row.recruiterId].filter((id): id is string => id !== null),
      roles: ['admin' as const],
    },
    event: { type: 'assessment.changed' as const, assessmentId: row.id },
  };
}

export async function assignAssessment(
  deps: AssessmentDeps,
  actor: Actor,
  input: Required<AssignInput>,
) {
  assertRole(actor, 'recruiter');
  const id = await assign(deps, actor, input);
  return getAssessment(deps, actor, id);
}

/** An open transaction, for callers that add their own writes to an assignment. */
export type AssessmentTx = Tx;

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
    const mail = await insertAssignment(tx, deps, {
      id,
      templateRow,
      candidate,
      actor,
      companyName,
      dueDate: input.dueDate,
      message: input.message,
    });
    await w.mail(mail);
    const { audience, event } = changedEvent({
      id,
      candidateId: candidate.id,
      recruiterId: actor.id,
    });
    w.publish(audience, event);
    return id;
  });
}

/**
 * The writes of one assignment inside the caller's transaction: the assessment (a copy of
 * the template), the recruiter's link to the candidate. Answers the invitation mail for the
 * caller to queue. Shared by Assign and the bulk upload (features/bulk-invitations).
 */
export async function insertAssignment(
  tx: AssessmentTx,
  deps: Pick<AssessmentDeps, 'appUrl'>,
  input: {
    id: string;
    templateRow: typeof assessmentTemplate.$inferSelect;
    candidate: { id: string; name: string; email: string };
    actor: Actor;
    companyName: string;
    dueDate: string;
    message: string;
  },
): Promise<Mail> {
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
  return invitationMail({
    language: await recipientLanguage(tx, candidate.id),
    candidateName: candidate.name,
    candidateEmail: candidate.email,
    recruiterName: actor.name,
    companyName,
    title: templateRow.title,
    dueDate: input.dueDate,
    message: input.message,
    url: `${deps.appUrl}/assessment/${id}`,
  });
}

/** The company name assignments carry: the recruiter's profile's. */
export async function recruiterCompany(
  db: Db | AssessmentTx,
  recruiterId: string,
): Promise<string> {
  const [recruiterProfile] = await db
    .select({ details: profile.details })
    .from(profile)
    .where(eq(profile.userId, recruiterId));
  return (recruiterProfile?.details ?? emptyProfileDetails()).company.name;
}

/** Tell the candidate, the recruiter and admins that these assessments changed. */
export async function announceAssigned(
  deps: AssessmentDeps,
  rows: { id: string; candidateId: string; recruiterId: string }[],
) {
  for (const row of rows) await announce(deps, row);
}

/**
 * Only the assessment's own candidate works on it, only until it is submitted, and only
 * while the time lasts (a late change submits what is there and is refused).
 */
export async function loadForCandidateWork(deps: AssessmentDeps, actor: Actor, id: string) {
  const row = await loadRow(deps.db, actor, id);
  if (actor.role !== 'candidate' || row.candidateId !== actor.id) {
    throw forbidden('Only the candidate can work on this assessment');
  }
  if (row.status === 'completed' || row.reviewedAt) {
    throw forbidden(ASSESSMENT_TEXTS.submittedLocked);
  }
  if (isOverdue(row)) {
    await submitOverdue(deps, row.id);
    throw forbidden(ASSESSMENT_TEXTS.timeIsUp);
  }
  return row;
}

export async function startAssessment(deps: AssessmentDeps, actor: Actor, id: string) {
  const row = await loadRow(deps.db, actor, id);
  if (actor.role !== 'candidate' || row.candidateId !== actor.id) {
    throw forbidden('Only the candidate can start this assessment');
  }
  if (row.status === 'scheduled' || !row.startedAt) {
    await deps.db
      .update(assessment)
      .set({
        startedAt: row.startedAt ?? new Date(),
        status: row.status === 'scheduled' ? 'in-progress' : row.status,
      })
      .where(eq(assessment.id, id));
    await announce(deps, row);
  }
  return getAssessment(deps, actor, id);
}

/** Ticking tracks progress only: the assessment stays in progress until it is submitted. */
async function saveTasks(deps: AssessmentDeps, row: Row, tasks: Row['tasks']) {
  await deps.db
    .update(assessment)
    .set({ tasks, status: 'in-progress', startedAt: row.startedAt ?? new Date() })
    .where(and(eq(assessment.id, row.id), ne(assessment.status, 'completed')));
  await announce(deps, row);
}

export async function setTaskCompleted(
  deps: AssessmentDeps,
  actor: Actor,
  id: string,
  taskId: string,
  input: { completed: boolean },
) {
  const row = await loadForCandidateWork(deps, actor, id);
  if (!row.tasks.some((t) => t.id === taskId)) throw notFound('Task not found');
  const tasks = row.tasks.map((t) => (t.id === taskId ? { ...t, completed: input.completed } : t));
  await saveTasks(deps, row, tasks);
  return getAssessment(deps, actor, id);
}

/** The spec's Mark All toggle, for the tasks only: it never submits. */
export async function toggleAllTasks(deps: AssessmentDeps, actor: Actor, id: string) {
  const row = await loadForCandidateWork(deps, actor, id);
  await saveTasks(deps, row, toggleAll(row.tasks).tasks);
  return getAssessment(deps, actor, id);
}

// --- submission ------------------------------------------------------------------------

/** A bell item for one user about an assessment, written in the caller's transaction. */
async function addNotification(
  tx: Tx,
  input: {
    /** Null for an erased candidate: nobody to tell, nothing is added. */
    userId: string | null;
    assessmentId: string;
    event: AssessmentNotificationEvent;
    title: string;
    fromName: string;
  },
) {
  const { userId, ...rest } = input;
  if (userId === null) return;
  await tx.insert(assessmentNotification).values({ id: newId(), userId, ...rest });
}

/** Where and in which language (docs/decisions/023) to write to a user. */
async function emailOf(db: Db, userId: string | null) {
  if (userId === null) return null;
  const [row] = await db
    .select({ email: user.email, name: user.name })
    .from(user)
    .where(eq(user.id, userId));
  return row ? { ...row, language: await recipientLanguage(db, userId) } : null;
}

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
  const mail: Mail | null = recruiter
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
  const mailId = await db.transaction(async (tx) => {
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
    if (!updated) return false;
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
    return mail ? enqueueMail(tx, mail) : null;
  });
  if (mailId === false) throw new AppError(409, ASSESSMENT_TEXTS.alreadySubmitted);
  if (mailId && mail) deps.mailer.announce(mailId, mail);
  await announce(deps, row);
  return actor ? getAssessment(deps, actor, id) : null;
}

/** The timer ran out: submit what is there; someone else submitting first is fine. */
async function submitOverdue(deps: AssessmentDeps, id: string) {
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

// --- review ----------------------------------------------------------------------------

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
  let mailId: string | null = null;
  // The evaluation, its audit row, the candidate's notice and mail: one transaction.
  await auditedEvaluation(deps.db, actor, row, async (tx) => {
    const rows = await tx
      .update(assessment)
      .set({ score: input.score, feedback: input.feedback, reviewedAt: new Date() })
      .where(eq(assessment.id, id))
      .returning();
    if (tell) {
      await addNotification(tx, {
        userId: row.candidateId,
        assessmentId: id,
        event: 'scored',
        title: row.title,
        fromName: actor.name,
      });
      if (mail) mailId = await enqueueMail(tx, mail);
    }
    return rows;
  });
  if (mailId && mail) deps.mailer.announce(mailId, mail);
  await announce(deps, row);
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
    await deps.db.transaction(async (tx) => {
      const [done] = await tx
        .update(assessment)
        .set({ identityRevealedAt: new Date() })
        .where(and(eq(assessment.id, id), isNull(assessment.identityRevealedAt)))
        .returning({ at: assessment.identityRevealedAt });
      if (!done) return;
      await recordAudit(tx, {
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
    await announce(deps, row);
  }
  return getAssessment(deps, actor, id);
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
  const mailId = await deps.db.transaction(async (tx) => {
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
      await recordAudit(tx, {
        actor,
        action: 'assessment.due-date',
        targetType: 'assessment',
        targetId: id,
        before: { dueDate: row.dueDate },
        after: { dueDate: input.dueDate },
      });
    }
    return mail ? enqueueMail(tx, mail) : null;
  });
  if (mailId && mail) deps.mailer.announce(mailId, mail);
  await announce(deps, row);
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
    const mailId = await deps.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(assessment)
        .set({ reminderSentAt: now })
        .where(and(eq(assessment.id, r.id), isNull(assessment.reminderSentAt)))
        .returning({ id: assessment.id });
      return claimed ? enqueueMail(tx, mail) : null;
    });
    if (mailId) {
      sent += 1;
      deps.mailer.announce(mailId, mail);
    }
  }
  return sent;
}

// --- files ---------------------------------------------------------------------------

type ProjectFiles = Pick<SampleProject, 'files' | 'hiddenFiles' | 'candidatesMayEditTests'>;

/** The template's files (with hidden tests) and every stored row of the candidate's work. */
async function loadProjectState(db: Db | Tx, id: string) {
  const [project] = await db
    .select({
      files: sql<ProjectFile[]>`${assessment.project}->'files'`,
      hiddenFiles: sql<ProjectFile[] | null>`${assessment.project}->'hiddenFiles'`,
      candidatesMayEditTests: sql<
        boolean | null
      >`(${assessment.project}->>'candidatesMayEditTests')::boolean`,
    })
    .from(assessment)
    .where(eq(assessment.id, id));
  const rows = await db
    .select({
      fileName: candidateFile.fileName,
      content: candidateFile.content,
      editedAt: candidateFile.editedAt,
      origin: candidateFile.origin,
      deleted: candidateFile.deleted,
      renamedTo: candidateFile.renamedTo,
      updatedAt: candidateFile.updatedAt,
    })
    .from(candidateFile)
    .where(eq(candidateFile.assessmentId, id));
  const template: ProjectFiles = {
    files: project?.files ?? [],
    hiddenFiles: project?.hiddenFiles ?? [],
    candidatesMayEditTests: project?.candidatesMayEditTests ?? false,
  };
  return { template, rows };
}

/**
 * The project's files now: the template's files as the candidate changed them, each marked
 * (added, renamed from ...), then the template files the candidate deleted (marked deleted,
 * empty), for reviewers.
 */
export async function listFiles(
  { db }: AssessmentDeps,
  actor: Actor,
  id: string,
): Promise<CandidateFile[]> {
  await loadRow(db, actor, id);
  const { template, rows } = await loadProjectState(db, id);
  const updated = new Map(rows.map((r) => [r.fileName, r.updatedAt]));
  const rules = protectedPathsOf(template);
  const live = liveFiles(template.files, rows).map((file) => ({
    fileName: file.path,
    content: file.content,
    editedAt: file.editedAt,
    updatedAt: iso(updated.get(file.path) ?? null),
    ...changeOf(file),
    protected: isProtectedPath(file.path, rules),
  }));
  const deleted = deletedTemplatePaths(template.files, rows).map((path) => ({
    fileName: path,
    content: '',
    editedAt: rows.find((r) => r.fileName === path)?.editedAt ?? null,
    updatedAt: iso(updated.get(path) ?? null),
    change: 'deleted' as const,
    renamedFrom: null,
    protected: false,
  }));
  return [...live, ...deleted];
}

/** Every path with a recording or a file: the template's and any the candidate used. */
export async function knownPaths(db: Db, id: string): Promise<Set<string>> {
  const { template, rows } = await loadProjectState(db, id);
  return new Set([...template.files.map((f) => f.path), ...rows.map((r) => r.fileName)]);
}

/**
 * The autosave in one statement, on the raw connection (it runs every few seconds per
 * open workspace): the upsert happens only when the caller is the assessment's
 * candidate, it is neither submitted nor reviewed nor past its time, the file is one of
 * the template's (not deleted or renamed away, not a protected test), the stored edit is
 * not newer, and the limits hold. Checks and write are one statement, so a submit cannot
 * slip in between them. Anything else (a file the candidate created or renamed, a refusal)
 * takes the careful path below.
 */
const SAVE_FILE_SQL = `insert into candidate_file (assessment_id, file_name, candidate_id, content, edited_at, origin)
  select a.id, $2, $3, $4, $5, $2 from assessment a
   where a.id = $1 and a.candidate_id = $3 and a.status <> 'completed' and a.reviewed_at is null
     and (a.started_at is null
       or now() <= a.started_at + make_interval(hours => a.duration_hours, secs => $6::int))
     and exists (select 1 from jsonb_array_elements(a.project->'files') f where f->>'path' = $2)
     and $7::boolean
     and octet_length($4) <= ${PROJECT_LIMITS.fileBytes}
     and octet_length($4)
       + (select coalesce(sum(octet_length(c.content)), 0) from candidate_file c
           where c.assessment_id = a.id and not c.deleted and c.file_name <> $2)
       + (select coalesce(sum(octet_length(f->>'content')), 0) from jsonb_array_elements(a.project->'files') f
           where not exists (select 1 from candidate_file c where c.assessment_id = a.id and c.file_name = f->>'path'))
       <= ${PROJECT_LIMITS.projectBytes}
  on conflict (assessment_id, file_name) do update
    set content = excluded.content, edited_at = excluded.edited_at, updated_at = now()
    where candidate_file.edited_at <= excluded.edited_at and not candidate_file.deleted
  returning content, edited_at, updated_at`;

export async function saveFile(
  deps: AssessmentDeps,
  actor: Actor,
  id: string,
  fileName: string,
  input: FileSave,
): Promise<CandidateFile> {
  // A test file can be protected: decided from the path alone, so the fast path stays one statement.
  const maybeTest = hasTestFiles([fileName]);
  const [stored] = await rawQuery(deps.db)<{
    content: string;
    edited_at: number | string;
    updated_at: Date | string;
  }>(SAVE_FILE_SQL, [
    id,
    fileName,
    actor.id,
    input.content,
    input.editedAt,
    SUBMIT_GRACE_MS / 1000,
    !maybeTest,
  ]);
  if (stored) {
    return {
      fileName,
      content: stored.content,
      editedAt: Number(stored.edited_at),
      updatedAt: iso(new Date(stored.updated_at)),
    };
  }
  // Not saved in one statement: the checks below say why or save it (a created or renamed file).
  await loadForCandidateWork(deps, actor, id);
  return changeProjectLocked(deps, id, async (tx, state) => {
    const { template, rows } = state;
    const rules = protectedPathsOf(template);
    // A save sent before a rename lands under the file's new name.
    const target = resolveRenamed(rows, fileName);
    const row = rows.find((r) => r.fileName === target);
    const inTemplate = template.files.some((f) => f.path === target);
    if (!row && !inTemplate) throw notFound(PATH_TEXTS.notFound(fileName));
    if (isProtectedPath(target, rules)) throw forbidden(PATH_TEXTS.protectedPath(target));
    const { content, editedAt } = input;
    if (row && row.editedAt > editedAt) {
      // The server holds a newer edit (or deleted the file after this edit was made).
      throw new StaleFileError(fileOf(row));
    }
    if (row?.deleted) {
      // An edit made after the delete (another tab): the file comes back with it.
      const live = liveFiles(template.files, rows).map((f) => f.path);
      const problem = newPathProblem(live, target, rules);
      if (problem) throw new AppError(409, problem, [{ path: ['path'], message: problem }]);
    }
    const next = withContent(state, target, content);
    refuseOverLimits(next);
    const [saved] = await tx
      .insert(candidateFile)
      .values({
        assessmentId: id,
        fileName: target,
        candidateId: actor.id,
        content,
        editedAt,
        origin: row ? (row.deleted ? (inTemplate ? target : null) : row.origin) : target,
      })
      .onConflictDoUpdate({
        target: [candidateFile.assessmentId, candidateFile.fileName],
        set: {
          content,
          editedAt,
          updatedAt: new Date(),
          deleted: false,
          renamedTo: null,
          ...(row?.deleted ? { origin: inTemplate ? target : null } : {}),
        },
      })
      .returning();
    return {
      fileName: target,
      content: saved!.content,
      editedAt: saved!.editedAt,
      updatedAt: iso(saved!.updatedAt),
    };
  });
}

type ProjectState = Awaited<ReturnType<typeof loadProjectState>>;

const fileOf = (row: ProjectState['rows'][number]): CandidateFile => ({
  fileName: row.fileName,
  content: row.deleted ? '' : row.content,
  editedAt: row.editedAt,
  updatedAt: iso(row.updatedAt),
  ...(row.deleted ? { change: 'deleted' as const } : {}),
});

/** The live files if `path` held `content` (a save or a create). */
function withContent(state: ProjectState, path: string, content: string) {
  const live = liveFiles(state.template.files, state.rows).filter((f) => f.path !== path);
  return [...live, { path, content }];
}

function refuseOverLimits(files: readonly { content: string }[]) {
  const problem = projectLimitProblem(files);
  if (problem) throw new AppError(413, problem, [{ path: ['content'], message: problem }]);
}

/**
 * Runs a change of the project's files in one transaction holding the assessment's row, so
 * two tabs (or a save and a rename) never interleave: the second sees the first's result.
 * The checks that the candidate may still work on it run again under the lock.
 */
async function changeProjectLocked<T>(
  deps: AssessmentDeps,
  id: string,
  change: (tx: Tx, state: ProjectState) => Promise<T>,
): Promise<T> {
  return deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({
        status: assessment.status,
        reviewedAt: assessment.reviewedAt,
        startedAt: assessment.startedAt,
        durationHours: assessment.durationHours,
      })
      .from(assessment)
      .where(eq(assessment.id, id))
      .for('update');
    if (!locked) throw notFound(ASSESSMENT_TEXTS.assessmentNotFound);
    if (locked.status === 'completed' || locked.reviewedAt || isOverdue(locked)) {
      throw forbidden(PATH_TEXTS.readOnly);
    }
    return change(tx, await loadProjectState(tx, id));
  });
}

/** 409: the server holds a newer edit; the client gets it back to reconcile. */
export class StaleFileError extends AppError {
  constructor(readonly file: CandidateFile) {
    super(409, 'A newer version of this file is already saved', undefined, { file });
  }
}

const refuse = (status: 400 | 403 | 404 | 409, message: string, field = 'path') =>
  new AppError(status, message, [{ path: [field], message }]);

/**
 * Creates, renames (a file or a folder) or deletes (a file or a folder) in the candidate's
 * project: every rule of src/domain/project-paths.ts checked under the assessment's lock,
 * the change written and recorded for the playback timeline in one transaction. Answers the
 * project's files after the change.
 */
export async function changeFiles(
  deps: AssessmentDeps,
  actor: Actor,
  id: string,
  input: ProjectChange,
): Promise<CandidateFile[]> {
  await loadForCandidateWork(deps, actor, id);
  const touched: string[] = [];
  await changeProjectLocked(deps, id, async (tx, state) => {
    const { template, rows } = state;
    const rules = protectedPathsOf(template);
    const live = liveFiles(template.files, rows);
    const livePaths = live.map((f) => f.path);
    const byPath = new Map(rows.map((r) => [r.fileName, r]));
    const upsert = async (values: {
      fileName: string;
      content: string;
      editedAt: number;
      origin: string | null;
      deleted: boolean;
      renamedTo: string | null;
    }) => {
      await tx
        .insert(candidateFile)
        .values({ assessmentId: id, candidateId: actor.id, ...values })
        .onConflictDoUpdate({
          target: [candidateFile.assessmentId, candidateFile.fileName],
          set: { ...values, updatedAt: new Date() },
        });
    };
    const inTemplate = (path: string) => template.files.some((f) => f.path === path);

    if (input.op === 'create') {
      const problem = newPathProblem(livePaths, input.path, rules);
      if (problem) {
        const status = isProtectedPath(input.path, rules)
          ? 403
          : pathProblem(input.path)
            ? 400
            : 409;
        throw refuse(status, problem);
      }
      const next = withContent(state, input.path, input.content);
      const limit = projectLimitProblem(next);
      if (limit) throw new AppError(413, limit, [{ path: ['path'], message: limit }]);
      touched.push(input.path);
      await upsert({
        fileName: input.path,
        content: input.content,
        editedAt: input.editedAt,
        origin: inTemplate(input.path) ? input.path : null,
        deleted: false,
        renamedTo: null,
      });
    } else {
      const moved = pathsUnder(livePaths, input.path);
      if (moved.length === 0) throw refuse(404, PATH_TEXTS.notFound(input.path));
      const locked = moved.find((p) => isProtectedPath(p, rules));
      if (locked) throw refuse(403, PATH_TEXTS.protectedPath(locked));
      if (input.op === 'rename') {
        if (input.to === input.path) return;
        const others = livePaths.filter((p) => !moved.includes(p));
        const renames = moved.map((from) => ({
          from,
          to: input.to + from.slice(input.path.length),
        }));
        for (const { to } of renames) {
          const problem = newPathProblem(others, to, rules);
          if (problem) {
            const status = isProtectedPath(to, rules) ? 403 : pathProblem(to) ? 400 : 409;
            throw refuse(status, problem, 'to');
          }
        }
        for (const { from, to } of renames) {
          const file = live.find((f) => f.path === from)!;
          const row = byPath.get(from);
          touched.push(to);
          // The edit time moves with the text, so an edit made before the rename still lands.
          await upsert({
            fileName: to,
            content: file.content,
            editedAt: row?.editedAt ?? 0,
            origin: file.origin,
            deleted: false,
            renamedTo: null,
          });
          // A case-only rename (a.ts to A.ts) leaves no old row to mark.
          if (to !== from) {
            await upsert({
              fileName: from,
              content: '',
              editedAt: Math.max(input.editedAt, row?.editedAt ?? 0),
              origin: file.origin,
              deleted: true,
              renamedTo: to,
            });
            // Older names of this file follow it too.
            await tx
              .update(candidateFile)
              .set({ renamedTo: to })
              .where(and(eq(candidateFile.assessmentId, id), eq(candidateFile.renamedTo, from)));
          }
        }
      } else {
        for (const path of moved) {
          const row = byPath.get(path);
          const file = live.find((f) => f.path === path)!;
          await upsert({
            fileName: path,
            content: '',
            editedAt: Math.max(input.editedAt, row?.editedAt ?? 0),
            origin: file.origin,
            deleted: true,
            renamedTo: null,
          });
        }
      }
    }
    await tx.insert(projectChange).values({
      id: timestampId('chg'),
      assessmentId: id,
      op: input.op,
      path: input.path,
      toPath: input.op === 'rename' ? input.to : null,
      at: input.editedAt,
    });
  });
  // The files the change made (a created file, a rename's new paths); a delete makes none.
  const after = await listFiles(deps, actor, id);
  return after.filter((f) => touched.includes(f.fileName));
}

/** The candidate's creates, renames and deletes, oldest first (reviewers' playback timeline). */
export async function listProjectChanges(
  deps: AssessmentDeps,
  actor: Actor,
  id: string,
): Promise<ProjectChangeEntry[]> {
  assertRole(actor, 'recruiter', 'admin');
  await loadRow(deps.db, actor, id);
  const changes = await deps.db
    .select()
    .from(projectChange)
    .where(eq(projectChange.assessmentId, id))
    .orderBy(asc(projectChange.at), asc(projectChange.id));
  return changes.map((c) => ({ op: c.op, path: c.path, to: c.toPath, at: c.at }));
}

// --- answers -----------------------------------------------------------------------------

/** The written answer of every text and document task ('' where none is saved yet). */
export async function listAnswers(
  { db }: AssessmentDeps,
  actor: Actor,
  id: string,
): Promise<TaskAnswer[]> {
  const row = await loadRow(db, actor, id);
  const saved = await db.select().from(taskAnswer).where(eq(taskAnswer.assessmentId, id));
  const byTask = new Map(saved.map((a) => [a.taskId, a]));
  return row.tasks
    .filter((t) => hasWrittenAnswer(t.type))
    .map((t) => {
      const own = byTask.get(t.id);
      return {
        taskId: t.id,
        content: own?.content ?? '',
        editedAt: own?.editedAt ?? null,
        updatedAt: iso(own?.updatedAt ?? null),
      };
    });
}

/** Saves an answer like a file: unless the server already holds a newer edit (then 409). */
export async function saveAnswer(
  deps: AssessmentDeps,
  actor: Actor,
  id: string,
  taskId: string,
  input: AnswerSave,
): Promise<TaskAnswer> {
  const row = await loadForCandidateWork(deps, actor, id);
  const task = row.tasks.find((t) => t.id === taskId);
  if (!task) throw notFound('Task not found');
  if (!hasWrittenAnswer(task.type)) {
    throw new AppError(400, 'Code tasks are answered in the files, not with a written answer');
  }
  const { content, editedAt } = input;
  const saved = await deps.db
    .insert(taskAnswer)
    .values({ assessmentId: id, taskId, candidateId: actor.id, content, editedAt })
    .onConflictDoUpdate({
      target: [taskAnswer.assessmentId, taskAnswer.taskId],
      set: { content, editedAt, updatedAt: new Date() },
      setWhere: sql`${taskAnswer.editedAt} <= ${editedAt}`,
    })
    .returning();
  const [current] = saved.length
    ? saved
    : await deps.db
        .select()
        .from(taskAnswer)
        .where(and(eq(taskAnswer.assessmentId, id), eq(taskAnswer.taskId, taskId)));
  const answer = {
    taskId,
    content: current!.content,
    editedAt: current!.editedAt,
    updatedAt: iso(current!.updatedAt),
  };
  if (saved.length === 0) {
    throw new AppError(409, 'A newer version of this answer is already saved', undefined, {
      answer,
    });
  }
  return answer;
}

/** Opening an assessment's bell item marks it read (only the user's own). */
export async function markAssessmentNotificationsRead(
  { db }: AssessmentDeps,
  actor: Actor,
  ids: string[],
) {
  if (ids.length === 0) return;
  await db
    .update(assessmentNotification)
    .set({ readAt: new Date() })
    .where(
      and(
        inArray(assessmentNotification.id, ids),
        eq(assessmentNotification.userId, actor.id),
        isNull(assessmentNotification.readAt),
      ),
    );
}
