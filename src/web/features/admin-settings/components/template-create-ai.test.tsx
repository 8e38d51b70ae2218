import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TemplateCreateInput } from '../../../../domain/assessments';
import { i18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render-routes';
import { TemplateFormModal } from './template-form-modal';

/** Issue 34: a new template's AI-assisted review is chosen on its own tab and saved with it. */

// The growing text boxes listen for web fonts loading; happy-dom has no document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
}

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const admin = { id: 'a1', name: 'Ada Admin', email: 'ada@example.com', role: 'admin' as const };

/** The create form's reads; POST /api/templates answers `reply` (201 with the body by default). */
function stubServer(reply?: () => Response) {
  const posts: TemplateCreateInput[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      if (path === '/api/templates' && init.method === 'POST') {
        const body = JSON.parse(String(init.body)) as TemplateCreateInput;
        posts.push(body);
        if (reply) return reply();
        return Response.json(
          {
            id: 't9',
            title: body.title,
            roleName: body.roleName,
            description: '',
            active: true,
            authorizedRecruiters: [],
            durationHours: 2,
            tasks: [],
            project: {
              name: 'demo',
              branch: 'main',
              context: '',
              ticket: '',
              files: [{ path: 'README.md', content: '# demo' }],
            },
            blindReview: false,
            similarityThreshold: 80,
            department: null,
            departmentId: null,
            createdAt: '2026-11-28T09:00:00.000Z',
            updatedAt: null,
          },
          { status: 201 },
        );
      }
      if (path === '/api/settings')
        return Response.json({ defaultDurationHours: 2, defaultLanguage: 'en' });
      if (path === '/api/departments') return Response.json([{ id: 'd1', name: 'Engineering' }]);
      if (path === '/api/users/recruiters') return Response.json([]);
      if (path === '/api/templates') return Response.json([]);
      if (path === '/api/test-runs/languages') return Response.json({ languages: [] });
      return Response.json({ message: 'Not here' }, { status: 404 });
    }),
  );
  return { posts };
}

function renderCreate() {
  const onClose = vi.fn();
  renderRoutes(
    [{ path: '/admin', element: <TemplateFormModal opened template={null} onClose={onClose} /> }],
    '/admin',
    admin,
  );
  return onClose;
}

async function fillTemplate(title: string) {
  fireEvent.change(await screen.findByRole('textbox', { name: /^Title/ }, { timeout: 10_000 }), {
    target: { value: title },
  });
  fireEvent.change(screen.getByRole('textbox', { name: /^Role/ }), {
    target: { value: 'Developer' },
  });
}

const criteria = () => screen.getAllByTestId('rubric-criterion');

// Each test fills a long form: allow a loaded machine its time.
vi.setConfig({ testTimeout: 60_000 });

describe('creating a template with AI-assisted review', () => {
  it('saves the AI tab with the template in the same request', async () => {
    const { posts } = stubServer();
    const onClose = renderCreate();
    await fillTemplate('Checkout');
    fireEvent.click(screen.getByRole('tab', { name: 'AI-assisted review' }));
    fireEvent.click(await screen.findByRole('switch', { name: /^Use AI-assisted review/ }));
    fireEvent.change(within(criteria()[1]!).getByRole('textbox', { name: 'Weight' }), {
      target: { value: '4' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create Template' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 10_000 });
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ title: 'Checkout', roleName: 'Developer' });
    expect(posts[0]!.aiReview).toMatchObject({ useAiReview: true, scoreBeforeAi: false });
    expect(posts[0]!.aiReview!.rubric.map((c) => [c.title, c.weight])).toEqual([
      ['Correctness', 3],
      ['Tests', 4],
      ['Readability', 1],
      ['Security and robustness', 2],
    ]);
  });

  it('sends no AI settings when the AI tab was left as it was', async () => {
    const { posts } = stubServer();
    const onClose = renderCreate();
    await fillTemplate('Plain');
    fireEvent.click(screen.getByRole('button', { name: 'Create Template' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 10_000 });
    expect(posts[0]).not.toHaveProperty('aiReview');
  });

  it('checks the rubric before sending and shows its errors on the AI tab', async () => {
    const { posts } = stubServer();
    const onClose = renderCreate();
    await fillTemplate('Checked');
    fireEvent.click(screen.getByRole('tab', { name: 'AI-assisted review' }));
    fireEvent.change(within(criteria()[0]!).getByRole('textbox', { name: 'Name' }), {
      target: { value: '' },
    });
    fireEvent.click(screen.getByRole('tab', { name: 'Template' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create Template' }));
    expect(
      await screen.findByText('Nothing was saved: correct the fields marked below.'),
    ).toBeTruthy();
    // The AI tab is shown, the field's error beside it.
    expect(
      screen.getByRole('tab', { name: 'AI-assisted review' }).getAttribute('aria-selected'),
    ).toBe('true');
    expect(
      within(criteria()[0]!).getByText('Name the criterion (at most 120 characters)'),
    ).toBeTruthy();
    expect(posts).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("shows the server's refusal beside the AI fields, in German, and keeps the form open", async () => {
    const { posts } = stubServer(() =>
      Response.json(
        {
          message: 'Each level appears once',
          issues: [
            { path: ['aiReview', 'rubric', 2, 'levels'], message: 'Each level appears once' },
          ],
        },
        { status: 400 },
      ),
    );
    await i18n.changeLanguage('de');
    const onClose = renderCreate();
    fireEvent.change(await screen.findByRole('textbox', { name: /^Titel\s*\*?$/ }), {
      target: { value: 'Kasse' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /^Rolle/ }), {
      target: { value: 'Entwicklerin' },
    });
    fireEvent.click(screen.getByRole('tab', { name: 'KI-gestützte Prüfung' }));
    fireEvent.click(await screen.findByRole('switch', { name: /^KI-gestützte Prüfung verwenden/ }));
    fireEvent.click(screen.getByRole('tab', { name: 'Vorlage' }));
    fireEvent.click(screen.getByRole('button', { name: 'Vorlage erstellen' }));

    expect(await screen.findByText('Jede Stufe kommt nur einmal vor')).toBeTruthy();
    expect(within(criteria()[2]!).getByText('Jede Stufe kommt nur einmal vor')).toBeTruthy();
    // The starter the server was sent was in the reader's language.
    expect(posts[0]!.aiReview!.rubric[0]!.title).toBe('Korrektheit');
    expect(onClose).not.toHaveBeenCalled();
  });
});
