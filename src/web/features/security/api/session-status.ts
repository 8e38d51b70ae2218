import { queryOptions, useQuery } from '@tanstack/react-query';
import { sessionStatusSchema } from '../../../../domain/security';
import { apiFetch } from '../../../api/http';

export const sessionStatusKey = ['session', 'status'] as const;

/** GET /api/session/status: reads the idle clock without restarting it. */
export const sessionStatusQuery = () =>
  queryOptions({
    queryKey: sessionStatusKey,
    queryFn: ({ signal }) =>
      apiFetch('/api/session/status', { schema: sessionStatusSchema, signal }),
    retry: false,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });

export const useSessionStatus = (enabled: boolean) =>
  useQuery({ ...sessionStatusQuery(), enabled });

/** POST /api/session/activity: the user did something; the idle clock restarts. */
export const reportActivity = () =>
  apiFetch('/api/session/activity', { method: 'POST', schema: sessionStatusSchema });
