import { z } from 'zod';
import { candidateFileSchema, taskAnswerSchema } from '../../../../domain/assessments';
import type { SaveBody, SaveOutcome } from '../lib/file-sync';
import { sendToServer, UNEXPECTED } from './send-to-server';

type Stored = z.infer<typeof candidateFileSchema>;

/**
 * A PUT of versioned text (a file or an answer) for the autosave, through the outbox's one
 * request (send-to-server.ts); reads the stored version out of a 409. Never throws.
 */
async function putVersioned(
  url: string,
  body: SaveBody,
  keepalive: boolean,
  read: {
    saved: (payload: unknown) => Stored | null;
    conflict: (payload: unknown) => Stored | null;
  },
): Promise<SaveOutcome> {
  const answer = await sendToServer('PUT', url, body, { keepalive, failure: 'Saving failed' });
  if (answer.ok) {
    const file = read.saved(answer.payload);
    return file ? { kind: 'saved', file } : { kind: 'failed', ...UNEXPECTED };
  }
  if (answer.status === 409) {
    const file = read.conflict(answer.payload);
    if (file) return { kind: 'conflict', file };
  }
  return { kind: 'failed', status: answer.status, message: answer.message };
}

const fileConflict = z.object({ message: z.string(), file: candidateFileSchema });

/** PUT /api/assessments/:id/files/:fileName for the editor's autosave. */
export function putAssessmentFile(
  assessmentId: string,
  fileName: string,
  body: SaveBody,
  { keepalive }: { keepalive: boolean },
): Promise<SaveOutcome> {
  return putVersioned(
    `/api/assessments/${encodeURIComponent(assessmentId)}/files/${encodeURIComponent(fileName)}`,
    body,
    keepalive,
    {
      saved: (p) => candidateFileSchema.safeParse(p).data ?? null,
      conflict: (p) => fileConflict.safeParse(p).data?.file ?? null,
    },
  );
}

const answerConflict = z.object({ message: z.string(), answer: taskAnswerSchema });

/** An answer as the sync keeps it: a "file" named after its task. */
const asFile = (answer: z.infer<typeof taskAnswerSchema>): Stored => ({
  fileName: answer.taskId,
  content: answer.content,
  editedAt: answer.editedAt,
  updatedAt: answer.updatedAt,
});

/** PUT /api/assessments/:id/answers/:taskId for an answer's autosave. */
export function putTaskAnswer(
  assessmentId: string,
  taskId: string,
  body: SaveBody,
  { keepalive }: { keepalive: boolean },
): Promise<SaveOutcome> {
  return putVersioned(
    `/api/assessments/${encodeURIComponent(assessmentId)}/answers/${encodeURIComponent(taskId)}`,
    body,
    keepalive,
    {
      saved: (p) => {
        const parsed = taskAnswerSchema.safeParse(p);
        return parsed.success ? asFile(parsed.data) : null;
      },
      conflict: (p) => {
        const parsed = answerConflict.safeParse(p);
        return parsed.success ? asFile(parsed.data.answer) : null;
      },
    },
  );
}
