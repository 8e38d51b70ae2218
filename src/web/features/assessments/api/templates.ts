import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  candidateOptionSchema,
  type Settings,
  settingsSchema,
  type TemplateCreateInput,
  type TemplateInput,
  templateSchema,
} from '../../../../domain/assessments';
import { apiFetch } from '../../../api/http';
import { peopleKeys, settingsKeys, templateKeys } from '../../../lib/query-keys';
import { setAfterReads } from '../../../lib/set-after-reads';

/** GET /api/templates: all (admin) or the active ones this recruiter may use (recruiter). */
export const templatesQuery = () =>
  queryOptions({
    queryKey: templateKeys.all,
    queryFn: ({ signal }) =>
      apiFetch('/api/templates', { schema: z.array(templateSchema), signal }),
  });
export const useTemplates = () => useQuery(templatesQuery());

function useTemplateMutation<V, R>(call: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}

/** POST /api/templates (admin). */
export const useCreateTemplate = () =>
  useTemplateMutation((input: TemplateCreateInput) =>
    apiFetch('/api/templates', { method: 'POST', json: input, schema: templateSchema }),
  );

/** PUT /api/templates/:id (admin). */
export const useUpdateTemplate = () =>
  useTemplateMutation(({ id, ...input }: TemplateInput & { id: string }) =>
    apiFetch(`/api/templates/${encodeURIComponent(id)}`, {
      method: 'PUT',
      json: input,
      schema: templateSchema,
    }),
  );

/** DELETE /api/templates/:id (admin). */
export const useDeleteTemplate = () =>
  useTemplateMutation((id: string) =>
    apiFetch(`/api/templates/${encodeURIComponent(id)}`, { method: 'DELETE', schema: z.null() }),
  );

/** GET /api/settings (admin). */
export const useSettings = () =>
  useQuery({
    queryKey: settingsKeys.all,
    queryFn: ({ signal }) => apiFetch('/api/settings', { schema: settingsSchema, signal }),
  });

/** PUT /api/settings (admin). */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: Settings) =>
      apiFetch('/api/settings', { method: 'PUT', json: settings, schema: settingsSchema }),
    onSuccess: (saved) => setAfterReads(queryClient, settingsKeys.all, saved),
  });
}

/** GET /api/users/recruiters (admin): for a template's authorisation list. */
export const useRecruiters = () =>
  useQuery({
    queryKey: peopleKeys.recruiters,
    queryFn: ({ signal }) =>
      apiFetch('/api/users/recruiters', { schema: z.array(candidateOptionSchema), signal }),
  });

/** GET /api/users/candidates?q= (recruiter, admin): users with role candidate. */
export const useCandidates = (q = '') =>
  useQuery({
    queryKey: peopleKeys.candidates(q),
    queryFn: ({ signal }) =>
      apiFetch(`/api/users/candidates?q=${encodeURIComponent(q)}`, {
        schema: z.array(candidateOptionSchema),
        signal,
      }),
  });
