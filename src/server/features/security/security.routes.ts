import { createRoute } from '@hono/zod-openapi';
import { securitySettingsSchema, sessionStatusSchema } from '../../../domain/security';
import { createRouter, errorResponses, jsonContent, requireActor } from '../../lib/http';
import {
  getSecuritySettings,
  type SecurityDeps,
  saveSecuritySettings,
  sessionStatus,
} from './security.service';

const errors = errorResponses;

const readSettings = createRoute({
  method: 'get',
  path: '/api/settings/security',
  tags: ['Settings'],
  summary: 'Security settings (admin): session timeout and required two-factor sign-in',
  responses: { 200: jsonContent(securitySettingsSchema, 'Settings'), ...errors },
});
const writeSettings = createRoute({
  method: 'put',
  path: '/api/settings/security',
  tags: ['Settings'],
  summary: 'Save security settings (admin); audited; in force on the next request',
  request: { body: { ...jsonContent(securitySettingsSchema, 'Settings'), required: true } },
  responses: { 200: jsonContent(securitySettingsSchema, 'Saved'), ...errors },
});
const status = createRoute({
  method: 'get',
  path: '/api/session/status',
  tags: ['Session'],
  summary: "The session's idle deadline and whether it must first enrol in two-factor sign-in",
  responses: { 200: jsonContent(sessionStatusSchema, 'Status'), ...errors },
});
const activity = createRoute({
  method: 'post',
  path: '/api/session/activity',
  tags: ['Session'],
  summary: 'The user is active: restart the idle clock now',
  responses: { 200: jsonContent(sessionStatusSchema, 'Status'), ...errors },
});

export function securityRoutes(deps: SecurityDeps) {
  return createRouter()
    .openapi(readSettings, async (c) =>
      c.json(await getSecuritySettings(deps, requireActor(c)), 200),
    )
    .openapi(writeSettings, async (c) =>
      c.json(await saveSecuritySettings(deps, requireActor(c), c.req.valid('json')), 200),
    )
    .openapi(status, async (c) => {
      requireActor(c);
      return c.json(await sessionStatus(deps, c.req.raw.headers, false), 200);
    })
    .openapi(activity, async (c) => {
      requireActor(c);
      return c.json(await sessionStatus(deps, c.req.raw.headers, true), 200);
    });
}
