import { createRoute, z } from '@hono/zod-openapi';
import { errorSchema } from '../../../domain/api';
import {
  answerSaveSchema,
  assessmentSchema,
  assignInputSchema,
  candidateFileSchema,
  dueDateInputSchema,
  evaluationInputSchema,
  fileSaveSchema,
  taskAnswerSchema,
  taskUpdateSchema,
} from '../../../domain/assessments';
import { projectChangeEntrySchema, projectChangeSchema } from '../../../domain/project-paths';
import {
  createRouter,
  errorResponses,
  idParam,
  idSchema,
  jsonBody,
  jsonContent,
  requireActor,
} from '../../lib/http';
import {
  type AssessmentDeps,
  assignAssessment,
  changeDueDate,
  changeFiles,
  getAssessment,
  listAnswers,
  listAssessments,
  listFiles,
  listProjectChanges,
  revealIdentity,
  saveAnswer,
  saveEvaluation,
  saveFile,
  setTaskCompleted,
  startAssessment,
  submitAssessment,
  toggleAllTasks,
} from './assessments.service';

const errors = { ...errorResponses, 404: jsonContent(errorSchema, 'Assessment not found') };
const conflict = (description: string) => ({ 409: jsonContent(errorSchema, description) });
const one = (description: string) => ({
  200: jsonContent(assessmentSchema, description),
  ...errors,
});
const taskParams = idParam.extend({ taskId: idSchema });

const list = createRoute({
  method: 'get',
  path: '/api/assessments',
  tags: ['Assessments'],
  summary:
    "The candidate's own, the recruiter's assigned, or (admin) all assessments, newest first",
  request: { query: z.object({ status: z.string().max(20).optional() }) },
  responses: { 200: jsonContent(z.array(assessmentSchema), 'Assessments'), ...errors },
});
const assign = createRoute({
  method: 'post',
  path: '/api/assessments',
  tags: ['Assessments'],
  summary: 'Assign a template to a candidate (recruiter)',
  request: { body: jsonBody(assignInputSchema) },
  responses: { 201: jsonContent(assessmentSchema, 'Assigned'), ...errors },
});
const read = createRoute({
  method: 'get',
  path: '/api/assessments/{id}',
  tags: ['Assessments'],
  summary:
    'One assessment (its candidate, its recruiter, admins); one whose time ran out is submitted first',
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
  summary: 'Tick or untick one task (the candidate, until submitted); progress only, never submits',
  request: { params: taskParams, body: jsonBody(taskUpdateSchema) },
  responses: one('Saved'),
});
const toggle = createRoute({
  method: 'post',
  path: '/api/assessments/{id}/toggle-all',
  tags: ['Assessments'],
  summary: 'Mark all tasks complete, or all incomplete when they all are (never submits)',
  request: { params: idParam },
  responses: one('Saved'),
});
const submit = createRoute({
  method: 'post',
  path: '/api/assessments/{id}/submit',
  tags: ['Assessments'],
  summary:
    'Submit (the candidate): files and answers become read-only, the recruiter is told; 409 when already submitted',
  request: { params: idParam },
  responses: { ...one('Submitted'), ...conflict('Already submitted') },
});
const evaluation = createRoute({
  method: 'put',
  path: '/api/assessments/{id}/evaluation',
  tags: ['Assessments'],
  summary:
    'Score (whole number 0-100 or null) and feedback (the owning recruiter or an admin); 409 before submission',
  request: { params: idParam, body: jsonBody(evaluationInputSchema) },
  responses: { ...one('Saved'), ...conflict('Not submitted yet') },
});
const reveal = createRoute({
  method: 'post',
  path: '/api/assessments/{id}/reveal',
  tags: ['Assessments'],
  summary:
    'Blind review: reveal the candidate (the assigning recruiter, after the score is saved); recorded in the audit log',
  request: { params: idParam },
  responses: { ...one('Revealed'), ...conflict('Not under blind review, or not scored yet') },
});
const dueDate = createRoute({
  method: 'put',
  path: '/api/assessments/{id}/due-date',
  tags: ['Assessments'],
  summary: 'Extend the due date (the owning recruiter or an admin); the candidate is e-mailed',
  request: { params: idParam, body: jsonBody(dueDateInputSchema) },
  responses: { ...one('Saved'), ...conflict('Already submitted') },
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
    'Save a file (the candidate, until submitted or the time is up); 409 with the stored file when it holds a newer edit',
  request: {
    params: idParam.extend({ fileName: z.string().min(1).max(200) }),
    body: jsonBody(fileSaveSchema),
  },
  responses: {
    200: jsonContent(candidateFileSchema, 'Saved'),
    ...errors,
    409: jsonContent(errorSchema.extend({ file: candidateFileSchema }), 'A newer edit is stored'),
  },
});
const fileChange = createRoute({
  method: 'post',
  path: '/api/assessments/{id}/file-changes',
  tags: ['Assessment files'],
  summary:
    'Create a file, rename or move a file or folder, or delete one (the candidate, until submitted or the time is up); answers the files the change made. 400 a path rule, 403 a protected test file, 409 the path exists (or differs only by case), 413 a limit (200 files, 256 KB a file, 5 MB in all)',
  request: { params: idParam, body: jsonBody(projectChangeSchema) },
  responses: {
    200: jsonContent(z.array(candidateFileSchema), 'The files the change made'),
    ...errors,
    409: jsonContent(errorSchema, 'The path exists'),
    413: jsonContent(errorSchema, 'Over a limit'),
  },
});
const fileChanges = createRoute({
  method: 'get',
  path: '/api/assessments/{id}/file-changes',
  tags: ['Assessment files'],
  summary:
    "The candidate's creates, renames and deletes in order (the recruiter or an admin; the playback timeline)",
  request: { params: idParam },
  responses: { 200: jsonContent(z.array(projectChangeEntrySchema), 'Changes'), ...errors },
});
const answers = createRoute({
  method: 'get',
  path: '/api/assessments/{id}/answers',
  tags: ['Assessment files'],
  summary: 'The written answers of the text and document tasks',
  request: { params: idParam },
  responses: { 200: jsonContent(z.array(taskAnswerSchema), 'Answers'), ...errors },
});
const answer = createRoute({
  method: 'put',
  path: '/api/assessments/{id}/answers/{taskId}',
  tags: ['Assessment files'],
  summary:
    'Save the answer of a text or document task (the candidate, until submitted); 409 with the stored answer when it holds a newer edit',
  request: { params: taskParams, body: jsonBody(answerSaveSchema) },
  responses: {
    200: jsonContent(taskAnswerSchema, 'Saved'),
    ...errors,
    409: jsonContent(errorSchema.extend({ answer: taskAnswerSchema }), 'A newer edit is stored'),
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
    .openapi(submit, async (c) => {
      const submitted = await submitAssessment(deps, requireActor(c), c.req.valid('param').id);
      return c.json(submitted!, 200);
    })
    .openapi(evaluation, async (c) =>
      c.json(
        await saveEvaluation(deps, requireActor(c), c.req.valid('param').id, c.req.valid('json')),
        200,
      ),
    )
    .openapi(reveal, async (c) =>
      c.json(await revealIdentity(deps, requireActor(c), c.req.valid('param').id), 200),
    )
    .openapi(dueDate, async (c) =>
      c.json(
        await changeDueDate(deps, requireActor(c), c.req.valid('param').id, c.req.valid('json')),
        200,
      ),
    )
    .openapi(files, async (c) =>
      c.json(await listFiles(deps, requireActor(c), c.req.valid('param').id), 200),
    )
    .openapi(file, async (c) => {
      const { id, fileName } = c.req.valid('param');
      return c.json(await saveFile(deps, requireActor(c), id, fileName, c.req.valid('json')), 200);
    })
    .openapi(fileChange, async (c) =>
      c.json(
        await changeFiles(deps, requireActor(c), c.req.valid('param').id, c.req.valid('json')),
        200,
      ),
    )
    .openapi(fileChanges, async (c) =>
      c.json(await listProjectChanges(deps, requireActor(c), c.req.valid('param').id), 200),
    )
    .openapi(answers, async (c) =>
      c.json(await listAnswers(deps, requireActor(c), c.req.valid('param').id), 200),
    )
    .openapi(answer, async (c) => {
      const { id, taskId } = c.req.valid('param');
      return c.json(await saveAnswer(deps, requireActor(c), id, taskId, c.req.valid('json')), 200);
    });
}
