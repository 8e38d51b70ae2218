import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type DepartmentChange,
  departmentOptionSchema,
  managedDepartmentSchema,
  type NewDepartment,
} from '../../../../domain/departments';
import { apiFetch } from '../../../api/http';

/**
 * Under 'templates' on purpose: the server announces department changes with the
 * templates event (a rename changes what templates and jobs show), which refreshes these.
 */
export const departmentKeys = {
  all: ['templates', 'departments'] as const,
  active: ['templates', 'departments', 'active'] as const,
  managed: ['templates', 'departments', 'managed'] as const,
};

/** GET /api/departments: the active ones, for forms and filters (anyone signed in). */
export const activeDepartmentsQuery = () =>
  queryOptions({
    queryKey: departmentKeys.active,
    queryFn: ({ signal }) =>
      apiFetch('/api/departments', { schema: z.array(departmentOptionSchema), signal }),
    staleTime: 60_000,
  });
export const useActiveDepartments = () => useQuery(activeDepartmentsQuery());

/** GET /api/departments/manage (admin): all of them, with counts and templates. */
export const useManagedDepartments = () =>
  useQuery({
    queryKey: departmentKeys.managed,
    queryFn: ({ signal }) =>
      apiFetch('/api/departments/manage', { schema: z.array(managedDepartmentSchema), signal }),
  });

function useDepartmentMutation<V, R>(call: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    // Templates and jobs show the department's name: refresh them too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['templates'] }),
        queryClient.invalidateQueries({ queryKey: ['jobs'] }),
      ]),
  });
}

export const useAddDepartment = () =>
  useDepartmentMutation((input: NewDepartment) =>
    apiFetch('/api/departments', { method: 'POST', json: input, schema: managedDepartmentSchema }),
  );

export const useChangeDepartment = () =>
  useDepartmentMutation(({ id, ...change }: DepartmentChange & { id: string }) =>
    apiFetch(`/api/departments/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      json: change,
      schema: managedDepartmentSchema,
    }),
  );

export const useDeleteDepartment = () =>
  useDepartmentMutation((id: string) =>
    apiFetch(`/api/departments/${encodeURIComponent(id)}`, { method: 'DELETE', schema: z.null() }),
  );
