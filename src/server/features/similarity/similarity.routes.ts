import { createRoute } from '@hono/zod-openapi';
import { errorSchema } from '../../../domain/api';
import { sideBySideSchema, similarityReportSchema } from '../../../domain/similarity-api';
import type { Db } from '../../db/client';
import {
  createRouter,
  errorResponses,
  idParam,
  idSchema,
  jsonContent,
  requireActor,
  signedIn,
} from '../../lib/http';
import { getSideBySide, getSimilarity } from './similarity.service';

const notFound = { 404: jsonContent(errorSchema, 'Assessment or match not found') };

const report = createRoute({
  method: 'get',
  path: '/api/assessments/{id}/similarity',
  tags: ['Assessments'],
  summary:
    "The similarity check of a submission (its reviewer: the assigning recruiter or an admin; never the candidate): the top matches and whether the template's threshold flags it",
  middleware: [signedIn()] as const,
  request: { params: idParam },
  responses: {
    200: jsonContent(similarityReportSchema, 'The check'),
    ...errorResponses,
    ...notFound,
  },
});
const sideBySide = createRoute({
  method: 'get',
  path: '/api/assessments/{id}/similarity/{otherId}',
  tags: ['Assessments'],
  summary: 'Two matching submissions side by side, with the matching line ranges of each',
  middleware: [signedIn()] as const,
  request: { params: idParam.extend({ otherId: idSchema }) },
  responses: {
    200: jsonContent(sideBySideSchema, 'Both submissions'),
    ...errorResponses,
    ...notFound,
  },
});

export function similarityRoutes({ db }: { db: Db }) {
  return createRouter()
    .openapi(report, async (c) =>
      c.json(await getSimilarity(db, requireActor(c), c.req.valid('param').id), 200),
    )
    .openapi(sideBySide, async (c) => {
      const { id, otherId } = c.req.valid('param');
      return c.json(await getSideBySide(db, requireActor(c), id, otherId), 200);
    });
}
