import { createRoute, z } from '@hono/zod-openapi';
import { errorSchema } from '../../../domain/api';
import {
  deactivateSchema,
  managedUserSchema,
  okSchema,
  setRoleSchema,
  userIdSchema,
  userListQuerySchema,
  userPageSchema,
} from '../../../domain/users';
import { createRouter, errorResponses, jsonContent, requireActor } from '../../lib/http';
import {
  deactivateUser,
  listUsers,
  reactivateUser,
  revokeSessions,
  sendPasswordReset,
  setUserRole,
  type UserAdminDeps,
} from './users.service';

const tags = ['Manage Users'];
const params = z.object({ id: userIdSchema });
const errors = {
  ...errorResponses,
  404: jsonContent(errorSchema, 'User not found'),
  409: jsonContent(errorSchema, 'Refused: it would leave no active admin'),
};
const json = <T>(schema: T) => ({
  content: { 'application/json': { schema } },
  required: true,
});

const list = createRoute({
  method: 'get',
  path: '/api/admin/users',
  tags,
  summary: 'Users (admins): search name or e-mail, filter by role and status, newest first',
  request: { query: userListQuerySchema },
  responses: { 200: jsonContent(userPageSchema, 'A page of users'), ...errorResponses },
});
const role = createRoute({
  method: 'put',
  path: '/api/admin/users/{id}/role',
  tags,
  summary: "Change a user's role (admins); never the last active admin's",
  request: { params, body: json(setRoleSchema) },
  responses: { 200: jsonContent(managedUserSchema, 'The user'), ...errors },
});
const deactivate = createRoute({
  method: 'post',
  path: '/api/admin/users/{id}/deactivate',
  tags,
  summary: 'Deactivate a user with a reason (admins): they cannot sign in; their sessions end',
  request: { params, body: json(deactivateSchema) },
  responses: { 200: jsonContent(managedUserSchema, 'The user'), ...errors },
});
const reactivate = createRoute({
  method: 'post',
  path: '/api/admin/users/{id}/reactivate',
  tags,
  summary: 'Reactivate a deactivated user (admins)',
  request: { params },
  responses: { 200: jsonContent(managedUserSchema, 'The user'), ...errors },
});
const revoke = createRoute({
  method: 'post',
  path: '/api/admin/users/{id}/revoke-sessions',
  tags,
  summary: 'Sign a user out everywhere (admins)',
  request: { params },
  responses: { 200: jsonContent(managedUserSchema, 'The user'), ...errors },
});
const reset = createRoute({
  method: 'post',
  path: '/api/admin/users/{id}/password-reset',
  tags,
  summary: 'E-mail the user a password reset link (admins)',
  request: { params },
  responses: { 200: jsonContent(okSchema, 'Sent'), ...errors },
});

export function userAdminRoutes(deps: UserAdminDeps) {
  return createRouter()
    .openapi(list, async (c) =>
      c.json(await listUsers(deps, requireActor(c), c.req.valid('query')), 200),
    )
    .openapi(role, async (c) => {
      const actor = requireActor(c);
      const { id } = c.req.valid('param');
      return c.json(
        await setUserRole(deps, actor, c.req.raw.headers, id, c.req.valid('json')),
        200,
      );
    })
    .openapi(deactivate, async (c) => {
      const actor = requireActor(c);
      const { id } = c.req.valid('param');
      return c.json(
        await deactivateUser(deps, actor, c.req.raw.headers, id, c.req.valid('json')),
        200,
      );
    })
    .openapi(reactivate, async (c) =>
      c.json(
        await reactivateUser(deps, requireActor(c), c.req.raw.headers, c.req.valid('param').id),
        200,
      ),
    )
    .openapi(revoke, async (c) =>
      c.json(
        await revokeSessions(deps, requireActor(c), c.req.raw.headers, c.req.valid('param').id),
        200,
      ),
    )
    .openapi(reset, async (c) =>
      c.json(await sendPasswordReset(deps, requireActor(c), c.req.valid('param').id), 200),
    );
}
