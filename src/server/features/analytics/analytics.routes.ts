import { createRoute } from '@hono/zod-openapi';
import {
  ANALYTICS_TEXTS,
  analyticsOptionsSchema,
  analyticsQuerySchema,
  analyticsSchema,
} from '../../../domain/analytics';
import { errorSchema } from '../../../domain/api';
import { TEXTS } from '../../../domain/texts';
import { createRouter, errorResponses, jsonContent, requireActor, signedIn } from '../../lib/http';
import { type AnalyticsDeps, getAnalytics, getAnalyticsOptions } from './analytics.service';

const errors = {
  ...errorResponses,
  404: jsonContent(
    errorSchema,
    `${ANALYTICS_TEXTS.jobNotFound} / ${ANALYTICS_TEXTS.recruiterNotFound}`,
  ),
};

const figures = createRoute({
  method: 'get',
  path: '/api/analytics',
  tags: ['Analytics'],
  summary:
    'Hiring analytics (admins: every job; recruiters: their own jobs only): funnel, stage times, time to hire, applications over time, assessment figures',
  description:
    'from and to are calendar days (YYYY-MM-DD, UTC, inclusive; default the 90 days up to today, at most 731). ' +
    'The figures follow the applications made in the range; assessment figures the assessments assigned in it. ' +
    'jobId narrows to one job; recruiterId (admins only; a recruiter may pass only their own) to one recruiter. ' +
    'interval is day or week (default: day up to 31 days, week beyond).',
  middleware: [signedIn(TEXTS.mustBeLoggedIn)] as const,
  request: { query: analyticsQuerySchema },
  responses: { 200: jsonContent(analyticsSchema, 'The figures'), ...errors },
});

const options = createRoute({
  method: 'get',
  path: '/api/analytics/options',
  tags: ['Analytics'],
  summary: "The analytics filters' choices: jobs in reach and (admins) recruiters",
  middleware: [signedIn(TEXTS.mustBeLoggedIn)] as const,
  responses: { 200: jsonContent(analyticsOptionsSchema, 'Choices'), ...errors },
});

export function analyticsRoutes(deps: AnalyticsDeps) {
  return createRouter()
    .openapi(figures, async (c) =>
      c.json(await getAnalytics(deps, requireActor(c), c.req.valid('query')), 200),
    )
    .openapi(options, async (c) => c.json(await getAnalyticsOptions(deps, requireActor(c)), 200));
}
