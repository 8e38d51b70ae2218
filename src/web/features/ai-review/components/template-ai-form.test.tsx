import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type AiTemplateSettings,
  type RubricCriterion,
  STARTER_RUBRIC,
} from '../../../../domain/ai-review';
import { i18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render-routes';
import { TemplateAiSettings } from './template-ai-form';

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

const criterion = (id: string, title: string): RubricCriterion => ({
  id,
  title,
  weight: 1,
  levels: [
    { level: 0, description: 'No' },
    { level: 1, description: 'Yes' },
  ],
});

type Put = { body: AiTemplateSettings };

/** GET answers `stored`; PUT answers `reply` (the saved body by default). */
function stubServer(stored: AiTemplateSettings, reply?: () => Response) {
  const puts: Put[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      if (path !== '/api/templates/t1/ai-review') return Response.json({}, { status: 404 });
      if (init.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as AiTemplateSettings;
        puts.push({ body });
        return reply ? reply() : Response.json(body);
      }
      return Response.json(stored);
    }),
  );
  return puts;
}

function renderForm() {
  const onDone = vi.fn();
  renderRoutes(
    [
      {
        path: '/admin',
        element: <TemplateAiSettings templateId="t1" templateTitle="Auth" onDone={onDone} />,
      },
    ],
    '/admin',
    admin,
  );
  return onDone;
}

const criteria = () => screen.getAllByTestId('rubric-criterion');

describe('template AI review settings and rubric editor', () => {
  it('turns AI review on and saves a rubric filled from the editable starter', async () => {
    const puts = stubServer({
      useAiReview: false,
      scoreBeforeAi: false,
      rubric: [criterion('a', 'Naming'), criterion('b', 'Speed')],
    });
    const onDone = renderForm();
    expect(await screen.findByText('Rubric (2 criteria)')).toBeTruthy();
    expect(
      (screen.getByRole('switch', { name: /^Use AI-assisted review/ }) as HTMLInputElement).checked,
    ).toBe(false);
    // The two criteria left may not be removed (2 at least).
    expect(
      (screen.getByRole('button', { name: 'Remove Naming' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Use the starter rubric' }));
    expect(criteria()).toHaveLength(4);
    expect(screen.getByDisplayValue('Correctness')).toBeTruthy();
    // Edit the starter: rename one criterion, weigh it, describe a level, drop another.
    const first = criteria()[0]!;
    fireEvent.change(within(first).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Solves the ticket' },
    });
    fireEvent.change(within(first).getByRole('textbox', { name: 'Weight' }), {
      target: { value: '5' },
    });
    fireEvent.change(within(first).getByRole('textbox', { name: 'What level 3 means' }), {
      target: { value: 'Every case handled' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Readability' }));
    expect(screen.getByText('Rubric (3 criteria)')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: /^Use AI-assisted review/ }));
    fireEvent.click(screen.getByRole('switch', { name: /^Score before AI/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save AI review settings' }));

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const saved = puts[0]!.body;
    expect(saved.useAiReview).toBe(true);
    expect(saved.scoreBeforeAi).toBe(true);
    expect(saved.rubric.map((c) => c.title)).toEqual([
      'Solves the ticket',
      'Tests',
      'Security and robustness',
    ]);
    expect(saved.rubric[0]).toMatchObject({ weight: 5 });
    expect(saved.rubric[0]!.levels[3]).toEqual({ level: 3, description: 'Every case handled' });
    // The domain's starter itself is untouched by the edits.
    expect(STARTER_RUBRIC[0]!.title).toBe('Correctness');
  });

  it('adds a criterion up to 8, and checks it before anything is sent', async () => {
    const puts = stubServer({ useAiReview: true, scoreBeforeAi: false, rubric: STARTER_RUBRIC });
    const onDone = renderForm();
    const add = await screen.findByRole('button', { name: 'Add criterion' });
    fireEvent.click(add);
    expect(criteria()).toHaveLength(5);
    fireEvent.click(screen.getByRole('button', { name: 'Save AI review settings' }));
    expect(
      await screen.findByText('Nothing was saved: correct the fields marked below.'),
    ).toBeTruthy();
    const fresh = criteria()[4]!;
    expect(within(fresh).getByText('Name the criterion (at most 120 characters)')).toBeTruthy();
    expect(
      within(fresh).getAllByText('Say what this level means (at most 500 characters)'),
    ).toHaveLength(4);
    for (let i = 0; i < 3; i += 1) fireEvent.click(add);
    expect(criteria()).toHaveLength(8);
    expect((add as HTMLButtonElement).disabled).toBe(true);
    expect(puts).toHaveLength(0);
    expect(onDone).not.toHaveBeenCalled();
  });

  it("shows the server's field errors in the form and keeps it open (nothing saved)", async () => {
    const puts = stubServer(
      { useAiReview: true, scoreBeforeAi: false, rubric: STARTER_RUBRIC },
      () =>
        Response.json(
          {
            message: 'Each level appears once',
            issues: [{ path: ['rubric', 1, 'levels'], message: 'Each level appears once' }],
          },
          { status: 400 },
        ),
    );
    await i18n.changeLanguage('de');
    const onDone = renderForm();
    fireEvent.click(await screen.findByRole('button', { name: 'KI-Prüfung speichern' }));
    expect(await screen.findByText('Jede Stufe kommt nur einmal vor')).toBeTruthy();
    expect(within(criteria()[1]!).getByText('Jede Stufe kommt nur einmal vor')).toBeTruthy();
    expect(
      screen.getByText('Nichts wurde gespeichert: Korrigieren Sie die markierten Felder.'),
    ).toBeTruthy();
    expect(puts).toHaveLength(1);
    expect(onDone).not.toHaveBeenCalled();
  });

  it("fills the starter rubric in the editor's language and saves what was edited", async () => {
    const puts = stubServer({
      useAiReview: true,
      scoreBeforeAi: false,
      rubric: [criterion('a', 'Naming'), criterion('b', 'Speed')],
    });
    await i18n.changeLanguage('de');
    const onDone = renderForm();
    fireEvent.click(await screen.findByRole('button', { name: 'Start-Raster übernehmen' }));
    expect(criteria()).toHaveLength(4);
    const names = criteria().map(
      (c) => (within(c).getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value,
    );
    expect(names).toEqual(['Korrektheit', 'Tests', 'Lesbarkeit', 'Sicherheit und Robustheit']);
    expect(screen.getByDisplayValue('Löst das Ticket nicht')).toBeTruthy();
    expect(screen.getByDisplayValue('Eingaben geprüft, Fehler behandelt')).toBeTruthy();
    expect(screen.queryByDisplayValue('Correctness')).toBeNull();
    fireEvent.change(within(criteria()[2]!).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Verständlichkeit' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'KI-Prüfung speichern' }));

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const saved = puts[0]!.body.rubric;
    // The domain's ids, weights and levels; the texts as the admin left them.
    expect(saved.map((c) => [c.id, c.title, c.weight])).toEqual([
      ['correctness', 'Korrektheit', 3],
      ['tests', 'Tests', 2],
      ['readability', 'Verständlichkeit', 1],
      ['security', 'Sicherheit und Robustheit', 2],
    ]);
    expect(saved[0]!.levels).toEqual([
      { level: 0, description: 'Löst das Ticket nicht' },
      { level: 1, description: 'Löst es teilweise; Tests schlagen fehl' },
      { level: 2, description: 'Löst es; Randfälle fehlen' },
      { level: 3, description: 'Löst es, auch in Randfällen' },
    ]);
  });

  it('fills the starter rubric in Japanese for a Japanese reader', async () => {
    stubServer({
      useAiReview: false,
      scoreBeforeAi: false,
      rubric: [criterion('a', 'Naming'), criterion('b', 'Speed')],
    });
    await i18n.changeLanguage('ja');
    renderForm();
    fireEvent.click(await screen.findByRole('button', { name: 'スターターのルーブリックを使う' }));
    expect(screen.getByDisplayValue('正確性')).toBeTruthy();
    expect(screen.getByDisplayValue('セキュリティと堅牢性')).toBeTruthy();
    expect(screen.getByDisplayValue('エッジケースも含めて解決している')).toBeTruthy();
  });

  it("opens a template that never saved its settings on the starter rubric in the reader's language", async () => {
    // What the server answers until the settings are saved: off, its English starter rubric.
    const puts = stubServer({ useAiReview: false, scoreBeforeAi: false, rubric: STARTER_RUBRIC });
    await i18n.changeLanguage('de');
    const onDone = renderForm();
    expect(await screen.findByDisplayValue('Korrektheit')).toBeTruthy();
    expect(screen.getByDisplayValue('Löst das Ticket nicht')).toBeTruthy();
    expect(screen.queryByDisplayValue('Correctness')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'KI-Prüfung speichern' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(puts[0]!.body.rubric.map((c) => [c.id, c.title])).toEqual([
      ['correctness', 'Korrektheit'],
      ['tests', 'Tests'],
      ['readability', 'Lesbarkeit'],
      ['security', 'Sicherheit und Robustheit'],
    ]);
  });

  it('shows saved settings as stored, even an English starter rubric someone kept', async () => {
    stubServer({ useAiReview: true, scoreBeforeAi: false, rubric: STARTER_RUBRIC });
    await i18n.changeLanguage('de');
    renderForm();
    expect(await screen.findByDisplayValue('Correctness')).toBeTruthy();
    expect(screen.queryByDisplayValue('Korrektheit')).toBeNull();
  });
});
