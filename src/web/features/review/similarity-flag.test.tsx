import type { UseQueryResult } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Assessment } from '../../../domain/assessments';
import { i18n } from '../../lib/i18n';
import { renderRoutes } from '../../test/render-routes';
import { ResultsList } from '../assessments';
import { AssessmentSummary } from '../jobs';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

const recruiter = {
  id: 'r1',
  name: 'Rita',
  email: 'rita@example.test',
  role: 'recruiter' as const,
};

const submitted = (id: string, similarityFlag: number | null) =>
  ({
    id,
    templateId: 't1',
    title: 'Auth service',
    roleName: 'Developer',
    description: '',
    candidateId: null,
    candidateName: `Candidate ${id}`,
    candidateErasedAt: null,
    candidateEmail: '',
    candidatePhone: '',
    recruiterId: 'r1',
    recruiterName: 'Rita',
    companyName: 'Northwind',
    status: 'completed',
    tasks: [],
    message: '',
    durationHours: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    dueDate: '2026-11-20',
    startedAt: '2026-11-02T10:00:00.000Z',
    completedDate: '2026-11-03T10:00:00.000Z',
    feedback: '',
    score: null,
    reviewedAt: null,
    submittedBy: 'candidate',
    blindReview: true,
    identityHidden: true,
    identityRevealedAt: null,
    project: null,
    similarityFlag,
  }) as unknown as Assessment;

describe('similarity flag and blind pipeline', () => {
  it('flags a copied submission in the Results list, not the others (in the reader language)', async () => {
    await i18n.changeLanguage('fr');
    await i18n.loadNamespaces(['similarity', 'common']);
    const list = [submitted('A1', 87), submitted('B2', null)];
    const query = { isPending: false, isError: false, data: list } as UseQueryResult<Assessment[]>;
    renderRoutes(
      [{ path: '/', element: <ResultsList query={query} visible={list} /> }],
      '/',
      recruiter,
    );
    const flags = await screen.findAllByTestId('results-similarity-flag');
    expect(flags).toHaveLength(1);
    expect(flags[0]?.textContent).toBe('Similaire à 87 %');
    expect(flags[0]?.getAttribute('aria-label')).toContain('87 %');
  });

  it('shows a blind assessment in the pipeline without link, status or score', async () => {
    await i18n.loadNamespaces(['similarity', 'common']);
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <AssessmentSummary
              recruiter
              assessment={{
                id: null,
                title: 'Auth service',
                status: 'blind-review',
                score: null,
                reviewedAt: null,
                dueDate: '2026-11-20',
                identityHidden: true,
              }}
            />
          ),
        },
      ],
      '/',
      recruiter,
    );
    expect(await screen.findByTestId('blind-pipeline-note')).toBeTruthy();
    expect(screen.getByText('Auth service')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByText(/Score|Not scored/)).toBeNull();
  });
});
