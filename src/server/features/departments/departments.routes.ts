import { createRoute, z } from '@hono/zod-openapi';
import { errorSchema } from '../../../domain/api';
import {
  departmentChangeSchema,
  departmentIdParam,
  departmentOptionSchema,
  managedDepartmentSchema,
  newDepartmentSchema,
} from '../../../domain/departments';
import {
  createRouter,
  errorResponses,
  jsonBody,
  jsonContent,
  requireActor,
  signedIn,
} from '../../lib/http';
import {
  changeDepartment,
  createDepartment,
  type DepartmentDeps,
  deleteDepartment,
  listActiveDepartments,
  listManagedDepartments,
} from './departments.service';

const errors = errorResponses;
const notFound = { 404: jsonContent(errorSchema, 'No such department') };
const conflict = (what: string) => ({ 409: jsonContent(errorSchema, what) });

const listActive = createRoute({
  method: 'get',
  path: '/api/departments',
  tags: ['Departments'],
  summary: 'The active departments, by name (anyone signed in): what templates and jobs may use',
  middleware: [signedIn()] as const,
  responses: { 200: jsonContent(z.array(departmentOptionSchema), 'Departments'), ...errors },
});
const listManaged = createRoute({
  method: 'get',
  path: '/api/departments/manage',
  tags: ['Departments'],
  summary:
    'Every department with its template, job and admin-profile counts and its templates (admin)',
  middleware: [signedIn()] as const,
  responses: { 200: jsonContent(z.array(managedDepartmentSchema), 'Departments'), ...errors },
});
const create = createRoute({
  method: 'post',
  path: '/api/departments',
  tags: ['Departments'],
  summary: 'Add a department (admin); names are trimmed and unique whatever their case; audited',
  middleware: [signedIn()] as const,
  request: { body: jsonBody(newDepartmentSchema) },
  responses: {
    201: jsonContent(managedDepartmentSchema, 'Created'),
    ...errors,
    ...conflict('The name is taken'),
  },
});
const change = createRoute({
  method: 'patch',
  path: '/api/departments/{id}',
  tags: ['Departments'],
  summary:
    'Rename, archive or restore a department (admin); archived ones are not offered for new templates and jobs; audited',
  middleware: [signedIn()] as const,
  request: { params: departmentIdParam, body: jsonBody(departmentChangeSchema) },
  responses: {
    200: jsonContent(managedDepartmentSchema, 'Saved'),
    ...errors,
    ...notFound,
    ...conflict('The name is taken'),
  },
});
const remove = createRoute({
  method: 'delete',
  path: '/api/departments/{id}',
  tags: ['Departments'],
  summary: 'Delete a department nothing uses (admin); audited',
  middleware: [signedIn()] as const,
  request: { params: departmentIdParam },
  responses: {
    204: { description: 'Deleted' },
    ...errors,
    ...notFound,
    ...conflict('Templates, jobs or admin profiles use it; the message says how many'),
  },
});

export function departmentRoutes(deps: DepartmentDeps) {
  return createRouter()
    .openapi(listActive, async (c) =>
      c.json(await listActiveDepartments(deps, requireActor(c)), 200),
    )
    .openapi(listManaged, async (c) =>
      c.json(await listManagedDepartments(deps, requireActor(c)), 200),
    )
    .openapi(create, async (c) =>
      c.json(await createDepartment(deps, requireActor(c), c.req.valid('json')), 201),
    )
    .openapi(change, async (c) =>
      c.json(
        await changeDepartment(deps, requireActor(c), c.req.valid('param').id, c.req.valid('json')),
        200,
      ),
    )
    .openapi(remove, async (c) => {
      await deleteDepartment(deps, requireActor(c), c.req.valid('param').id);
      return c.body(null, 204);
    });
}
