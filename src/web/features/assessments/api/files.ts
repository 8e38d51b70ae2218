import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { candidateFileSchema } from '../../../../domain/assessments';
import { apiFetch } from '../../../api/http';
import { assessmentKeys } from '../../../lib/query-keys';

/** GET /api/assessments/:id/files: every project file, the candidate's text where saved. */
export const assessmentFilesQuery = (id: string) =>
  queryOptions({
    queryKey: assessmentKeys.files(id),
    queryFn: ({ signal }) =>
      apiFetch(`/api/assessments/${encodeURIComponent(id)}/files`, {
        schema: z.array(candidateFileSchema),
        signal,
      }),
  });
export const useAssessmentFiles = (id: string | undefined) =>
  useQuery({ ...assessmentFilesQuery(id ?? ''), enabled: Boolean(id) });
