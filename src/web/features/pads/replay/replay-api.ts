import { useQuery } from '@tanstack/react-query';
import { padReplaySchema } from '../../../../domain/pads';
import { apiFetch, retryUnlessRefused } from '../../../api/http';

/**
 * GET /api/pads/{id}/replay: every stored update with its author and time, and the runs (the
 * hiring team's). Not under ['pads', id]: a live refresh must not swap the session mid-replay.
 */
export const usePadReplay = (padId: string, enabled = true) =>
  useQuery({
    queryKey: ['pad-replay', padId],
    enabled,
    queryFn: ({ signal }) =>
      apiFetch(`/api/pads/${encodeURIComponent(padId)}/replay`, {
        schema: padReplaySchema,
        signal,
      }),
    retry: retryUnlessRefused,
    refetchOnWindowFocus: false,
  });
