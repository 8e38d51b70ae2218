import { useInfiniteQuery } from '@tanstack/react-query';
import { type AuditQuery, auditPageSchema } from '../../../../domain/audit';
import { apiFetch } from '../../../api/http';

type Filters = Omit<AuditQuery, 'cursor'>;

/** GET /api/audit (admin): newest first, 50 a page. */
export const useAuditLog = (filters: Filters) =>
  useInfiniteQuery({
    queryKey: ['audit', filters],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(filters)) if (v) params.set(k, v);
      if (pageParam) params.set('cursor', pageParam);
      return apiFetch(`/api/audit?${params}`, { schema: auditPageSchema, signal });
    },
    getNextPageParam: (last) => last.nextCursor,
  });
