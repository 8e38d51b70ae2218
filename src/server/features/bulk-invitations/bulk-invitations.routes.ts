import { createRoute, z } from '@hono/zod-openapi';
import { errorSchema } from '../../../domain/api';
import { bulkQuerySchema, bulkResultSchema } from '../../../domain/bulk-invitations';
import {
  createRouter,
  errorResponses,
  idSchema,
  jsonBody,
  jsonContent,
  requireActor,
  signedIn,
} from '../../lib/http';
import {
  acceptInvitation,
  type BulkDeps,
  bulkAssign,
  invitationInfo,
  signUpWithInvitation,
} from './bulk-invitations.service';

const tokenParam = z.object({ token: idSchema });
const notFound = { 404: jsonContent(errorSchema, 'No such invitation or template') };
const conflict = { 409: jsonContent(errorSchema, 'Already used, or the address has an account') };
const gone = {
  410: jsonContent(
    errorSchema,
    'The link expired (14 days after it was mailed): the recruiter can send it again',
  ),
};

const bulk = createRoute({
  method: 'post',
  path: '/api/assessments/bulk',
  tags: ['Assessments'],
  middleware: [signedIn()] as const,
  summary:
    'Assign a template to every row of a CSV (name,email[,due date]; UTF-8, comma, semicolon or tab; at most 500 rows) (recruiter): candidates are assigned, new addresses invited by mail; one result per row. Uploading the same file again assigns and invites nobody twice.',
  request: {
    query: bulkQuerySchema,
    body: {
      content: { 'text/csv': { schema: z.string().openapi({ format: 'binary' }) } },
      required: true,
    },
  },
  responses: {
    200: jsonContent(bulkResultSchema, 'One result per row'),
    ...errorResponses,
    ...notFound,
    413: jsonContent(errorSchema, 'The file is too large'),
  },
});

const infoSchema = z.object({
  email: z.string(),
  name: z.string(),
  title: z.string(),
  recruiterName: z.string(),
  dueDate: z.string(),
  accepted: z.boolean(),
  accountExists: z.boolean(),
});
const info = createRoute({
  method: 'get',
  path: '/api/assessment-invitations/{token}',
  tags: ['Assessments'],
  summary: "An assessment invitation's address and assessment (whoever holds the mailed link)",
  request: { params: tokenParam },
  responses: { 200: jsonContent(infoSchema, 'The invitation'), ...notFound, ...gone },
});

const signUpSchema = z.object({
  name: z.string().trim().min(1, 'Full name is required').max(100),
  password: z.string().min(1, 'Password is required').max(128),
});
const signUp = createRoute({
  method: 'post',
  path: '/api/assessment-invitations/{token}/sign-up',
  tags: ['Assessments'],
  summary:
    "Make the invitee's candidate account (verified: the link proves the address) and assign their open invitations; then sign in with the password",
  request: { params: tokenParam, body: jsonBody(signUpSchema) },
  responses: {
    201: jsonContent(
      z.object({ email: z.string(), assessmentId: z.string() }),
      'Account made, assessment assigned',
    ),
    ...errorResponses,
    ...notFound,
    ...conflict,
    ...gone,
  },
});
const accept = createRoute({
  method: 'post',
  path: '/api/assessment-invitations/{token}/accept',
  tags: ['Assessments'],
  summary:
    'The signed-in candidate the invitation was mailed to takes it: it becomes an assessment',
  request: { params: tokenParam },
  responses: {
    200: jsonContent(z.object({ assessmentId: z.string() }), 'Assigned'),
    ...errorResponses,
    ...notFound,
    ...gone,
  },
});

export function bulkInvitationRoutes(deps: BulkDeps) {
  return createRouter()
    .openapi(bulk, async (c) => {
      const actor = requireActor(c);
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      return c.json(await bulkAssign(deps, actor, c.req.valid('query'), bytes), 200);
    })
    .openapi(info, async (c) =>
      c.json(await invitationInfo(deps.db, c.req.valid('param').token), 200),
    )
    .openapi(signUp, async (c) =>
      c.json(
        await signUpWithInvitation(deps, c.req.valid('param').token, c.req.valid('json')),
        201,
      ),
    )
    .openapi(accept, async (c) =>
      c.json(await acceptInvitation(deps, requireActor(c), c.req.valid('param').token), 200),
    );
}
