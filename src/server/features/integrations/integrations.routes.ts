import { createRoute } from '@hono/zod-openapi';
import { errorSchema } from '../../../domain/api';
import { integrationsSchema, testMailResultSchema } from '../../../domain/integrations';
import { createRouter, errorResponses, jsonContent, requireActor, signedIn } from '../../lib/http';
import { type IntegrationDeps, integrationStatus, sendTestMail } from './integrations.service';

const tags = ['Integrations'];

const status = createRoute({
  method: 'get',
  path: '/api/admin/integrations',
  tags,
  summary:
    'What this server is connected to: mail, Google sign-in, test sandbox, database (admins)',
  middleware: [signedIn()] as const,
  responses: { 200: jsonContent(integrationsSchema, 'The status'), ...errorResponses },
});
const testMail = createRoute({
  method: 'post',
  path: '/api/admin/integrations/test-mail',
  tags,
  summary: 'Queue a test e-mail to the signed-in admin through the outbox (admins)',
  middleware: [signedIn()] as const,
  responses: {
    200: jsonContent(testMailResultSchema, 'Queued'),
    ...errorResponses,
    429: jsonContent(errorSchema, 'Too many test mails'),
  },
});

export function integrationRoutes(deps: IntegrationDeps) {
  return createRouter()
    .openapi(status, async (c) => c.json(await integrationStatus(deps, requireActor(c)), 200))
    .openapi(testMail, async (c) => c.json(await sendTestMail(deps, requireActor(c)), 200));
}
