import { createRoute, z } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import { errorSchema } from '../../../domain/api';
import {
  eraseMethodSchema,
  eraseOwnSchema,
  erasureListSchema,
  erasureResultSchema,
  onRequestSchema,
} from '../../../domain/data-rights';
import { userIdSchema } from '../../../domain/users';
import { forbidden } from '../../lib/errors';
import {
  type AppContext,
  type AppEnv,
  createRouter,
  errorResponses,
  jsonBody,
  jsonContent,
  requireActor,
  signedIn,
} from '../../lib/http';
import {
  type DataRightsDeps,
  eraseMethod,
  eraseOwnAccount,
  eraseUserOnRequest,
  exportOwnData,
  exportUserData,
  listErasures,
} from './data-rights.service';
import type { DataExport } from './export';

const tags = ['Data rights'];
const params = z.object({ id: userIdSchema });
const zip = {
  description: 'A zip: data.json and the files',
  content: { 'application/zip': { schema: z.any() } },
};
const errors = {
  ...errorResponses,
  404: jsonContent(errorSchema, 'User not found'),
  409: jsonContent(errorSchema, 'Refused: the last admin, or a recruiter with records'),
  429: jsonContent(errorSchema, 'Too many attempts'),
};

/** Admin routes: non-admins hear 403 before their input is judged (the service checks again). */
const adminOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (requireActor(c).role !== 'admin') throw forbidden();
  await next();
});

const ownExport = createRoute({
  method: 'get',
  path: '/api/account/export',
  tags,
  summary: 'Download everything about you: data.json and your files, as a zip',
  middleware: [signedIn()] as const,
  responses: { 200: zip, ...errorResponses },
});
const ownMethod = createRoute({
  method: 'get',
  path: '/api/account/erase-method',
  tags,
  summary: 'How you confirm erasing your account: password, or e-mail for Google-only accounts',
  middleware: [signedIn()] as const,
  responses: { 200: jsonContent(eraseMethodSchema, 'The confirmation asked'), ...errorResponses },
});
const ownErase = createRoute({
  method: 'post',
  path: '/api/account/erase',
  tags,
  summary:
    'Erase your account (confirm with your password, or your e-mail for a Google-only account)',
  middleware: [signedIn()] as const,
  request: { body: jsonBody(eraseOwnSchema) },
  responses: { 200: jsonContent(erasureResultSchema, 'Erased'), ...errors },
});
const adminExport = createRoute({
  method: 'post',
  path: '/api/admin/users/{id}/export',
  tags,
  summary: "Export a user's data on their request (admins; the reason is audited)",
  middleware: [signedIn(), adminOnly] as const,
  request: { params, body: jsonBody(onRequestSchema) },
  responses: { 200: zip, ...errors },
});
const adminErase = createRoute({
  method: 'post',
  path: '/api/admin/users/{id}/erase',
  tags,
  summary: "Erase a user's account on their request (admins; never the last admin)",
  middleware: [signedIn(), adminOnly] as const,
  request: { params, body: jsonBody(onRequestSchema) },
  responses: { 200: jsonContent(erasureResultSchema, 'Erased'), ...errors },
});
const erasures = createRoute({
  method: 'get',
  path: '/api/admin/erasures',
  tags,
  summary: 'Past erasures, newest first, from the audit log (admins)',
  middleware: [signedIn(), adminOnly] as const,
  responses: { 200: jsonContent(erasureListSchema, 'Erasures'), ...errorResponses },
});

const download = (c: AppContext, result: DataExport) =>
  c.body(result.bytes as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': 'application/zip',
    'Content-Disposition': `attachment; filename="${result.fileName}"`,
    'Cache-Control': 'no-store',
  });

export function dataRightsRoutes(deps: DataRightsDeps) {
  return createRouter()
    .openapi(ownExport, async (c) => download(c, await exportOwnData(deps, requireActor(c))))
    .openapi(ownMethod, async (c) => c.json(await eraseMethod(deps, requireActor(c)), 200))
    .openapi(ownErase, async (c) =>
      c.json(await eraseOwnAccount(deps, requireActor(c), c.req.valid('json')), 200),
    )
    .openapi(adminExport, async (c) =>
      download(
        c,
        await exportUserData(deps, requireActor(c), c.req.valid('param').id, c.req.valid('json')),
      ),
    )
    .openapi(adminErase, async (c) =>
      c.json(
        await eraseUserOnRequest(
          deps,
          requireActor(c),
          c.req.valid('param').id,
          c.req.valid('json'),
        ),
        200,
      ),
    )
    .openapi(erasures, async (c) =>
      c.json({ items: await listErasures(deps, requireActor(c)) }, 200),
    );
}
