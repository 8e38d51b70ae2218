import { createRoute, z } from '@hono/zod-openapi';
import { errorSchema } from '../../../domain/api';
import { idSchema } from '../../../domain/jobs';
import {
  applicationPadSchema,
  createPadSchema,
  interviewPadLinkSchema,
  noteInputSchema,
  padNoteSchema,
  padReplaySchema,
  padRunSchema,
  padSchema,
} from '../../../domain/pads';
import { createRouter, errorResponses, jsonContent, requireActor } from '../../lib/http';
import {
  addNote,
  createPad,
  deleteNote,
  endPad,
  listApplicationPads,
  listNotes,
  listRuns,
  type PadDeps,
  padOfInterview,
  readPad,
  readReplay,
  startRun,
  updateNote,
} from './pads.service';

const errors = {
  ...errorResponses,
  404: jsonContent(errorSchema, 'Pad, interview or application not found'),
  409: jsonContent(errorSchema, 'Not possible in the pad’s present state'),
};
const idParam = z.object({ id: idSchema });
const noteParams = z.object({ id: idSchema, noteId: idSchema });
const body = <T extends z.ZodType>(schema: T) => ({
  content: { 'application/json': { schema } },
  required: true,
});
const tags = ['Pads'];

const create = createRoute({
  method: 'post',
  path: '/api/pads',
  tags,
  summary:
    "Start a live coding pad for an interview (its interviewers, the job's recruiter; its open pad is answered if there is one) or ad hoc for an application (the job's recruiter)",
  request: { body: body(createPadSchema) },
  responses: {
    200: jsonContent(padSchema, 'The interview’s open pad'),
    201: jsonContent(padSchema, 'Started'),
    ...errors,
  },
});
const read = createRoute({
  method: 'get',
  path: '/api/pads/{id}',
  tags,
  summary:
    "A pad: its files, people and status (its candidate, interviewers, the job's recruiter; admins read). Live editing is the WebSocket at /api/pads/{id}/socket",
  request: { params: idParam },
  responses: { 200: jsonContent(padSchema, 'The pad'), ...errors },
});
const end = createRoute({
  method: 'post',
  path: '/api/pads/{id}/end',
  tags,
  summary: 'End the interview: the pad becomes read-only for everyone (interviewers, recruiter)',
  request: { params: idParam },
  responses: { 200: jsonContent(padSchema, 'Ended'), ...errors },
});
const notes = createRoute({
  method: 'get',
  path: '/api/pads/{id}/notes',
  tags,
  summary: 'The interviewers’ notes (interviewers, recruiter, admins; never the candidate)',
  request: { params: idParam },
  responses: { 200: jsonContent(z.array(padNoteSchema), 'Notes'), ...errors },
});
const addNoteRoute = createRoute({
  method: 'post',
  path: '/api/pads/{id}/notes',
  tags,
  summary: 'Add a note (interviewers, recruiter)',
  request: { params: idParam, body: body(noteInputSchema) },
  responses: { 201: jsonContent(padNoteSchema, 'Added'), ...errors },
});
const updateNoteRoute = createRoute({
  method: 'put',
  path: '/api/pads/{id}/notes/{noteId}',
  tags,
  summary: 'Change one’s own note',
  request: { params: noteParams, body: body(noteInputSchema) },
  responses: { 200: jsonContent(padNoteSchema, 'Changed'), ...errors },
});
const deleteNoteRoute = createRoute({
  method: 'delete',
  path: '/api/pads/{id}/notes/{noteId}',
  tags,
  summary: 'Delete one’s own note',
  request: { params: noteParams },
  responses: { 204: { description: 'Deleted' }, ...errors },
});
const runs = createRoute({
  method: 'get',
  path: '/api/pads/{id}/runs',
  tags,
  summary: 'The pad’s runs, newest first (its people)',
  request: { params: idParam },
  responses: { 200: jsonContent(z.array(padRunSchema), 'Runs'), ...errors },
});
const run = createRoute({
  method: 'post',
  path: '/api/pads/{id}/runs',
  tags,
  summary:
    'Run the pad’s project in the sandbox (either person; one run at a time). The result reaches everyone in the pad over its socket',
  request: { params: idParam },
  responses: { 202: jsonContent(padRunSchema, 'Queued'), ...errors },
});
const replay = createRoute({
  method: 'get',
  path: '/api/pads/{id}/replay',
  tags,
  summary:
    'The session for the scorecard’s replay: every Yjs update with its author and time, and the runs (interviewers, recruiter, admins)',
  request: { params: idParam },
  responses: { 200: jsonContent(padReplaySchema, 'Replay'), ...errors },
});

const ofInterview = createRoute({
  method: 'get',
  path: '/api/interviews/{id}/pad',
  tags,
  summary:
    'The interview’s pad, or null while none was started: the stable link in the interview’s mails (its candidate, interviewers, the job’s recruiter; admins)',
  request: { params: idParam },
  responses: { 200: jsonContent(interviewPadLinkSchema, 'The pad or null'), ...errors },
});
const ofApplication = createRoute({
  method: 'get',
  path: '/api/applications/{id}/pads',
  tags,
  summary:
    'An application’s pads, an interview’s or ad hoc, oldest first (the job’s recruiter, admins, the application’s candidate)',
  request: { params: idParam },
  responses: { 200: jsonContent(z.array(applicationPadSchema), 'Pads'), ...errors },
});

export function padRoutes(deps: PadDeps) {
  return createRouter()
    .openapi(create, async (c) => {
      const { pad, created } = await createPad(deps, requireActor(c), c.req.valid('json'));
      return created ? c.json(pad, 201) : c.json(pad, 200);
    })
    .openapi(read, async (c) =>
      c.json(await readPad(deps, requireActor(c), c.req.valid('param').id), 200),
    )
    .openapi(end, async (c) =>
      c.json(await endPad(deps, requireActor(c), c.req.valid('param').id), 200),
    )
    .openapi(notes, async (c) =>
      c.json(await listNotes(deps, requireActor(c), c.req.valid('param').id), 200),
    )
    .openapi(addNoteRoute, async (c) =>
      c.json(
        await addNote(deps, requireActor(c), c.req.valid('param').id, c.req.valid('json').text),
        201,
      ),
    )
    .openapi(updateNoteRoute, async (c) => {
      const { id, noteId } = c.req.valid('param');
      return c.json(
        await updateNote(deps, requireActor(c), id, noteId, c.req.valid('json').text),
        200,
      );
    })
    .openapi(deleteNoteRoute, async (c) => {
      const { id, noteId } = c.req.valid('param');
      await deleteNote(deps, requireActor(c), id, noteId);
      return c.body(null, 204);
    })
    .openapi(runs, async (c) =>
      c.json(await listRuns(deps, requireActor(c), c.req.valid('param').id), 200),
    )
    .openapi(run, async (c) => {
      return c.json(await startRun(deps, requireActor(c), c.req.valid('param').id), 202);
    })
    .openapi(replay, async (c) =>
      c.json(await readReplay(deps, requireActor(c), c.req.valid('param').id), 200),
    )
    .openapi(ofInterview, async (c) =>
      c.json(await padOfInterview(deps, requireActor(c), c.req.valid('param').id), 200),
    )
    .openapi(ofApplication, async (c) =>
      c.json(await listApplicationPads(deps, requireActor(c), c.req.valid('param').id), 200),
    );
}
