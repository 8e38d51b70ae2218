/** The candidate at work: who may work on it, starting it, ticking tasks. */
import { and, eq, ne } from 'drizzle-orm';
import { ASSESSMENT_TEXTS, toggleAll } from '../../../domain/assessments';
import { assessment } from '../../db/schema';
import { forbidden, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/http';
import { write } from '../../lib/unit-of-work';
import { getAssessment } from './listing';
import { type AssessmentDeps, changedEvent, isOverdue, loadRow, type Row } from './read-model';
import { submitOverdue } from './submission';

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
    await write(deps, async (w) => {
      await w.tx
        .update(assessment)
        .set({
          startedAt: row.startedAt ?? new Date(),
          status: row.status === 'scheduled' ? 'in-progress' : row.status,
        })
        .where(eq(assessment.id, id));
      const { audience, event } = changedEvent(row);
      w.publish(audience, event);
    });
  }
  return getAssessment(deps, actor, id);
}

/** Ticking tracks progress only: the assessment stays in progress until it is submitted. */
async function saveTasks(deps: AssessmentDeps, row: Row, tasks: Row['tasks']) {
  await write(deps, async (w) => {
    await w.tx
      .update(assessment)
      .set({ tasks, status: 'in-progress', startedAt: row.startedAt ?? new Date() })
      .where(and(eq(assessment.id, row.id), ne(assessment.status, 'completed')));
    const { audience, event } = changedEvent(row);
    w.publish(audience, event);
  });
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
