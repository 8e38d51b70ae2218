import { createRoute, z } from '@hono/zod-openapi';
import { errorSchema } from '../../../domain/api';
import {
  filePlaybackSchema,
  playbackUploadResultSchema,
  playbackUploadSchema,
} from '../../../domain/playback';
import {
  createRouter,
  errorResponses,
  idParam,
  jsonBody,
  jsonContent,
  requireActor,
  signedIn,
} from '../../lib/http';
import { appendPlayback, getPlayback, type PlaybackDeps } from './playback.service';

const params = idParam.extend({ fileName: z.string().min(1).max(200) });
const errors = { ...errorResponses, 404: jsonContent(errorSchema, 'No such assessment or file') };

const append = createRoute({
  method: 'post',
  path: '/api/assessments/{id}/playback/{fileName}',
  tags: ['Playback'],
  summary:
    "Append the editor's recorded events for one file (the candidate, while the assessment is open). Events already stored (same clientId and number) are skipped; a record that does not lead to the saved file gets a snapshot of it. 413 when the batch or the file's recording is too large.",
  middleware: [signedIn()] as const,
  request: { params, body: jsonBody(playbackUploadSchema) },
  responses: {
    200: jsonContent(playbackUploadResultSchema, 'Stored'),
    ...errors,
    413: jsonContent(errorSchema, 'The batch or the recording is too large'),
  },
});

const read = createRoute({
  method: 'get',
  path: '/api/assessments/{id}/playback/{fileName}',
  tags: ['Playback'],
  summary:
    "One file's recorded history with the assessment's test runs, times on the server's clock (the recruiter who assigned it, admins)",
  middleware: [signedIn()] as const,
  request: { params },
  responses: { 200: jsonContent(filePlaybackSchema, 'The recording'), ...errors },
});

export function playbackRoutes(deps: PlaybackDeps) {
  return createRouter()
    .openapi(append, async (c) => {
      const { id, fileName } = c.req.valid('param');
      return c.json(
        await appendPlayback(deps, requireActor(c), id, fileName, c.req.valid('json')),
        200,
      );
    })
    .openapi(read, async (c) => {
      const { id, fileName } = c.req.valid('param');
      return c.json(await getPlayback(deps, requireActor(c), id, fileName), 200);
    });
}
