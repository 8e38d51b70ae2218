import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AiSettings,
  type AiTemplateSettings,
  aiConfigSchema,
  aiSettingsSchema,
  aiTemplateSettingsSchema,
  aiTestResultSchema,
} from '../../../../domain/ai-review';
import { apiFetch, retryUnlessRefused } from '../../../api/http';
import { setAfterReads } from '../../../lib/set-after-reads';

/*
 * The admin's and the template author's AI calls (the reviewer's are in review.ts):
 * AI Configuration and a template's AI review settings with its rubric.
 */

const configKey = ['admin', 'ai'] as const;
const templateKey = (templateId: string) => ['templates', templateId, 'ai-review'] as const;

/** GET /api/admin/ai: the endpoint, its models, the admin's choices and today's budget. */
export const useAiConfig = () =>
  useQuery({
    queryKey: configKey,
    queryFn: ({ signal }) => apiFetch('/api/admin/ai', { schema: aiConfigSchema, signal }),
    retry: retryUnlessRefused,
  });

/** PUT /api/admin/ai: the model, the features, the feedback detail and the retention. */
export function useSaveAiSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: AiSettings) =>
      apiFetch('/api/admin/ai', { method: 'PUT', json: settings, schema: aiSettingsSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configKey }),
  });
}

/** POST /api/admin/ai/test: one small structured request to the model. */
export const useTestModel = () =>
  useMutation({
    mutationFn: (model: string) =>
      apiFetch('/api/admin/ai/test', {
        method: 'POST',
        json: { model },
        schema: aiTestResultSchema,
      }),
  });

/** GET /api/templates/:id/ai-review: off with the starter rubric until saved. */
export const useTemplateAi = (templateId: string) =>
  useQuery({
    queryKey: templateKey(templateId),
    queryFn: ({ signal }) =>
      apiFetch(`/api/templates/${encodeURIComponent(templateId)}/ai-review`, {
        schema: aiTemplateSettingsSchema,
        signal,
      }),
    retry: retryUnlessRefused,
  });

/** PUT /api/templates/:id/ai-review: all or nothing (the server checks the rubric). */
export function useSaveTemplateAi(templateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: AiTemplateSettings) =>
      apiFetch(`/api/templates/${encodeURIComponent(templateId)}/ai-review`, {
        method: 'PUT',
        json: settings,
        schema: aiTemplateSettingsSchema,
      }),
    onSuccess: (saved) => setAfterReads(queryClient, templateKey(templateId), saved),
  });
}
