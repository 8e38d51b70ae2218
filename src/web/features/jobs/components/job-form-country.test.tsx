import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render-routes';
import { emptyJobForm } from '../lib/job-form';
import { JobForm } from './job-form';

/** The job form's country (issue 32, item 4): named in the reader's language, and asked for. */

// The growing text boxes listen for web fonts loading; happy-dom has no document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
}

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const recruiter = { id: 'r1', name: 'Rita', email: 'r@x', role: 'recruiter' as const };

function renderForm(onSubmit: (input: unknown) => Promise<unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json([{ id: 'd1', name: 'Engineering' }])),
  );
  const initial = {
    ...emptyJobForm(),
    title: 'Platform Engineer',
    department: 'Engineering',
    locations: ['Berlin'],
    workplaceType: 'on-site',
    jobType: 'full-time',
    experience: '3-5',
    description: 'Build things.',
  };
  renderRoutes(
    [
      {
        path: '/recruiter/post-job',
        element: (
          <JobForm initial={initial} mode="new" pending={false} error={null} onSubmit={onSubmit} />
        ),
      },
    ],
    '/recruiter/post-job',
    recruiter,
  );
}

describe('job form: country', () => {
  it('lists countries by their German names and sends the ISO code', async () => {
    await i18n.changeLanguage('de');
    await i18n.loadNamespaces(['jobs', 'messages']);
    const onSubmit = vi.fn(async () => ({}));
    renderForm(onSubmit);
    fireEvent.click(await screen.findByRole('button', { name: 'Stelle veröffentlichen' }));
    // Not chosen yet: the form asks for it, in German, and sends nothing.
    expect(await screen.findByText('Wählen Sie ein Land')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    const country = screen.getByLabelText(/^Land/, { selector: 'input' });
    fireEvent.click(country);
    fireEvent.change(country, { target: { value: 'Deutsch' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Deutschland' }));
    fireEvent.click(screen.getByRole('button', { name: 'Stelle veröffentlichen' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]).toMatchObject([{ country: 'DE', locations: ['Berlin'] }]);
  });
});
