import { createRoute, z } from '@hono/zod-openapi';
import { errorSchema } from '../../../domain/api';
import { publicJobPageSchema, publicJobSchema } from '../../../domain/careers';
import { browseQuerySchema, idSchema } from '../../../domain/jobs';
import { createRouter, jsonContent } from '../../lib/http';
import {
  type CareersDeps,
  careerDepartments,
  getCareerJob,
  listCareerJobs,
} from './careers.service';

const list = createRoute({
  method: 'get',
  path: '/api/careers/jobs',
  tags: ['Careers'],
  summary:
    'The careers site (no sign-in): published, open jobs with Browse Jobs’ search and filters',
  request: { query: browseQuerySchema },
  responses: {
    200: jsonContent(publicJobPageSchema, 'A page of jobs'),
    400: jsonContent(errorSchema, 'Invalid input'),
  },
});
const one = createRoute({
  method: 'get',
  path: '/api/careers/jobs/{id}',
  tags: ['Careers'],
  summary: 'One open job (no sign-in); drafts, closed and archived jobs are 404',
  request: { params: z.object({ id: idSchema }) },
  responses: {
    200: jsonContent(publicJobSchema, 'The job'),
    400: jsonContent(errorSchema, 'Invalid input'),
    404: jsonContent(
      errorSchema.extend({ closed: z.boolean().optional() }),
      'Not found, or (closed: true) no longer open',
    ),
  },
});
const departments = createRoute({
  method: 'get',
  path: '/api/careers/departments',
  tags: ['Careers'],
  summary: 'The departments that have open jobs (no sign-in)',
  responses: { 200: jsonContent(z.array(z.string()), 'Department names') },
});

export function careersRoutes(deps: CareersDeps) {
  return createRouter()
    .openapi(list, async (c) => c.json(await listCareerJobs(deps, c.req.valid('query')), 200))
    .openapi(one, async (c) => c.json(await getCareerJob(deps, c.req.valid('param').id), 200))
    .openapi(departments, async (c) => c.json(await careerDepartments(deps), 200));
}
