import { createRoute, z } from '@hono/zod-openapi';
import { errorSchema } from '../../../domain/api';
import {
  projectSummarySchema,
  testLanguagesSchema,
  testRunListSchema,
  testRunSchema,
} from '../../../domain/test-runs';
import { createRouter, errorResponses, idParam, jsonContent, requireActor } from '../../lib/http';
import {
  listTestRuns,
  requestTestRun,
  type TestRunDeps,
  testLanguages,
  uploadTemplateProject,
} from './test-runs.service';

const errors = { ...errorResponses, 404: jsonContent(errorSchema, 'Assessment not found') };

const list = createRoute({
  method: 'get',
  path: '/api/assessments/{id}/test-runs',
  tags: ['Test runs'],
  summary:
    "The assessment's test runs, newest first (20). Its candidate sees only their own runs of the visible tests; the recruiter who assigned it and admins see every run.",
  request: { params: idParam },
  responses: { 200: jsonContent(testRunListSchema, 'Runs'), ...errors },
});

const run = createRoute({
  method: 'post',
  path: '/api/assessments/{id}/test-runs',
  tags: ['Test runs'],
  summary:
    "Queue a sandboxed run of the project's tests: the candidate's visible tests while in progress, or (assigning recruiter, admin) the visible and hidden tests. One queued or running run per assessment at a time.",
  request: { params: idParam },
  responses: {
    202: jsonContent(testRunSchema, 'Queued'),
    ...errors,
    409: jsonContent(errorSchema, 'The project has no tests, or the assessment is not in progress'),
    429: jsonContent(errorSchema, 'A run is already queued or running'),
    503: jsonContent(errorSchema, 'Test runs are not available on this server'),
  },
});

const upload = createRoute({
  method: 'put',
  path: '/api/templates/{id}/project',
  tags: ['Templates'],
  summary:
    "Replace a template's project with an uploaded zip (admin): text files only, 60 files, 200,000 bytes each, 2 MB in all, 1 MB zipped. Files under hidden/ or .hidden-tests/ are hidden tests: run on submit and by reviewers, never shown to the candidate.",
  request: {
    params: idParam,
    query: z.object({ name: z.string().max(100).optional() }),
    body: {
      content: { 'application/zip': { schema: z.string().openapi({ format: 'binary' }) } },
      required: true,
    },
  },
  responses: {
    200: jsonContent(projectSummarySchema, 'The stored project (file names only)'),
    ...errorResponses,
    404: jsonContent(errorSchema, 'No such template'),
    413: jsonContent(errorSchema, 'The zip is too large'),
  },
});

const languages = createRoute({
  method: 'get',
  path: '/api/test-runs/languages',
  tags: ['Test runs'],
  summary:
    "Which languages' tests this server can run (JavaScript/TypeScript, Python, Go, Java), and why not: no sandbox, or the language's toolchain is not installed (recruiters, admins).",
  responses: { 200: jsonContent(testLanguagesSchema, 'Languages'), ...errorResponses },
});

export function testRunRoutes(deps: TestRunDeps) {
  return createRouter()
    .openapi(languages, (c) => c.json(testLanguages(deps, requireActor(c)), 200))
    .openapi(list, async (c) =>
      c.json(await listTestRuns(deps, requireActor(c), c.req.valid('param').id), 200),
    )
    .openapi(run, async (c) =>
      c.json(await requestTestRun(deps, requireActor(c), c.req.valid('param').id), 202),
    )
    .openapi(upload, async (c) => {
      const actor = requireActor(c);
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      const { id } = c.req.valid('param');
      return c.json(
        await uploadTemplateProject(deps, actor, id, bytes, c.req.valid('query').name),
        200,
      );
    });
}
