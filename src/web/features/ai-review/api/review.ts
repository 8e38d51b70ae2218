import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type AiReview, aiReviewSchema } from '../../../../domain/ai-review';
import { ApiError, apiFetch } from '../../../api/http';
import { setAfterReads } from '../../../lib/set-after-reads';

/** Under 'assessments': the assessment's realtime events refresh the review too. */
export const aiReviewKey = (assessmentId: string) =>
  ['assessments', 'ai-review', assessmentId] as const;

const path = (assessmentId: string) =>
  `/api/assessments/${encodeURIComponent(assessmentId)}/ai-review`;

/** While a review is queued or running its progress is read again this often. */
const POLL_MS = 1000;

/** Refused (403, 404) or not available yet (409): asking again will not change it. */
export const isAnswer = (error: unknown) =>
  error instanceof ApiError && [403, 404, 409].includes(error.status);

const working = (review: AiReview | null | undefined) =>
  review?.status === 'queued' || review?.status === 'running';

/**
 * GET /api/assessments/:id/ai-review (the reviewer): the newest review or null. A 409 (Score
 * before AI, no score yet) is an answer to show, not a failure to retry.
 */
export const useAiReview = (assessmentId: string) =>
  useQuery({
    queryKey: aiReviewKey(assessmentId),
    queryFn: ({ signal }) =>
      apiFetch(path(assessmentId), {
        schema: z.object({ review: aiReviewSchema.nullable() }),
        signal,
      }).then((reply) => reply.review),
    retry: (count, error) => !isAnswer(error) && count < 2,
    refetchInterval: (query) => (working(query.state.data) ? POLL_MS : false),
  });

/** POST /api/assessments/:id/ai-review: queues a review (or returns the one already running). */
export function useRequestAiReview(assessmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(path(assessmentId), { method: 'POST', schema: aiReviewSchema }),
    // A read sent before the POST (an assessment event refreshing the page) would land
    // after it with "no review" and stop the polling: it is dropped, the queued one kept.
    onSuccess: (review) => setAfterReads(queryClient, aiReviewKey(assessmentId), review),
  });
}
