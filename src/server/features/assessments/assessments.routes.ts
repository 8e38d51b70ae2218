import { createRoute, z } from '@hono/zod-openapi';
import { errorSchema } from '../../../domain/api';
import { assessmentSchema, candidateFileSchema } from '../../../domain/assessments';
import {
  createRouter,
  errorResponses,
  idParam,
  idSchema,
  jsonContent,
  requireActor,
  serviceValidatedJson,
} from '../../lib/http';
import {
  type AssessmentDeps,
  assignAssessment,
  getAssessment,
  listAssessments,
  listFiles,
  saveEvaluation,
  saveFile,
  setTaskCompleted,
  startAssessment,
  toggleAllTasks,
} from './assessments.service';

const errors = { ...errorResponses, 404: jsonContent(errorSchema, 'Assessment not found') };
const anyJson = serviceValidatedJson;
const one = (description: string) => ({
  200: jsonContent(assessmentSchema, description),
  ...errors,
});

const list = createRoute({
  method: 'get',
  path: '/api/assessments',
  tags: ['Assessments'],
  summary:
    "The candidate's own, the recruiter's assigned, or (admin) all assessments, newest first",
  request: { query: z.object({ status: z.string().optional() }) },
  responses: { 200: jsonContent(z.array(assessmentSchema), 'Assessments'), ...errors },
});
const assign = createRoute({
  method: 'post',
  path: '/api/assessments',
  tags: ['Assessments'],
  summary:
    'Assign a template to a candidate (recruiter). Body: {templateId, candidateId, dueDate, message}',
  request: { body: anyJson },
  responses: { 201: jsonContent(assessmentSchema, 'Assigned'), ...errors },
});
const read = createRoute({
  method: 'get',
  path: '/api/assessments/{id}',
  tags: ['Assessments'],
  summary: 'One assessment (its candidate, its recruiter, admins)',
  request: { params: idParam },
  responses: one('The assessment'),
});
const start = createRoute({
  method: 'post',
  path: '/api/assessments/{id}/start',
  tags: ['Assessments'],
  summary: "The candidate's first open: scheduled becomes in-progress and the clock starts",
  request: { params: idParam },
  responses: one('Started'),
});
const task = createRoute({
  method: 'put',
  path: '/api/assessments/{id}/tasks/{taskId}',
  tags: ['Assessments'],
  summary: 'Tick or untick one task (the candidate); the status follows the tasks',
  request: { params: idParam.extend({ taskId: idSchema }), body: anyJson },
  responses: one('Saved'),
});
const toggle = createRoute({
  method: 'post',
  path: '/api/assessments/{id}/toggle-all',
  tags: ['Assessments'],
  summary: 'Mark all tasks complete, or all incomplete when they all are (the candidate)',
  request: { params: idParam },
  responses: one('Saved'),
});
const evaluation = createRoute({
  method: 'put',
  path: '/api/assessments/{id}/evaluation',
  tags: ['Assessments'],
  summary: 'Score (0-100 or null) and feedback (the owning recruiter or an admin)',
  request: { params: idParam, body: anyJson },
  responses: one('Saved'),
});
const files = createRoute({
  method: 'get',
  path: '/api/assessments/{id}/files',
  tags: ['Assessment files'],
  summary: "Every project file: the candidate's saved text or the starting content",
  request: { params: idParam },
  responses: { 200: jsonContent(z.array(candidateFileSchema), 'Files'), ...errors },
});
const file = createRoute({
  method: 'put',
  path: '/api/assessments/{id}/files/{fileName}',
  tags: ['Assessment files'],
  summary:
    'Save a file (the candidate, until completed); 409 with the stored file when it holds a newer edit',
  request: { params: idParam.extend({ fileName: z.string().min(1).max(200) }), body: anyJson },
  responses: {
    200: jsonContent(candidateFileSchema, 'Saved'),
    ...errors,
    409: jsonContent(errorSchema.extend({ file: candidateFileSchema }), 'A newer edit is stored'),
  },
});

export function assessmentRoutes(deps: AssessmentDeps) {
  return createRouter()
    .openapi(list, async (c) =>
      c.json(await listAssessments(deps, requireActor(c), c.req.valid('query').status), 200),
    )
    .openapi(assign, async (c) =>
      c.json(await assignAssessment(deps, requireActor(c), c.req.valid('json')), 201),
    )
    .openapi(read, async (c) =>
      c.json(await getAssessment(deps, requireActor(c), c.req.valid('param').id), 200),
    )
    .openapi(start, async (c) =>
      c.json(await startAssessment(deps, requireActor(c), c.req.valid('param').id), 200),
    )
    .openapi(task, async (c) => {
      const { id, taskId } = c.req.valid('param');
      return c.json(
        await setTaskCompleted(deps, requireActor(c), id, taskId, c.req.valid('json')),
        200,
      );
    })
    .openapi(toggle, async (c) =>
      c.json(await toggleAllTasks(deps, requireActor(c), c.req.valid('param').id), 200),
    )
    .openapi(evaluation, async (c) =>
      c.json(
        await saveEvaluation(deps, requireActor(c), c.req.valid('param').id, c.req.valid('json')),
        200,
      ),
    )
    .openapi(files, async (c) =>
      c.json(await listFiles(deps, requireActor(c), c.req.valid('param').id), 200),
    )
    .openapi(file, async (c) => {
      const { id, fileName } = c.req.valid('param');
      return c.json(await saveFile(deps, requireActor(c), id, fileName, c.req.valid('json')), 200);
    });
}
