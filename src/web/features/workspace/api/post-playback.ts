import { type PlaybackUpload, playbackUploadResultSchema } from '../../../../domain/playback';
import type { PostOutcome } from '../lib/playback-recorder';
import { sendToServer, UNEXPECTED } from './send-to-server';

/**
 * POST /api/assessments/:id/playback/:fileName: the editor's recorded events, on the
 * autosave's debounce, through the outbox's one request. Never throws (the recorder keeps
 * what failed and tries again).
 */
export async function postPlayback(
  assessmentId: string,
  fileName: string,
  upload: PlaybackUpload,
  { keepalive }: { keepalive: boolean },
): Promise<PostOutcome> {
  const answer = await sendToServer(
    'POST',
    `/api/assessments/${encodeURIComponent(assessmentId)}/playback/${encodeURIComponent(fileName)}`,
    upload,
    { keepalive, failure: 'Recording failed' },
  );
  if (!answer.ok) return { kind: 'failed', status: answer.status, message: answer.message };
  const result = playbackUploadResultSchema.safeParse(answer.payload);
  return result.success ? { kind: 'ok', result: result.data } : { kind: 'failed', ...UNEXPECTED };
}
