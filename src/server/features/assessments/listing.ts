/** The read side: a user's list of assessments and one assessment, submitted if its time ran out. */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { ASSESSMENT_STATUSES } from '../../../domain/assessments';
import type { Db } from '../../db/client';
import { assessment, assessmentTemplate, similarityMatch } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Actor } from '../../lib/http';
import { type AssessmentDeps, isOverdue, loadRow, type Row, selectAssessments } from './read-model';
import { submitOverdue } from './submission';

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
