import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../../../app/theme';
import { i18n } from '../../../lib/i18n';
import { CodePanel } from './code-panel';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

function renderPanel(readOnly: boolean) {
  render(
    <MantineProvider theme={theme} env="test">
      <CodePanel
        fileName="a.ts"
        content=""
        revision={0}
        readOnly={readOnly}
        readOnlyReason={readOnly ? i18n.t('workspace:readOnly.reviewed') : null}
        status="saved"
        error={null}
      />
    </MantineProvider>,
  );
}

describe('The code panel', () => {
  it('keeps the read-only notice to one line of text, without the editing keys', async () => {
    await i18n.loadNamespaces(['workspace']);
    renderPanel(true);
    const notice = screen.getByTestId('read-only-notice');
    expect(notice.textContent).toBe(
      'This assessment has been reviewed; it can no longer be changed.',
    );
    expect(screen.queryByText(/Tab indents/)).toBeNull();
  });

  it('shows the editing keys when the files can be edited', async () => {
    await i18n.loadNamespaces(['workspace']);
    renderPanel(false);
    expect(screen.queryByTestId('read-only-notice')).toBeNull();
    expect(screen.getByText(/Tab indents/)).toBeTruthy();
  });
});
