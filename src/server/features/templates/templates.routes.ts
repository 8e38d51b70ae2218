import { createRoute, z } from '@hono/zod-openapi';
import { errorSchema } from '../../../domain/api';
import {
  candidateOptionSchema,
  settingsSchema,
  templateBodySchema,
  templateCreateBodySchema,
  templateSchema,
} from '../../../domain/assessments';
import { createRouter, errorResponses, idParam, jsonContent, requireActor } from '../../lib/http';
import {
  createTemplate,
  deleteTemplate,
  getSettings,
  listTemplates,
  listUsersByRole,
  saveSettings,
  type TemplateDeps,
  updateTemplate,
} from './templates.service';

const errors = errorResponses;
const templateBody = {
  content: { 'application/json': { schema: templateBodySchema } },
  required: true,
};
const settingsBody = {
  content: { 'application/json': { schema: settingsSchema.partial() } },
  required: true,
};

const list = createRoute({
  method: 'get',
  path: '/api/templates',
  tags: ['Templates'],
  summary: 'Assessment templates: all for admins, the usable active ones for a recruiter',
  responses: { 200: jsonContent(z.array(templateSchema), 'Templates'), ...errors },
});
const create = createRoute({
  method: 'post',
  path: '/api/templates',
  tags: ['Templates'],
  summary:
    'Create a template (admin); untitled tasks are dropped. starterProject picks a built-in project; aiReview saves its AI-assisted review settings with it.',
  request: {
    body: { content: { 'application/json': { schema: templateCreateBodySchema } }, required: true },
  },
  responses: { 201: jsonContent(templateSchema, 'Created'), ...errors },
});
const update = createRoute({
  method: 'put',
  path: '/api/templates/{id}',
  tags: ['Templates'],
  summary: 'Edit a template (admin)',
  request: { params: idParam, body: templateBody },
  responses: {
    200: jsonContent(templateSchema, 'Saved'),
    ...errors,
    404: jsonContent(errorSchema, 'No such template'),
  },
});
const remove = createRoute({
  method: 'delete',
  path: '/api/templates/{id}',
  tags: ['Templates'],
  summary: 'Delete a template (admin); assigned assessments keep their copy',
  request: { params: idParam },
  responses: {
    204: { description: 'Deleted' },
    ...errors,
    404: jsonContent(errorSchema, 'No such template'),
  },
});
const readSettings = createRoute({
  method: 'get',
  path: '/api/settings',
  tags: ['Settings'],
  summary: 'Assessment settings (admin)',
  responses: { 200: jsonContent(settingsSchema, 'Settings'), ...errors },
});
const writeSettings = createRoute({
  method: 'put',
  path: '/api/settings',
  tags: ['Settings'],
  summary: 'Save assessment settings (admin); new templates take the default duration',
  request: { body: settingsBody },
  responses: { 200: jsonContent(settingsSchema, 'Saved'), ...errors },
});
const recruiters = createRoute({
  method: 'get',
  path: '/api/users/recruiters',
  tags: ['Users'],
  summary: 'Recruiters, for a template authorisation list (admin)',
  responses: { 200: jsonContent(z.array(candidateOptionSchema), 'Recruiters'), ...errors },
});
const candidates = createRoute({
  method: 'get',
  path: '/api/users/candidates',
  tags: ['Users'],
  summary: 'Users with role candidate, searchable by name or e-mail (recruiter, admin)',
  request: { query: z.object({ q: z.string().max(100).optional() }) },
  responses: { 200: jsonContent(z.array(candidateOptionSchema), 'Candidates'), ...errors },
});

export function templateRoutes(deps: TemplateDeps) {
  return createRouter()
    .openapi(list, async (c) => c.json(await listTemplates(deps, requireActor(c)), 200))
    .openapi(create, async (c) =>
      c.json(await createTemplate(deps, requireActor(c), c.req.valid('json')), 201),
    )
    .openapi(update, async (c) =>
      c.json(
        await updateTemplate(deps, requireActor(c), c.req.valid('param').id, c.req.valid('json')),
        200,
      ),
    )
    .openapi(remove, async (c) => {
      await deleteTemplate(deps, requireActor(c), c.req.valid('param').id);
      return c.body(null, 204);
    })
    .openapi(readSettings, async (c) => c.json(await getSettings(deps, requireActor(c)), 200))
    .openapi(writeSettings, async (c) =>
      c.json(await saveSettings(deps, requireActor(c), c.req.valid('json')), 200),
    )
    .openapi(recruiters, async (c) =>
      c.json(await listUsersByRole(deps, requireActor(c), 'recruiter'), 200),
    )
    .openapi(candidates, async (c) =>
      c.json(
        await listUsersByRole(deps, requireActor(c), 'candidate', c.req.valid('query').q),
        200,
      ),
    );
}
