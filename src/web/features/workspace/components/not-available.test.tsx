import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../../../app/theme';
import { i18n } from '../../../lib/i18n';
import { assessmentFixture } from '../../../test/assessment-fixture';
import { AssessmentPanel } from './assessment-panel';
import { SubmissionBanner } from './submission-banner';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

describe('A missing value in the workspace', () => {
  it('reads "なし" in Japanese on the assessment panel and the review banner, never N/A', async () => {
    await i18n.changeLanguage('ja');
    await i18n.loadNamespaces(['common', 'workspace', 'candidate-assessments']);
    const assessment = assessmentFixture({
      roleName: '',
      companyName: '',
      status: 'completed',
      reviewedAt: '2026-03-06T09:00:00.000Z',
      score: null,
    });
    render(
      <MantineProvider theme={theme} env="test">
        <AssessmentPanel assessment={assessment} />
        <SubmissionBanner assessment={assessment} isCandidate />
      </MantineProvider>,
    );
    expect(screen.queryByText(/N\/A/)).toBeNull();
    expect(screen.getAllByText('なし').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByTestId('submission-banner').textContent).toContain('スコア：なし');
  });
});
