import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  applicationPadSchema,
  interviewPadLinkSchema,
  type PadLanguage,
  padSchema,
} from '../../../../domain/pads';
import { apiFetch, retryUnlessRefused } from '../../../api/http';

const enc = encodeURIComponent;
/** Under ['interviews']: the realtime refresh of interviews (a pad started or ended) reaches them. */
export const padEntryKeys = {
  ofInterview: (id: string) => ['interviews', 'pad', id] as const,
  ofApplication: (id: string) => ['interviews', 'application-pads', id] as const,
};

/** GET /api/interviews/{id}/pad: the stable link's pad, null until it is started. */
export const useInterviewPadLink = (interviewId: string) =>
  useQuery({
    queryKey: padEntryKeys.ofInterview(interviewId),
    queryFn: ({ signal }) =>
      apiFetch(`/api/interviews/${enc(interviewId)}/pad`, {
        schema: interviewPadLinkSchema,
        signal,
      }),
    retry: retryUnlessRefused,
    // Realtime says when the pad starts; the poll covers a socket that is not connected yet.
    refetchInterval: (query) => (query.state.data?.pad ? false : 10_000),
  });

/** GET /api/applications/{id}/pads */
export const useApplicationPads = (applicationId: string) =>
  useQuery({
    queryKey: padEntryKeys.ofApplication(applicationId),
    queryFn: ({ signal }) =>
      apiFetch(`/api/applications/${enc(applicationId)}/pads`, {
        schema: z.array(applicationPadSchema),
        signal,
      }),
    retry: retryUnlessRefused,
  });

/** POST /api/pads with an application: the recruiter's ad hoc pad. */
export function useNewAdHocPad(applicationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (language: PadLanguage) =>
      apiFetch('/api/pads', {
        method: 'POST',
        json: { applicationId, language },
        schema: padSchema,
      }),
    onSuccess: () =>
      client.invalidateQueries({ queryKey: padEntryKeys.ofApplication(applicationId) }),
  });
}
