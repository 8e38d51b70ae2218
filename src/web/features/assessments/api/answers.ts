import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { taskAnswerSchema } from '../../../../domain/assessments';
import { apiFetch } from '../../../api/http';
import { assessmentKeys } from '../../../lib/query-keys';

/** GET /api/assessments/:id/answers: the written answers of the text and document tasks. */
export const assessmentAnswersQuery = (id: string) =>
  queryOptions({
    queryKey: assessmentKeys.answers(id),
    queryFn: ({ signal }) =>
      apiFetch(`/api/assessments/${encodeURIComponent(id)}/answers`, {
        schema: z.array(taskAnswerSchema),
        signal,
      }),
  });
export const useAssessmentAnswers = (id: string | undefined) =>
  useQuery({ ...assessmentAnswersQuery(id ?? ''), enabled: Boolean(id) });
