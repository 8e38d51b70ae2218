import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../../../app/theme';
import { i18n } from '../../../lib/i18n';
import { assessmentFixture } from '../../../test/assessment-fixture';
import { TasksPanel } from './tasks-panel';

afterEach(cleanup);

const answers = { view: () => undefined, editable: false, onChange: () => {} };

describe('The tasks of a submitted assessment', () => {
  it('marks a done task with its tick, its title readable and not struck through', async () => {
    await i18n.loadNamespaces(['workspace']);
    const assessment = assessmentFixture({ status: 'completed' });
    const done = assessment.tasks.find((task) => task.completed);
    if (!done) throw new Error('the fixture has a done task');
    render(
      <MantineProvider theme={theme} env="test">
        <TasksPanel
          tasks={assessment.tasks}
          canEdit={false}
          pending={null}
          error={null}
          onToggle={() => {}}
          answers={answers}
        />
      </MantineProvider>,
    );
    const box = screen.getByRole('checkbox', { name: new RegExp(done.title) });
    expect((box as HTMLInputElement).checked).toBe(true);
    const title = screen.getByText(new RegExp(`\\. ${done.title}$`));
    expect(title.style.textDecoration).toBe('');
    // Not Mantine's disabled grey: the label and the tick take the readable colours.
    expect(title.closest('label')?.className).toMatch(/taskLabel/);
    expect(box.className).toMatch(/taskInput/);
  });
});

describe('The progress line in French', () => {
  it('agrees with the total: "1 sur 2 tâches terminées"', async () => {
    await i18n.changeLanguage('fr');
    await i18n.loadNamespaces(['workspace']);
    render(
      <MantineProvider theme={theme} env="test">
        <TasksPanel
          tasks={assessmentFixture().tasks}
          canEdit
          pending={null}
          error={null}
          onToggle={() => {}}
          answers={answers}
        />
      </MantineProvider>,
    );
    expect(screen.getByText('1 sur 2 tâches terminées')).toBeTruthy();
    await i18n.changeLanguage('en');
  });
});
