import { createRoute } from '@hono/zod-openapi';
import { auditPageSchema, auditQuerySchema } from '../../../domain/audit';
import type { Db } from '../../db/client';
import { createRouter, errorResponses, jsonContent, requireActor } from '../../lib/http';
import { listAudit } from './audit.service';

const list = createRoute({
  method: 'get',
  path: '/api/audit',
  tags: ['Audit'],
  summary: 'The audit log, newest first, 50 at a time (admin). No route edits or deletes it.',
  request: { query: auditQuerySchema },
  responses: { 200: jsonContent(auditPageSchema, 'A page of entries'), ...errorResponses },
});

export function auditRoutes({ db }: { db: Db }) {
  return createRouter().openapi(list, async (c) =>
    c.json(await listAudit(db, requireActor(c), c.req.valid('query')), 200),
  );
}
