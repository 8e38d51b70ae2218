import { createRoute } from '@hono/zod-openapi';
import { errorSchema } from '../../../domain/api';
import {
  automatedFeedbackReplySchema,
  feedbackSettingsSchema,
} from '../../../domain/automated-feedback';
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
  type FeedbackDeps,
  getAutomatedFeedback,
  getFeedbackSettings,
  saveFeedbackSettings,
} from './automated-feedback.service';

const errors = errorResponses;

const readSettings = createRoute({
  method: 'get',
  path: '/api/settings/feedback',
  tags: ['Settings'],
  summary: 'Automated feedback settings (admin): on or off, detail level, shared with candidates',
  middleware: [signedIn()] as const,
  responses: { 200: jsonContent(feedbackSettingsSchema, 'Settings'), ...errors },
});
const writeSettings = createRoute({
  method: 'put',
  path: '/api/settings/feedback',
  tags: ['Settings'],
  summary: 'Save automated feedback settings (admin); audited; in force on the next read',
  middleware: [signedIn()] as const,
  request: { body: jsonBody(feedbackSettingsSchema) },
  responses: { 200: jsonContent(feedbackSettingsSchema, 'Saved'), ...errors },
});
const feedback = createRoute({
  method: 'get',
  path: '/api/assessments/{id}/automated-feedback',
  tags: ['Test runs'],
  summary:
    "Automated feedback from the assessment's test runs at the admin's detail level: for its reviewers, and for its candidate after evaluation when shared (result and pass rate only when there are hidden tests)",
  middleware: [signedIn()] as const,
  request: { params: idParam },
  responses: {
    200: jsonContent(automatedFeedbackReplySchema, 'The feedback, or null and why'),
    ...errors,
    404: jsonContent(errorSchema, 'Assessment not found'),
  },
});

export function feedbackRoutes(deps: FeedbackDeps) {
  return createRouter()
    .openapi(readSettings, async (c) =>
      c.json(await getFeedbackSettings(deps, requireActor(c)), 200),
    )
    .openapi(writeSettings, async (c) =>
      c.json(await saveFeedbackSettings(deps, requireActor(c), c.req.valid('json')), 200),
    )
    .openapi(feedback, async (c) =>
      c.json(await getAutomatedFeedback(deps, requireActor(c), c.req.valid('param').id), 200),
    );
}
