import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../../../app/theme';
import { i18n } from '../../../lib/i18n';
import { assessmentFixture } from '../../../test/assessment-fixture';
import { DashboardSidebar } from './dashboard-sidebar';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

const NOW = Date.parse('2026-03-03T12:00:00.000Z');
const list = [
  assessmentFixture({ id: 'a', status: 'scheduled', startedAt: null, dueDate: '2026-03-06' }),
  assessmentFixture({ id: 'b', status: 'in-progress', dueDate: '2026-03-20' }),
  assessmentFixture({ id: 'c', status: 'completed', score: null }),
  assessmentFixture({ id: 'd', status: 'completed', score: 91 }),
];

const figure = (name: string) =>
  within(screen.getByText(name).parentElement as HTMLElement).getByRole('definition');

describe('the recruiter dashboard’s side panel', () => {
  it('counts the assessments at a glance and links nowhere (the tabs and the top bar do)', async () => {
    await i18n.loadNamespaces('recruiter');
    render(
      <MantineProvider theme={theme} env="test">
        <DashboardSidebar assessments={list} now={NOW} />
      </MantineProvider>,
    );
    const panel = screen.getByRole('complementary', { name: 'At a glance' });
    expect(figure('Not started').textContent).toBe('1');
    expect(figure('In progress').textContent).toBe('1');
    expect(figure('Awaiting review').textContent).toBe('1');
    expect(figure('Scored').textContent).toBe('1');
    // Due within a week: the scheduled one (Mar 6), not the one due on Mar 20.
    expect(figure('Due in the next 7 days').textContent).toBe('1');
    expect(within(panel).queryAllByRole('link')).toEqual([]);
  });
});
