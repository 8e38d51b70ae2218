import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render-routes';
import { CareerJobScreen } from './career-job-screen';

/** The public careers job page in the visitor's language (issue 20). */

const id = '0b6c2f0e-1111-4222-8333-944455556666';
const job = {
  id,
  path: `/careers/platform-engineer-${id}`,
  title: 'Platform Engineer',
  companyName: 'Northwind',
  department: 'Engineering',
  locations: ['Berlin'],
  workplaceType: 'hybrid',
  jobType: 'part-time',
  experience: '1-3',
  salaryMin: 40000,
  salaryMax: null,
  currency: 'EUR',
  description: 'Build things.',
  openings: 2,
  closingDate: '2030-07-15',
  publishedAt: '2030-06-03T10:00:00.000Z',
  updatedAt: '2030-06-03T10:00:00.000Z',
};

function stubFetch(answers: Record<string, () => Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      const answer = answers[path];
      return answer ? answer() : new Response('{}', { status: 404 });
    }),
  );
}

if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
}

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const routes = [{ path: '/careers/:jobSlug', element: <CareerJobScreen /> }];

describe('careers in German', () => {
  it('shows the job, its dates and salary, and the sign-up to apply in German', async () => {
    stubFetch({
      [`/api/careers/jobs/${id}`]: () => Response.json(job),
      '/api/auth/get-session': () => new Response(null, { status: 401 }),
    });
    await i18n.changeLanguage('de');
    await i18n.loadNamespaces(['careers', 'jobs', 'auth', 'messages']);
    renderRoutes(routes, job.path);

    expect(await screen.findByRole('heading', { name: 'Platform Engineer' })).toBeTruthy();
    expect(screen.getByText('← Alle offenen Stellen')).toBeTruthy();
    expect(
      screen.getByText(
        /Veröffentlicht am 3\. Juni 2030 · 2 offene Stellen · endet am 15\. Juli 2030/,
      ),
    ).toBeTruthy();
    expect(screen.getByText(/Hybrid · Teilzeit · 1-3 Jahre/)).toBeTruthy();
    expect(screen.getByText(/Ab 40\.000\s€/)).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Auf diese Stelle bewerben' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Konto erstellen' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Konto erstellen' }));
    expect(await screen.findByText('Vollständiger Name ist erforderlich')).toBeTruthy();
  });

  it('a job that is gone: the server message and the way back in German', async () => {
    stubFetch({
      [`/api/careers/jobs/${id}`]: () =>
        Response.json({ message: 'This job is no longer open' }, { status: 404 }),
      '/api/auth/get-session': () => new Response(null, { status: 401 }),
    });
    await i18n.changeLanguage('de');
    await i18n.loadNamespaces(['careers', 'jobs', 'messages']);
    renderRoutes(routes, job.path);
    expect(
      await screen.findByRole('heading', { name: 'Diese Stelle ist nicht mehr offen' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Alle offenen Stellen ansehen' })).toBeTruthy();
  });
});

describe('the careers inline log-in, with the log-in fields of auth', () => {
  it('names the missing field, and the error goes once the field is edited', async () => {
    stubFetch({
      [`/api/careers/jobs/${id}`]: () => Response.json(job),
      '/api/auth/get-session': () => new Response(null, { status: 401 }),
    });
    await i18n.loadNamespaces(['careers', 'jobs', 'auth', 'messages']);
    renderRoutes(routes, job.path);
    expect(await screen.findByRole('heading', { name: 'Platform Engineer' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('radio', { name: 'Log In' }));
    const form = await screen.findByRole('form', { name: 'Log In' });
    fireEvent.change(within(form).getByLabelText(/^Email/), {
      target: { value: 'casey@example.test' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Log In' }));
    expect(await within(form).findByText('Password is required')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/^Password/), { target: { value: 'x' } });
    expect(within(form).queryByText('Password is required')).toBeNull();
  });
});
