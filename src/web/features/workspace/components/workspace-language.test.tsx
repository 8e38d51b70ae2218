import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../../../app/theme';
import { i18n } from '../../../lib/i18n';
import { assessmentFixture } from '../../../test/assessment-fixture';
import { AssessmentPanel } from './assessment-panel';
import { TasksPanel } from './tasks-panel';
import { TimeRemaining } from './time-remaining';
import { WorkspaceSidebar } from './workspace-sidebar';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

const answers = { view: () => undefined, editable: false, onChange: () => {} };

describe('The workspace in the reader language', () => {
  it('shows the assessment tab, the tasks and the timer in German with German dates', async () => {
    await i18n.changeLanguage('de');
    await i18n.loadNamespaces(['workspace', 'candidate-assessments']);
    const assessment = assessmentFixture({ status: 'in-progress', startedAt: null });
    render(
      <MantineProvider theme={theme} env="test">
        <AssessmentPanel assessment={assessment} />
        <TasksPanel
          tasks={assessment.tasks}
          canEdit={false}
          pending={null}
          error={null}
          onToggle={() => {}}
          answers={answers}
        />
        <WorkspaceSidebar context="" ticket="" />
        <TimeRemaining startedAt={null} durationHours={48} completed={false} />
      </MantineProvider>,
    );

    expect(screen.getByText('Fälligkeitsdatum')).toBeTruthy();
    // The due day, German style: day before month.
    expect(screen.getByText('5. März 2026')).toBeTruthy();
    expect(screen.getByTestId('assessment-status').textContent).toBe('In Bearbeitung');
    expect(screen.getByText('Nachricht von Rita Recruiter')).toBeTruthy();
    expect(screen.getAllByText('1 von 2 Aufgaben erledigt').length).toBe(2);
    expect(screen.getByText('Programmieraufgabe')).toBeTruthy();
    expect(screen.getByText('Verbleibende Zeit')).toBeTruthy();
    expect(
      screen.getByText('Die Uhr (48 Stunden) startet, wenn der Kandidat das Assessment öffnet.'),
    ).toBeTruthy();
    // The scripted chat's times through Intl: "vor 42 Minuten".
    expect(screen.getByText(/vor 42 Minuten/)).toBeTruthy();
  });
});
