import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { candidateOptionSchema } from '../../../../domain/assessments';
import { apiFetch } from '../../../api/http';
import { peopleKeys } from '../../../lib/query-keys';

/**
 * GET /api/users/candidates?q= for the assign modal's searchable select. Same key and call as
 * useCandidates, but the previous answer stays on screen while the next search loads, so the
 * options do not blink away on every keystroke.
 */
export const useCandidateSearch = (q: string) =>
  useQuery({
    queryKey: peopleKeys.candidates(q),
    queryFn: ({ signal }) =>
      apiFetch(`/api/users/candidates?q=${encodeURIComponent(q)}`, {
        schema: z.array(candidateOptionSchema),
        signal,
      }),
    placeholderData: keepPreviousData,
  });
