import { z } from 'zod';
import { candidateFileSchema, taskAnswerSchema } from '../../../../domain/assessments';
import type { SaveBody, SaveOutcome } from '../lib/file-sync';

const errorBodySchema = z.object({ message: z.string() });

/** Browsers cap the bodies of keepalive requests at 64 KiB in total. */
const KEEPALIVE_MAX_CHARS = 60_000;

type Stored = z.infer<typeof candidateFileSchema>;

/**
 * A PUT of versioned text (a file or an answer) for the autosave. Unlike apiFetch it can
 * send with `keepalive` (so a save started as the page is hidden still reaches the server)
 * and reads the stored version out of a 409, and it never throws.
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
  const json = JSON.stringify(body);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'PUT',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: json,
      credentials: 'same-origin',
      keepalive: keepalive && json.length <= KEEPALIVE_MAX_CHARS,
    });
  } catch {
    return { kind: 'failed', status: 0, message: 'Could not reach the server' };
  }

  let payload: unknown = null;
  try {
    payload = await response.json();
  } catch {
    // An empty or non-JSON body (a proxy error page): the status says enough.
  }

  if (response.ok) {
    const file = read.saved(payload);
    if (file) return { kind: 'saved', file };
    return { kind: 'failed', status: 500, message: 'The server sent an unexpected response' };
  }
  if (response.status === 409) {
    const file = read.conflict(payload);
    if (file) return { kind: 'conflict', file };
  }
  const error = errorBodySchema.safeParse(payload);
  return {
    kind: 'failed',
    status: response.status,
    message: error.success ? error.data.message : response.statusText || 'Saving failed',
  };
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
