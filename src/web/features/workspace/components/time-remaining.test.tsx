import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../../../app/theme';
import { i18n } from '../../../lib/i18n';
import { TimeRemaining } from './time-remaining';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

function renderSubmitted() {
  render(
    <MantineProvider theme={theme} env="test">
      <TimeRemaining startedAt="2026-03-01T09:00:00.000Z" durationHours={2} completed />
    </MantineProvider>,
  );
}

describe('The timer of a submitted assessment', () => {
  it('says only "Abgegeben" in German, no time remaining', async () => {
    await i18n.changeLanguage('de');
    await i18n.loadNamespaces(['workspace']);
    renderSubmitted();
    expect(screen.getByTestId('time-submitted').textContent).toBe('Abgegeben');
    expect(screen.queryByText('Verbleibende Zeit')).toBeNull();
    expect(screen.queryByTestId('time-remaining')).toBeNull();
  });

  it('says only "提出済み" in Japanese', async () => {
    await i18n.changeLanguage('ja');
    await i18n.loadNamespaces(['workspace']);
    renderSubmitted();
    expect(screen.getByTestId('time-submitted').textContent).toBe('提出済み');
    expect(screen.queryByText('残り時間')).toBeNull();
  });
});
