import { Readable } from 'node:stream';
import { createRoute, z } from '@hono/zod-openapi';
import { errorSchema } from '../../../domain/api';
import {
  applicationDetailSchema,
  applicationSchema,
  applyInputSchema,
  browseQuerySchema,
  candidateApplicationSchema,
  idSchema,
  JOB_TEXTS,
  jobActionSchema,
  jobDetailSchema,
  jobInputSchema,
  jobPageSchema,
  jobSchema,
  managedJobSchema,
  moveInputSchema,
  moveResultSchema,
  newJobSchema,
  noteInputSchema,
  reassignSchema,
} from '../../../domain/jobs';
import { AppError } from '../../lib/errors';
import { createRouter, errorResponses, jsonContent, requireActor } from '../../lib/http';
import {
  addNote,
  applyToJob,
  browseJobs,
  changeJobStatus,
  createJob,
  deleteJob,
  duplicateJob,
  getApplication,
  getJob,
  getResume,
  type JobsDeps,
  listJobApplications,
  listManagedJobs,
  listMyApplications,
  moveApplications,
  reassignJob,
  updateJob,
  withdrawApplication,
} from './jobs.service';

const errors = {
  ...errorResponses,
  404: jsonContent(errorSchema, 'Job or application not found'),
};
const idParam = z.object({ id: idSchema });
const tooMany = (what: string) =>
  jsonContent(
    errorSchema.extend({ retryAfterSeconds: z.number().int() }),
    `Too many ${what} in a short time; the message says how long to wait`,
  );
const body = <T extends z.ZodType>(schema: T) => ({
  content: { 'application/json': { schema } },
  required: true,
});

const browse = createRoute({
  method: 'get',
  path: '/api/jobs',
  tags: ['Jobs'],
  summary: 'Browse Jobs (candidates): published, open jobs, newest first, filtered and paged',
  request: { query: browseQuerySchema },
  responses: { 200: jsonContent(jobPageSchema, 'A page of jobs'), ...errors },
});
const managed = createRoute({
  method: 'get',
  path: '/api/jobs/managed',
  tags: ['Jobs'],
  summary: "My Listings (a recruiter's own jobs) or Manage Jobs (admin: every job), with counts",
  responses: { 200: jsonContent(z.array(managedJobSchema), 'Jobs'), ...errors },
});
const create = createRoute({
  method: 'post',
  path: '/api/jobs',
  tags: ['Jobs'],
  summary: 'Post Job (recruiter): save as draft or publish',
  request: { body: body(newJobSchema) },
  responses: { 201: jsonContent(jobSchema, 'Created'), ...errors, 429: tooMany('jobs posted') },
});
const read = createRoute({
  method: 'get',
  path: '/api/jobs/{id}',
  tags: ['Jobs'],
  summary: 'One job: candidates see open jobs and those they applied to; recruiters their own',
  request: { params: idParam },
  responses: { 200: jsonContent(jobDetailSchema, 'The job'), ...errors },
});
const update = createRoute({
  method: 'put',
  path: '/api/jobs/{id}',
  tags: ['Jobs'],
  summary: 'Edit a job (its recruiter or an admin); archived jobs are read-only',
  request: { params: idParam, body: body(jobInputSchema) },
  responses: { 200: jsonContent(jobSchema, 'Saved'), ...errors },
});
const status = createRoute({
  method: 'post',
  path: '/api/jobs/{id}/status',
  tags: ['Jobs'],
  summary: 'Publish, close, reopen, archive or unpublish a job (its recruiter or an admin)',
  request: { params: idParam, body: body(jobActionSchema) },
  responses: { 200: jsonContent(jobSchema, 'Changed'), ...errors },
});
const duplicate = createRoute({
  method: 'post',
  path: '/api/jobs/{id}/duplicate',
  tags: ['Jobs'],
  summary: 'A new draft with the same fields (its recruiter)',
  request: { params: idParam },
  responses: { 201: jsonContent(jobSchema, 'The copy'), ...errors, 429: tooMany('jobs posted') },
});
const owner = createRoute({
  method: 'put',
  path: '/api/jobs/{id}/owner',
  tags: ['Jobs'],
  summary: 'Reassign a job to another recruiter (admin)',
  request: { params: idParam, body: body(reassignSchema) },
  responses: { 200: jsonContent(jobSchema, 'Reassigned'), ...errors },
});
const remove = createRoute({
  method: 'delete',
  path: '/api/jobs/{id}',
  tags: ['Jobs'],
  summary: 'Remove a job and its applications (admin)',
  request: { params: idParam },
  responses: { 204: { description: 'Removed' }, ...errors },
});

const applyFormSchema = applyInputSchema.extend({
  resume: z.any().optional().openapi({ type: 'string', format: 'binary' }),
});
const apply = createRoute({
  method: 'post',
  path: '/api/jobs/{id}/applications',
  tags: ['Applications'],
  summary: 'Apply (candidate): a cover letter and an optional PDF résumé (5 MB at most)',
  request: {
    params: idParam,
    body: { content: { 'multipart/form-data': { schema: applyFormSchema } }, required: true },
  },
  responses: {
    201: jsonContent(candidateApplicationSchema, 'Applied, as the candidate sees it'),
    ...errors,
    409: jsonContent(errorSchema, 'Already applied'),
    413: jsonContent(errorSchema, 'Résumé too large'),
    415: jsonContent(errorSchema, 'Résumé not a PDF'),
    429: tooMany('applications'),
  },
});
const pipeline = createRoute({
  method: 'get',
  path: '/api/jobs/{id}/applications',
  tags: ['Applications'],
  summary: "A job's applications (its recruiter or an admin)",
  request: { params: idParam },
  responses: { 200: jsonContent(z.array(applicationSchema), 'Applications'), ...errors },
});
const move = createRoute({
  method: 'post',
  path: '/api/jobs/{id}/applications/move',
  tags: ['Applications'],
  summary:
    'Move applications of the job to a stage; Rejected needs a reason, Assessment a template to assign',
  request: { params: idParam, body: body(moveInputSchema) },
  responses: { 200: jsonContent(moveResultSchema, 'Moved'), ...errors },
});
const mine = createRoute({
  method: 'get',
  path: '/api/applications/mine',
  tags: ['Applications'],
  summary: 'My Applications (candidate): each with its timeline',
  responses: { 200: jsonContent(z.array(candidateApplicationSchema), 'Applications'), ...errors },
});
const detail = createRoute({
  method: 'get',
  path: '/api/applications/{id}',
  tags: ['Applications'],
  summary: "One application with stage history and notes (the job's recruiter or an admin)",
  request: { params: idParam },
  responses: { 200: jsonContent(applicationDetailSchema, 'The application'), ...errors },
});
const withdraw = createRoute({
  method: 'post',
  path: '/api/applications/{id}/withdraw',
  tags: ['Applications'],
  summary: 'Withdraw an application (its candidate)',
  request: { params: idParam },
  responses: { 200: jsonContent(candidateApplicationSchema, 'Withdrawn'), ...errors },
});
const note = createRoute({
  method: 'post',
  path: '/api/applications/{id}/notes',
  tags: ['Applications'],
  summary: "Add a note (the job's recruiter or an admin; never shown to the candidate)",
  request: { params: idParam, body: body(noteInputSchema) },
  responses: { 201: jsonContent(applicationDetailSchema, 'The application'), ...errors },
});
const resume = createRoute({
  method: 'get',
  path: '/api/applications/{id}/resume',
  tags: ['Applications'],
  summary: "The résumé PDF (the candidate, the job's recruiter, admins)",
  request: { params: idParam },
  responses: {
    200: { description: 'The PDF', content: { 'application/pdf': { schema: z.any() } } },
    ...errors,
  },
});

export function jobRoutes(deps: JobsDeps) {
  return createRouter()
    .openapi(browse, async (c) =>
      c.json(await browseJobs(deps, requireActor(c), c.req.valid('query')), 200),
    )
    .openapi(managed, async (c) => c.json(await listManagedJobs(deps, requireActor(c)), 200))
    .openapi(create, async (c) =>
      c.json(await createJob(deps, requireActor(c), c.req.valid('json')), 201),
    )
    .openapi(read, async (c) =>
      c.json(await getJob(deps, requireActor(c), c.req.valid('param').id), 200),
    )
    .openapi(update, async (c) =>
      c.json(
        await updateJob(deps, requireActor(c), c.req.valid('param').id, c.req.valid('json')),
        200,
      ),
    )
    .openapi(status, async (c) =>
      c.json(
        await changeJobStatus(
          deps,
          requireActor(c),
          c.req.valid('param').id,
          c.req.valid('json').action,
        ),
        200,
      ),
    )
    .openapi(duplicate, async (c) =>
      c.json(await duplicateJob(deps, requireActor(c), c.req.valid('param').id), 201),
    )
    .openapi(owner, async (c) =>
      c.json(
        await reassignJob(
          deps,
          requireActor(c),
          c.req.valid('param').id,
          c.req.valid('json').recruiterId,
        ),
        200,
      ),
    )
    .openapi(remove, async (c) => {
      await deleteJob(deps, requireActor(c), c.req.valid('param').id);
      return c.body(null, 204);
    })
    .openapi(apply, async (c) => {
      const actor = requireActor(c);
      const form = c.req.valid('form');
      const file = form.resume;
      let resumeFile: { name: string; bytes: Uint8Array } | null = null;
      if (file !== undefined && file !== '') {
        if (!(file instanceof File)) throw new AppError(400, JOB_TEXTS.resumePdf);
        if (file.size > 0) {
          resumeFile = { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
        }
      }
      return c.json(
        await applyToJob(
          deps,
          actor,
          c.req.valid('param').id,
          { coverLetter: form.coverLetter },
          resumeFile,
        ),
        201,
      );
    })
    .openapi(pipeline, async (c) =>
      c.json(await listJobApplications(deps, requireActor(c), c.req.valid('param').id), 200),
    )
    .openapi(move, async (c) =>
      c.json(
        await moveApplications(deps, requireActor(c), c.req.valid('param').id, c.req.valid('json')),
        200,
      ),
    )
    .openapi(mine, async (c) => c.json(await listMyApplications(deps, requireActor(c)), 200))
    .openapi(detail, async (c) =>
      c.json(await getApplication(deps, requireActor(c), c.req.valid('param').id), 200),
    )
    .openapi(withdraw, async (c) =>
      c.json(await withdrawApplication(deps, requireActor(c), c.req.valid('param').id), 200),
    )
    .openapi(note, async (c) =>
      c.json(
        await addNote(deps, requireActor(c), c.req.valid('param').id, c.req.valid('json').body),
        201,
      ),
    )
    .openapi(resume, async (c) => {
      const file = await getResume(deps, requireActor(c), c.req.valid('param').id);
      const ascii = file.fileName.replace(/[^\x20-\x7e]/g, '_');
      // Streamed from the storage (a local file or S3), never held whole in memory.
      return c.body(Readable.toWeb(file.stream) as ReadableStream, 200, {
        'Content-Type': 'application/pdf',
        'Content-Length': String(file.size),
        'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, no-store',
      });
    });
}
