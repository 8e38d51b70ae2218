import { and, desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import {
  ASSESSMENT_STATUSES,
  ASSESSMENT_TEXTS,
  type Assessment,
  assignInputSchema,
  type CandidateFile,
  evaluationInputSchema,
  fileSaveSchema,
  type ProjectFile,
  recruiterMayUse,
  statusFromTasks,
  taskUpdateSchema,
  toggleAll,
  toIsoDate,
} from '../../../domain/assessments';
import { emptyProfileDetails } from '../../../domain/profile';
import type { Db } from '../../db/client';
import {
  assessment,
  assessmentTemplate,
  candidateFile,
  profile,
  recruiterAssignment,
  user,
} from '../../db/schema';
import { AppError, forbidden, notFound, validationError } from '../../lib/errors';
import { type Actor, assertRole } from '../../lib/http';
import { timestampId } from '../../lib/ids';
import { enqueueMail, type Mailer } from '../../mail/outbox';
import type { EventBus } from '../../realtime/event-bus';
import { auditedEvaluation } from '../audit/evaluation-audit';
import { toTemplate } from '../templates/templates.service';
import { invitationMail } from './mails';

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
  projectInfo: sql<ProjectInfo>`(${assessment.project} - 'files') || jsonb_build_object('fileNames', coalesce((select jsonb_agg(f->'path') from jsonb_array_elements(${assessment.project}->'files') f), '[]'::jsonb))`,
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toAssessment(row: Row, candidate: { email: string; phone: string }): Assessment {
  return {
    id: row.id,
    templateId: row.templateId,
    title: row.title,
    roleName: row.roleName,
    description: row.description,
    candidateId: row.candidateId,
    candidateName: row.candidateName,
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
    project: row.projectInfo,
  };
}

/** Rows with the candidate's e-mail and phone, which recruiters see in the details. */
async function selectAssessments(db: Db, where: SQL | undefined) {
  const rows = await db
    .select({
      row: rowColumns,
      email: user.email,
      phone: sql<string | null>`${profile.details}->>'phone'`,
    })
    .from(assessment)
    .innerJoin(user, eq(user.id, assessment.candidateId))
    .leftJoin(profile, eq(profile.userId, assessment.candidateId))
    .where(where)
    .orderBy(desc(assessment.createdAt));
  return rows.map((r) => toAssessment(r.row, { email: r.email, phone: r.phone ?? '' }));
}

/** Who may see an assessment: its candidate, its recruiter, any admin. */
function canView(actor: Actor, row: Pick<Row, 'candidateId' | 'recruiterId'>) {
  return (
    actor.role === 'admin' ||
    (actor.role === 'candidate' && row.candidateId === actor.id) ||
    (actor.role === 'recruiter' && row.recruiterId === actor.id)
  );
}

async function loadRow(db: Db, actor: Actor, id: string): Promise<Row> {
  const [row] = await db.select(rowColumns).from(assessment).where(eq(assessment.id, id));
  if (!row) throw notFound(ASSESSMENT_TEXTS.assessmentNotFound);
  if (!canView(actor, row)) throw forbidden(ASSESSMENT_TEXTS.noPermission);
  return row;
}

export async function listAssessments({ db }: AssessmentDeps, actor: Actor, status?: string) {
  if (status && !(ASSESSMENT_STATUSES as readonly string[]).includes(status)) {
    throw new AppError(400, 'status must be scheduled, in-progress or completed');
  }
  const own =
    actor.role === 'candidate'
      ? eq(assessment.candidateId, actor.id)
      : actor.role === 'recruiter'
        ? eq(assessment.recruiterId, actor.id)
        : undefined;
  return selectAssessments(
    db,
    and(own, status ? eq(assessment.status, status as Row['status']) : undefined),
  );
}

export async function getAssessment({ db }: AssessmentDeps, actor: Actor, id: string) {
  const row = await loadRow(db, actor, id);
  const [result] = await selectAssessments(db, eq(assessment.id, row.id));
  return result!;
}

/** Tell the candidate, the recruiter and admins that this assessment changed. */
async function announce(
  deps: AssessmentDeps,
  row: Pick<Row, 'id' | 'candidateId' | 'recruiterId'>,
) {
  await deps.bus.publish({
    audience: { userIds: [row.candidateId, row.recruiterId], roles: ['admin'] },
    event: { type: 'assessment.changed', assessmentId: row.id },
  });
}

export async function assignAssessment(deps: AssessmentDeps, actor: Actor, body: unknown) {
  assertRole(actor, 'recruiter');
  const parsed = assignInputSchema.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error);
  const input = parsed.data;
  // A day of slack: the recruiter's "today" may be behind the server's in another time zone.
  const yesterday = toIsoDate(new Date(Date.now() - 86_400_000));
  if (input.dueDate < yesterday) {
    throw new AppError(400, 'The due date must not be in the past', [
      { path: ['dueDate'], message: 'The due date must not be in the past' },
    ]);
  }
  const { db } = deps;
  const [templateRow] = await db
    .select()
    .from(assessmentTemplate)
    .where(eq(assessmentTemplate.id, input.templateId));
  if (!templateRow) throw notFound('Assessment template not found');
  if (!recruiterMayUse(toTemplate(templateRow), actor.id)) {
    throw forbidden('You are not authorised to assign this template');
  }
  const [candidate] = await db
    .select({ id: user.id, name: user.name, email: user.email, role: user.role })
    .from(user)
    .where(eq(user.id, input.candidateId));
  if (candidate?.role !== 'candidate') {
    throw new AppError(400, ASSESSMENT_TEXTS.selectCandidate, [
      { path: ['candidateId'], message: ASSESSMENT_TEXTS.selectCandidate },
    ]);
  }
  const [recruiterProfile] = await db
    .select({ details: profile.details })
    .from(profile)
    .where(eq(profile.userId, actor.id));
  const companyName = (recruiterProfile?.details ?? emptyProfileDetails()).company.name;

  const id = timestampId('assessment');
  const mail = invitationMail({
    candidateName: candidate.name,
    candidateEmail: candidate.email,
    recruiterName: actor.name,
    companyName,
    title: templateRow.title,
    dueDate: input.dueDate,
    message: input.message,
    url: `${deps.appUrl}/assessment/${id}`,
  });
  const mailId = await db.transaction(async (tx) => {
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
    });
    await tx
      .insert(recruiterAssignment)
      .values({ candidateId: candidate.id, recruiterId: actor.id })
      .onConflictDoNothing();
    return enqueueMail(tx, mail);
  });
  deps.mailer.announce(mailId, mail);
  await announce(deps, { id, candidateId: candidate.id, recruiterId: actor.id });
  return getAssessment(deps, actor, id);
}

/** Only the assessment's own candidate works on it, and not once it has been reviewed. */
async function loadForCandidateWork(db: Db, actor: Actor, id: string) {
  const row = await loadRow(db, actor, id);
  if (actor.role !== 'candidate' || row.candidateId !== actor.id) {
    throw forbidden('Only the candidate can work on this assessment');
  }
  if (row.reviewedAt) {
    throw forbidden('This assessment has been reviewed and can no longer be changed');
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

async function saveTasks(
  deps: AssessmentDeps,
  row: Row,
  tasks: Row['tasks'],
  status: Row['status'],
) {
  await deps.db
    .update(assessment)
    .set({
      tasks,
      status,
      startedAt: row.startedAt ?? new Date(),
      completedDate: status === 'completed' ? (row.completedDate ?? new Date()) : null,
    })
    .where(eq(assessment.id, row.id));
  await announce(deps, row);
}

export async function setTaskCompleted(
  deps: AssessmentDeps,
  actor: Actor,
  id: string,
  taskId: string,
  body: unknown,
) {
  const parsed = taskUpdateSchema.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error);
  const row = await loadForCandidateWork(deps.db, actor, id);
  if (!row.tasks.some((t) => t.id === taskId)) throw notFound('Task not found');
  const tasks = row.tasks.map((t) =>
    t.id === taskId ? { ...t, completed: parsed.data.completed } : t,
  );
  await saveTasks(deps, row, tasks, statusFromTasks(tasks));
  return getAssessment(deps, actor, id);
}

export async function toggleAllTasks(deps: AssessmentDeps, actor: Actor, id: string) {
  const row = await loadForCandidateWork(deps.db, actor, id);
  const next = toggleAll(row.tasks);
  await saveTasks(deps, row, next.tasks, next.status);
  return getAssessment(deps, actor, id);
}

export async function saveEvaluation(
  deps: AssessmentDeps,
  actor: Actor,
  id: string,
  body: unknown,
) {
  assertRole(actor, 'recruiter', 'admin');
  const parsed = evaluationInputSchema.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error);
  const row = await loadRow(deps.db, actor, id);
  await auditedEvaluation(deps.db, actor, row, (tx) =>
    tx
      .update(assessment)
      .set({ score: parsed.data.score, feedback: parsed.data.feedback, reviewedAt: new Date() })
      .where(eq(assessment.id, id))
      .returning(),
  );
  await announce(deps, row);
  return getAssessment(deps, actor, id);
}

// --- files ---------------------------------------------------------------------------

export async function listFiles(
  { db }: AssessmentDeps,
  actor: Actor,
  id: string,
): Promise<CandidateFile[]> {
  await loadRow(db, actor, id);
  const [{ files } = { files: [] }] = await db
    .select({ files: sql<ProjectFile[]>`${assessment.project}->'files'` })
    .from(assessment)
    .where(eq(assessment.id, id));
  const saved = await db.select().from(candidateFile).where(eq(candidateFile.assessmentId, id));
  const byName = new Map(saved.map((f) => [f.fileName, f]));
  return files.map((file) => {
    const own = byName.get(file.path);
    return {
      fileName: file.path,
      content: own?.content ?? file.content,
      editedAt: own?.editedAt ?? null,
      updatedAt: iso(own?.updatedAt ?? null),
    };
  });
}

/**
 * Saves the candidate's text unless the server already holds a newer edit:
 * the condition sits in the upsert itself, so two tabs racing cannot lose the
 * newer text.
 */
export async function saveFile(
  deps: AssessmentDeps,
  actor: Actor,
  id: string,
  fileName: string,
  body: unknown,
): Promise<CandidateFile> {
  const parsed = fileSaveSchema.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error);
  const row = await loadForCandidateWork(deps.db, actor, id);
  if (row.status === 'completed') {
    throw forbidden('This assessment is completed; its files can no longer be changed');
  }
  if (!row.projectInfo.fileNames.includes(fileName)) throw notFound('File not found');
  const { content, editedAt } = parsed.data;
  const saved = await deps.db
    .insert(candidateFile)
    .values({ assessmentId: id, fileName, candidateId: actor.id, content, editedAt })
    .onConflictDoUpdate({
      target: [candidateFile.assessmentId, candidateFile.fileName],
      set: { content, editedAt, updatedAt: new Date() },
      setWhere: sql`${candidateFile.editedAt} <= ${editedAt}`,
    })
    .returning();
  const [current] = saved.length
    ? saved
    : await deps.db
        .select()
        .from(candidateFile)
        .where(and(eq(candidateFile.assessmentId, id), eq(candidateFile.fileName, fileName)));
  const file = {
    fileName,
    content: current!.content,
    editedAt: current!.editedAt,
    updatedAt: iso(current!.updatedAt),
  };
  if (saved.length === 0) {
    throw new StaleFileError(file);
  }
  return file;
}

/** 409: the server holds a newer edit; the client gets it back to reconcile. */
export class StaleFileError extends AppError {
  constructor(readonly file: CandidateFile) {
    super(409, 'A newer version of this file is already saved', undefined, { file });
  }
}
