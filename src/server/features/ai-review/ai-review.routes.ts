import { createRoute, z } from '@hono/zod-openapi';
import {
  aiConfigSchema,
  aiReviewSchema,
  aiSettingsSchema,
  aiTemplateSettingsSchema,
  aiTestResultSchema,
} from '../../../domain/ai-review';
import { errorSchema } from '../../../domain/api';
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
  type AiReviewDeps,
  getAiConfig,
  getTemplateAi,
  readPrompt,
  readReview,
  requestReview,
  saveAiSettings,
  saveTemplateAi,
  testModel,
} from './ai-review.service';

const tags = ['AI review'];
const middleware = [signedIn()];
const refused = {
  409: jsonContent(errorSchema, 'Not available now (off, no model, budget used, score first)'),
};
const missing = { 404: jsonContent(errorSchema, 'Not found') };

const config = createRoute({
  method: 'get',
  path: '/api/admin/ai',
  tags,
  summary:
    'AI Configuration: the endpoint, the models it lists, the choices and the daily budget (admins)',
  middleware,
  responses: { 200: jsonContent(aiConfigSchema, 'The configuration'), ...errorResponses },
});
const saveConfig = createRoute({
  method: 'put',
  path: '/api/admin/ai',
  tags,
  summary: 'Choose the model, the AI features and the feedback detail (admins)',
  middleware,
  request: { body: jsonBody(aiSettingsSchema) },
  responses: { 200: jsonContent(aiSettingsSchema, 'Saved'), ...errorResponses },
});
const test = createRoute({
  method: 'post',
  path: '/api/admin/ai/test',
  tags,
  summary:
    'Test a model: one small structured request; valid JSON or not, and how long it took (admins)',
  middleware,
  request: { body: jsonBody(z.object({ model: z.string().trim().min(1).max(200) })) },
  responses: { 200: jsonContent(aiTestResultSchema, 'The outcome'), ...errorResponses },
});
const prompt = createRoute({
  method: 'get',
  path: '/api/admin/ai/reviews/{id}/prompt',
  tags,
  summary: 'The full prompt and answer of an AI review, while the retention period lasts (admins)',
  middleware,
  request: { params: idParam },
  responses: {
    200: jsonContent(
      z.object({
        prompt: z.string().nullable(),
        answer: z.string().nullable(),
        promptHash: z.string().nullable(),
      }),
      'Prompt and answer (null once deleted)',
    ),
    ...errorResponses,
    ...missing,
  },
});
const templateAi = createRoute({
  method: 'get',
  path: '/api/templates/{id}/ai-review',
  tags,
  summary: "A template's AI review settings and rubric (the starter rubric until saved; admins)",
  middleware,
  request: { params: idParam },
  responses: {
    200: jsonContent(aiTemplateSettingsSchema, 'The settings'),
    ...errorResponses,
    ...missing,
  },
});
const saveTemplate = createRoute({
  method: 'put',
  path: '/api/templates/{id}/ai-review',
  tags,
  summary: "Save a template's AI review settings and rubric (2–8 criteria; admins)",
  middleware,
  request: { params: idParam, body: jsonBody(aiTemplateSettingsSchema) },
  responses: { 200: jsonContent(aiTemplateSettingsSchema, 'Saved'), ...errorResponses, ...missing },
});
const request = createRoute({
  method: 'post',
  path: '/api/assessments/{id}/ai-review',
  tags,
  summary:
    'Ask for an AI review of a submitted assessment (its reviewer); it runs in the background',
  middleware,
  request: { params: idParam },
  responses: {
    202: jsonContent(aiReviewSchema, 'Queued'),
    ...errorResponses,
    ...missing,
    ...refused,
  },
});
const read = createRoute({
  method: 'get',
  path: '/api/assessments/{id}/ai-review',
  tags,
  summary: 'The newest AI review of an assessment: queued, running (with progress), done or failed',
  middleware,
  request: { params: idParam },
  responses: {
    200: jsonContent(z.object({ review: aiReviewSchema.nullable() }), 'The review, or null'),
    ...errorResponses,
    ...missing,
    ...refused,
  },
});

export function aiReviewRoutes(deps: AiReviewDeps) {
  return createRouter()
    .openapi(config, async (c) => c.json(await getAiConfig(deps, requireActor(c)), 200))
    .openapi(saveConfig, async (c) =>
      c.json(await saveAiSettings(deps, requireActor(c), c.req.valid('json')), 200),
    )
    .openapi(test, async (c) =>
      c.json(await testModel(deps, requireActor(c), c.req.valid('json').model), 200),
    )
    .openapi(prompt, async (c) =>
      c.json(await readPrompt(deps, requireActor(c), c.req.valid('param').id), 200),
    )
    .openapi(templateAi, async (c) =>
      c.json(await getTemplateAi(deps, requireActor(c), c.req.valid('param').id), 200),
    )
    .openapi(saveTemplate, async (c) =>
      c.json(
        await saveTemplateAi(deps, requireActor(c), c.req.valid('param').id, c.req.valid('json')),
        200,
      ),
    )
    .openapi(request, async (c) =>
      c.json(await requestReview(deps, requireActor(c), c.req.valid('param').id), 202),
    )
    .openapi(read, async (c) =>
      c.json({ review: await readReview(deps, requireActor(c), c.req.valid('param').id) }, 200),
    );
}
