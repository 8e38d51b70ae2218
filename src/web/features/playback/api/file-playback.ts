import { queryOptions, useQuery } from '@tanstack/react-query';
import { filePlaybackSchema } from '../../../../domain/playback';
import { apiFetch, retryUnlessRefused } from '../../../api/http';

/** GET /api/assessments/:id/playback/:fileName: one file's recorded history (reviewers). */
export const filePlaybackQuery = (assessmentId: string, fileName: string) =>
  queryOptions({
    // Not under 'assessments': live updates must not swap the recording while it plays.
    queryKey: ['playback', assessmentId, fileName],
    queryFn: ({ signal }) =>
      apiFetch(
        `/api/assessments/${encodeURIComponent(assessmentId)}/playback/${encodeURIComponent(fileName)}`,
        { schema: filePlaybackSchema, signal },
      ),
    retry: retryUnlessRefused,
    refetchOnWindowFocus: false,
  });

export const useFilePlayback = (assessmentId: string, fileName: string) =>
  useQuery(filePlaybackQuery(assessmentId, fileName));
