/** Written answers of text and document tasks, saved like files (a newer edit wins). */
import { and, eq, sql } from 'drizzle-orm';
import { type AnswerSave, hasWrittenAnswer, type TaskAnswer } from '../../../domain/assessments';
import { taskAnswer } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/http';
import { loadForCandidateWork } from './candidate-work';
import { type AssessmentDeps, iso, loadRow } from './read-model';

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
