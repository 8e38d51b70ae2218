import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { errorSchema } from '../../domain/api';
import type { Role } from '../../domain/constants';
import { idSchema } from '../../domain/inputs';
import { isRole } from '../../domain/roles';
import { forbidden, unauthorized, validationError } from './errors';

/** The signed-in user as every service sees it; the role comes from the session, never the body. */
export interface Actor {
  id: string;
  name: string;
  email: string;
  role: Role;
}

export interface AppVariables {
  actor: Actor | null;
}

export type AppEnv = { Variables: AppVariables };
export type AppContext = Context<AppEnv>;

/** A router whose request validation fails with the API's one 400 shape. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error);
    },
  });
}

export function requireActor(c: AppContext): Actor {
  const actor = c.get('actor');
  if (!actor) throw unauthorized();
  return actor;
}

export function assertRole(actor: Actor, ...roles: Role[]): void {
  if (!roles.includes(actor.role)) throw forbidden();
}

export function toActor(user: { id: string; name: string; email: string; role?: string | null }) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: isRole(user.role) ? user.role : 'candidate',
  } satisfies Actor;
}

/** Responses shared by every route's OpenAPI declaration. */
export const jsonContent = <T>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
});

/** The error answers every route may give, for its OpenAPI declaration. */
export const errorResponses = {
  400: jsonContent(errorSchema, 'Invalid input'),
  401: jsonContent(errorSchema, 'Not signed in'),
  403: jsonContent(errorSchema, 'Not allowed for this user or role'),
};

/** A JSON body declared by its domain schema: validated before the handler, shown in the OpenAPI document. */
export const jsonBody = <T>(schema: T) => ({
  content: { 'application/json': { schema } },
  required: true,
});

/**
 * Route middleware: signed-out callers hear so before their input is judged
 * (route middleware runs ahead of the body's validation).
 */
export const signedIn = (message?: string) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!c.get('actor')) throw unauthorized(message);
    await next();
  });

/**
 * A JSON body the service validates itself, with the schema of the caller's
 * case (role, template rules), so that its messages are the ones users see.
 */
export const serviceValidatedJson = {
  content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } },
  required: true,
};

export { idSchema };

export const idParam = z.object({ id: idSchema });
