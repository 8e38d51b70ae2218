import { createRoute, z } from '@hono/zod-openapi';
import { errorSchema } from '../../../domain/api';
import {
  busyQuerySchema,
  busyTimeSchema,
  cancelInputSchema,
  candidateInterviewSchema,
  colleagueSchema,
  criteriaInputSchema,
  criteriaSchema,
  interviewSchema,
  pickInputSchema,
  proposeInputSchema,
  scorecardInputSchema,
  slotInputSchema,
} from '../../../domain/interviews';
import { idSchema } from '../../../domain/jobs';
import { createRouter, errorResponses, jsonContent, requireActor } from '../../lib/http';
import {
  cancelInterview,
  getCriteria,
  type InterviewDeps,
  listApplicationInterviews,
  listBusyTimes,
  listColleagues,
  listJobInterviews,
  listMyInterviews,
  listTeamInterviews,
  pickSlot,
  proposeInterview,
  rescheduleInterview,
  setCriteria,
  submitScorecard,
  withdrawSlot,
} from './interviews.service';

const errors = {
  ...errorResponses,
  404: jsonContent(errorSchema, 'Interview, application or job not found'),
  409: jsonContent(errorSchema, 'Not possible in the interview’s present state'),
};
const idParam = z.object({ id: idSchema });
const body = <T extends z.ZodType>(schema: T) => ({
  content: { 'application/json': { schema } },
  required: true,
});
const tags = ['Interviews'];

const colleagues = createRoute({
  method: 'get',
  path: '/api/interviews/colleagues',
  tags,
  summary: "Recruiters of the caller's company, who may interview (recruiter)",
  responses: { 200: jsonContent(z.array(colleagueSchema), 'Recruiters'), ...errors },
});
const busy = createRoute({
  method: 'get',
  path: '/api/interviews/busy',
  tags,
  summary:
    'When these colleagues are booked (scheduled interviews) between two instants, for the propose form (recruiter)',
  request: { query: busyQuerySchema },
  responses: { 200: jsonContent(z.array(busyTimeSchema), 'Busy times'), ...errors },
});
const team = createRoute({
  method: 'get',
  path: '/api/interviews/team',
  tags,
  summary:
    "The recruiter's interviews: of their jobs and those they interview in (own scorecards only for others' jobs)",
  responses: { 200: jsonContent(z.array(interviewSchema), 'Interviews'), ...errors },
});
const mine = createRoute({
  method: 'get',
  path: '/api/interviews/mine',
  tags,
  summary: "The candidate's interviews, as candidates see them (no scorecards)",
  responses: { 200: jsonContent(z.array(candidateInterviewSchema), 'Interviews'), ...errors },
});
const ofApplication = createRoute({
  method: 'get',
  path: '/api/applications/{id}/interviews',
  tags,
  summary: "An application's interviews with their scorecards (the job's recruiter, admins)",
  request: { params: idParam },
  responses: { 200: jsonContent(z.array(interviewSchema), 'Interviews'), ...errors },
});
const propose = createRoute({
  method: 'post',
  path: '/api/applications/{id}/interviews',
  tags,
  summary:
    "Propose one to five times for an interview (the job's recruiter, application at the Interview stage)",
  request: { params: idParam, body: body(proposeInputSchema) },
  responses: { 201: jsonContent(interviewSchema, 'Proposed'), ...errors },
});
const ofJob = createRoute({
  method: 'get',
  path: '/api/jobs/{id}/interviews',
  tags,
  summary: "A job's interviews under way, for its pipeline (its recruiter, admins)",
  request: { params: idParam },
  responses: { 200: jsonContent(z.array(interviewSchema), 'Interviews'), ...errors },
});
const readCriteria = createRoute({
  method: 'get',
  path: '/api/jobs/{id}/scorecard-criteria',
  tags,
  summary: "The criteria the job's interviews are scored on (its recruiter, admins)",
  request: { params: idParam },
  responses: { 200: jsonContent(criteriaSchema, 'Criteria'), ...errors },
});
const writeCriteria = createRoute({
  method: 'put',
  path: '/api/jobs/{id}/scorecard-criteria',
  tags,
  summary: "Name the criteria the job's interviews are scored on (its recruiter)",
  request: { params: idParam, body: body(criteriaInputSchema) },
  responses: { 200: jsonContent(criteriaSchema, 'Saved'), ...errors },
});
const pick = createRoute({
  method: 'post',
  path: '/api/interviews/{id}/pick',
  tags,
  summary: 'Pick one of the proposed times (the candidate): invitations go to everyone',
  request: { params: idParam, body: body(pickInputSchema) },
  responses: { 200: jsonContent(candidateInterviewSchema, 'Scheduled'), ...errors },
});
const reschedule = createRoute({
  method: 'post',
  path: '/api/interviews/{id}/reschedule',
  tags,
  summary: "Move a scheduled interview (the job's recruiter): updated invitations go out",
  request: { params: idParam, body: body(slotInputSchema) },
  responses: { 200: jsonContent(interviewSchema, 'Moved'), ...errors },
});
const cancel = createRoute({
  method: 'post',
  path: '/api/interviews/{id}/cancel',
  tags,
  summary: "Cancel an interview (the job's recruiter): cancellations go out",
  request: { params: idParam, body: body(cancelInputSchema) },
  responses: { 200: jsonContent(interviewSchema, 'Cancelled'), ...errors },
});
const withdraw = createRoute({
  method: 'post',
  path: '/api/interviews/{id}/slots/{slotId}/withdraw',
  tags,
  summary: "Withdraw one proposed time before the candidate picks (the job's recruiter)",
  request: { params: z.object({ id: idSchema, slotId: idSchema }) },
  responses: { 200: jsonContent(interviewSchema, 'Withdrawn'), ...errors },
});
const scorecard = createRoute({
  method: 'put',
  path: '/api/interviews/{id}/scorecard',
  tags,
  summary:
    "Fill or change the caller's scorecard (an interviewer, once the interview has begun); never shown to the candidate",
  request: { params: idParam, body: body(scorecardInputSchema) },
  responses: { 200: jsonContent(interviewSchema, 'Saved'), ...errors },
});

export function interviewRoutes(deps: InterviewDeps) {
  return createRouter()
    .openapi(colleagues, async (c) => c.json(await listColleagues(deps, requireActor(c)), 200))
    .openapi(busy, async (c) => {
      const q = c.req.valid('query');
      return c.json(
        await listBusyTimes(deps, requireActor(c), q.userIds, new Date(q.from), new Date(q.to)),
        200,
      );
    })
    .openapi(team, async (c) => c.json(await listTeamInterviews(deps, requireActor(c)), 200))
    .openapi(mine, async (c) => c.json(await listMyInterviews(deps, requireActor(c)), 200))
    .openapi(ofApplication, async (c) =>
      c.json(await listApplicationInterviews(deps, requireActor(c), c.req.valid('param').id), 200),
    )
    .openapi(propose, async (c) =>
      c.json(
        await proposeInterview(deps, requireActor(c), c.req.valid('param').id, c.req.valid('json')),
        201,
      ),
    )
    .openapi(ofJob, async (c) =>
      c.json(await listJobInterviews(deps, requireActor(c), c.req.valid('param').id), 200),
    )
    .openapi(readCriteria, async (c) =>
      c.json(await getCriteria(deps, requireActor(c), c.req.valid('param').id), 200),
    )
    .openapi(writeCriteria, async (c) =>
      c.json(
        await setCriteria(
          deps,
          requireActor(c),
          c.req.valid('param').id,
          c.req.valid('json').criteria,
        ),
        200,
      ),
    )
    .openapi(pick, async (c) =>
      c.json(
        await pickSlot(deps, requireActor(c), c.req.valid('param').id, c.req.valid('json').slotId),
        200,
      ),
    )
    .openapi(reschedule, async (c) =>
      c.json(
        await rescheduleInterview(
          deps,
          requireActor(c),
          c.req.valid('param').id,
          c.req.valid('json'),
        ),
        200,
      ),
    )
    .openapi(cancel, async (c) =>
      c.json(
        await cancelInterview(
          deps,
          requireActor(c),
          c.req.valid('param').id,
          c.req.valid('json').reason,
        ),
        200,
      ),
    )
    .openapi(withdraw, async (c) => {
      const { id, slotId } = c.req.valid('param');
      return c.json(await withdrawSlot(deps, requireActor(c), id, slotId), 200);
    })
    .openapi(scorecard, async (c) =>
      c.json(
        await submitScorecard(deps, requireActor(c), c.req.valid('param').id, c.req.valid('json')),
        200,
      ),
    );
}
