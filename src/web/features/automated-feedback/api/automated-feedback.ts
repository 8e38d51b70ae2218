import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  automatedFeedbackReplySchema,
  type FeedbackSettings,
  feedbackSettingsSchema,
} from '../../../../domain/automated-feedback';
import { apiFetch } from '../../../api/http';
import { setAfterReads } from '../../../lib/set-after-reads';

const settingsKey = ['settings', 'feedback'] as const;
/** Under 'test-runs': a finished run (its realtime event) refreshes the feedback too. */
export const feedbackKey = (assessmentId: string) =>
  ['test-runs', 'automated-feedback', assessmentId] as const;

/** GET /api/settings/feedback (admin). */
export const useFeedbackSettings = () =>
  useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) =>
      apiFetch('/api/settings/feedback', { schema: feedbackSettingsSchema, signal }),
  });

/** PUT /api/settings/feedback (admin); every open feedback view refetches. */
export function useSaveFeedbackSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: FeedbackSettings) =>
      apiFetch('/api/settings/feedback', {
        method: 'PUT',
        json: settings,
        schema: feedbackSettingsSchema,
      }),
    onSuccess: async (saved) => {
      await setAfterReads(queryClient, settingsKey, saved);
      void queryClient.invalidateQueries({ queryKey: ['test-runs', 'automated-feedback'] });
    },
  });
}

/** GET /api/assessments/:id/automated-feedback: cut to the admin's level by the server. */
export const useAutomatedFeedback = (assessmentId: string, enabled = true) =>
  useQuery({
    queryKey: feedbackKey(assessmentId),
    queryFn: ({ signal }) =>
      apiFetch(`/api/assessments/${encodeURIComponent(assessmentId)}/automated-feedback`, {
        schema: automatedFeedbackReplySchema,
        signal,
      }),
    enabled,
  });
