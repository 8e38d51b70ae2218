import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applicationKeys } from '../../../lib/query-keys';
import { assessmentFixture } from '../../../test/assessment-fixture';
import { useSaveEvaluation } from './assessments';

afterEach(() => vi.unstubAllGlobals());

describe('saving an evaluation', () => {
  it('makes the pipeline (applications) stale, not only the assessments', async () => {
    const scored = assessmentFixture({ status: 'completed', score: 91 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(scored)),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    // The pipeline's rows as fetched before scoring, fresh for another 30 s.
    queryClient.setQueryData(applicationKeys.ofJob('j1'), []);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useSaveEvaluation(), { wrapper });
    await act(() => result.current.mutateAsync({ id: scored.id, score: 91, feedback: '' }));
    expect(queryClient.getQueryState(applicationKeys.ofJob('j1'))?.isInvalidated).toBe(true);
  });
});
