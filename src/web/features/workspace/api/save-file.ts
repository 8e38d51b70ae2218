import { z } from 'zod';
import { candidateFileSchema } from '../../../../domain/assessments';
import type { SaveBody, SaveOutcome } from '../lib/file-sync';

const conflictSchema = z.object({ message: z.string(), file: candidateFileSchema });
const errorBodySchema = z.object({ message: z.string() });

/** Browsers cap the bodies of keepalive requests at 64 KiB in total. */
const KEEPALIVE_MAX_CHARS = 60_000;

/**
 * PUT /api/assessments/:id/files/:fileName for the editor's autosave. Unlike the shared
 * saveAssessmentFile it can send with `keepalive` (so a save started as the page is hidden
 * still reaches the server) and reads the stored file out of a 409, and it never throws.
 */
export async function putAssessmentFile(
  assessmentId: string,
  fileName: string,
  body: SaveBody,
  { keepalive }: { keepalive: boolean },
): Promise<SaveOutcome> {
  const json = JSON.stringify(body);
  let response: Response;
  try {
    response = await fetch(
      `/api/assessments/${encodeURIComponent(assessmentId)}/files/${encodeURIComponent(fileName)}`,
      {
        method: 'PUT',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: json,
        credentials: 'same-origin',
        keepalive: keepalive && json.length <= KEEPALIVE_MAX_CHARS,
      },
    );
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
    const file = candidateFileSchema.safeParse(payload);
    if (file.success) return { kind: 'saved', file: file.data };
    return { kind: 'failed', status: 500, message: 'The server sent an unexpected response' };
  }
  if (response.status === 409) {
    const conflict = conflictSchema.safeParse(payload);
    if (conflict.success) return { kind: 'conflict', file: conflict.data.file };
  }
  const error = errorBodySchema.safeParse(payload);
  return {
    kind: 'failed',
    status: response.status,
    message: error.success ? error.data.message : response.statusText || 'Saving failed',
  };
}
