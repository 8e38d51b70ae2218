import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../api/http';

const healthSchema = z.object({ ok: z.boolean() });

/** GET /api/health: the API and its database answer (a failed check throws). */
export const useApiHealth = () =>
  useQuery({
    queryKey: ['health'],
    queryFn: ({ signal }) => apiFetch('/api/health', { schema: healthSchema, signal }),
    // A status card that never refreshes would state an old fact as a current one.
    refetchInterval: 30_000,
    retry: false,
  });
