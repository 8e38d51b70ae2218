import { z } from 'zod';
import { candidateFileSchema } from '../../../../domain/assessments';
import type { ProjectChange } from '../../../../domain/project-paths';
import type { ChangeOutcome } from '../lib/tree-sync';
import { sendToServer, UNEXPECTED } from './send-to-server';

/** POST /api/assessments/:id/file-changes for the tree's outbox. Never throws. */
export async function postFileChange(
  assessmentId: string,
  change: ProjectChange,
): Promise<ChangeOutcome> {
  const answer = await sendToServer(
    'POST',
    `/api/assessments/${encodeURIComponent(assessmentId)}/file-changes`,
    change,
    { keepalive: false, failure: 'Changing the files failed' },
  );
  if (!answer.ok) return { kind: 'failed', status: answer.status, message: answer.message };
  const files = z.array(candidateFileSchema).safeParse(answer.payload);
  return files.success ? { kind: 'done', files: files.data } : { kind: 'failed', ...UNEXPECTED };
}
