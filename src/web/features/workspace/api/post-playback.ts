import { z } from 'zod';
import { type PlaybackUpload, playbackUploadResultSchema } from '../../../../domain/playback';
import type { PostOutcome } from '../lib/playback-recorder';

const errorBodySchema = z.object({ message: z.string() });
/** Browsers cap the bodies of keepalive requests at 64 KiB in total. */
const KEEPALIVE_MAX_CHARS = 60_000;

/**
 * POST /api/assessments/:id/playback/:fileName: the editor's recorded events, on the
 * autosave's debounce. Never throws (the recorder keeps what failed and tries again).
 */
export async function postPlayback(
  assessmentId: string,
  fileName: string,
  upload: PlaybackUpload,
  { keepalive }: { keepalive: boolean },
): Promise<PostOutcome> {
  const json = JSON.stringify(upload);
  let response: Response;
  try {
    response = await fetch(
      `/api/assessments/${encodeURIComponent(assessmentId)}/playback/${encodeURIComponent(fileName)}`,
      {
        method: 'POST',
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
    // An empty or non-JSON body: the status says enough.
  }
  if (response.ok) {
    const result = playbackUploadResultSchema.safeParse(payload);
    if (result.success) return { kind: 'ok', result: result.data };
    return { kind: 'failed', status: 500, message: 'The server sent an unexpected response' };
  }
  const error = errorBodySchema.safeParse(payload);
  return {
    kind: 'failed',
    status: response.status,
    message: error.success ? error.data.message : response.statusText || 'Recording failed',
  };
}
