/**
 * The assessment as its viewers see it: the row without the project's file contents, who may
 * view it, and the shape sent (a blind reviewer never receives the identity).
 */
import { desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import {
  ASSESSMENT_TEXTS,
  type Assessment,
  deadlineMs,
  SUBMIT_GRACE_MS,
} from '../../../domain/assessments';
import { identityHiddenFrom, pseudonym } from '../../../domain/blind-review';
import type { Db } from '../../db/client';
import { aiTemplateSettings, assessment, profile, user } from '../../db/schema';
import { forbidden, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/http';
import type { Mailer } from '../../mail/outbox';
import type { EventBus } from '../../realtime/event-bus';
import type { AiReviewDeps } from '../ai-review/ai-review.service';

export interface AssessmentDeps {
  db: Db;
  bus: EventBus;
  mailer: Mailer;
  appUrl: string;
  /** AI-assisted review, for "after every submission" (none: no review is ever queued). */
  ai?: AiReviewDeps;
}

type FullRow = typeof assessment.$inferSelect;
type ProjectInfo = Assessment['project'];
/** A row without the project's file contents (tens of KB each), which most calls never need. */
export type Row = Omit<FullRow, 'project'> & {
  projectInfo: ProjectInfo;
  aiAssistedReview: boolean;
};

const { project: _project, ...columnsWithoutProject } = getTableColumns(assessment);
export const rowColumns = {
  ...columnsWithoutProject,
  // A subquery, not a join: every read keeps its one statement.
  aiAssistedReview: sql<boolean>`coalesce((select ${aiTemplateSettings.useAiReview} from ${aiTemplateSettings} where ${aiTemplateSettings.templateId} = ${assessment.templateId}), false)`,
  projectInfo: sql<ProjectInfo>`(${assessment.project} - 'files' - 'hiddenFiles') || jsonb_build_object('fileNames', coalesce((select jsonb_agg(f->'path') from jsonb_array_elements(${assessment.project}->'files') f), '[]'::jsonb), 'hasHiddenTests', coalesce(jsonb_array_length(${assessment.project}->'hiddenFiles'), 0) > 0)`,
};

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

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
    aiAssistedReview: row.aiAssistedReview,
    project: row.projectInfo,
  };
}

/** Rows with the candidate's e-mail and phone, which recruiters see in the details. */
export async function selectAssessments(db: Db, where: SQL | undefined, viewer: Actor | null) {
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

/** The assessment as `actor` may see it, as stored (callers that may submit it use getAssessment). */
export async function readAssessment(db: Db, actor: Actor, id: string): Promise<Assessment> {
  const row = await loadRow(db, actor, id);
  const [result] = await selectAssessments(db, eq(assessment.id, row.id), actor);
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

/** The event that tells the candidate, the recruiter and admins that this assessment changed. */
export function changedEvent(row: Pick<Row, 'id' | 'candidateId' | 'recruiterId'>) {
  return {
    audience: {
      userIds: [row.candidateId, row.recruiterId].filter((id): id is string => id !== null),
      roles: ['admin' as const],
    },
    event: { type: 'assessment.changed' as const, assessmentId: row.id },
  };
}
