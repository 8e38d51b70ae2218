import { createRoute, z } from '@hono/zod-openapi';
import { errorSchema } from '../../../domain/api';
import { invitationSchema, inviteInputSchema } from '../../../domain/invitations';
import { TEXTS } from '../../../domain/texts';
import { notFound } from '../../lib/errors';
import {
  createRouter,
  errorResponses,
  idParam,
  jsonBody,
  jsonContent,
  requireActor,
  signedIn,
} from '../../lib/http';
import {
  type InvitationDeps,
  inviteToApply,
  listMyInvitations,
  listSentInvitations,
  markInvitationRead,
} from './invitations.service';

const errors = {
  ...errorResponses,
  404: jsonContent(errorSchema, 'Job, candidate or invitation not found'),
};
const mustBeSignedIn = signedIn(TEXTS.mustBeLoggedIn);

const invite = createRoute({
  method: 'post',
  path: '/api/jobs/{id}/invitations',
  tags: ['Invitations'],
  summary:
    "Invite a discoverable candidate to apply to one of the recruiter's own published, open jobs; the candidate gets a bell item and an e-mail",
  middleware: [mustBeSignedIn] as const,
  request: { params: idParam, body: jsonBody(inviteInputSchema) },
  responses: {
    201: jsonContent(invitationSchema, 'Invited'),
    ...errors,
    409: jsonContent(errorSchema, 'Already invited to this job, or already applied'),
    429: jsonContent(
      errorSchema.extend({ retryAfterSeconds: z.number().int() }),
      'The recruiter sent, or the candidate received, too many invitations in a short time; the message says how long to wait',
    ),
  },
});
const mine = createRoute({
  method: 'get',
  path: '/api/invitations/mine',
  tags: ['Invitations'],
  summary: "The candidate's invitations to apply, newest first",
  middleware: [mustBeSignedIn] as const,
  responses: { 200: jsonContent(z.array(invitationSchema), 'Invitations'), ...errors },
});
const sent = createRoute({
  method: 'get',
  path: '/api/candidates/{id}/invitations',
  tags: ['Invitations'],
  summary: 'The invitations the recruiter sent to this candidate (their own jobs only)',
  middleware: [mustBeSignedIn] as const,
  request: { params: idParam },
  responses: { 200: jsonContent(z.array(invitationSchema), 'Invitations'), ...errors },
});
const read = createRoute({
  method: 'post',
  path: '/api/invitations/{id}/read',
  tags: ['Invitations'],
  summary: 'The candidate opened an invitation: it leaves the bell',
  middleware: [mustBeSignedIn] as const,
  request: { params: idParam },
  responses: { 204: { description: 'Marked read' }, ...errors },
});

export function invitationRoutes(deps: InvitationDeps) {
  return createRouter()
    .openapi(invite, async (c) =>
      c.json(
        await inviteToApply(deps, requireActor(c), c.req.valid('param').id, c.req.valid('json')),
        201,
      ),
    )
    .openapi(mine, async (c) => c.json(await listMyInvitations(deps, requireActor(c)), 200))
    .openapi(sent, async (c) =>
      c.json(await listSentInvitations(deps, requireActor(c), c.req.valid('param').id), 200),
    )
    .openapi(read, async (c) => {
      if (!(await markInvitationRead(deps, requireActor(c), c.req.valid('param').id))) {
        throw notFound('Invitation not found');
      }
      return c.body(null, 204);
    });
}
