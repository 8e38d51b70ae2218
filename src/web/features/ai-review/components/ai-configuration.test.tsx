import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AiConfig, DEFAULT_AI_SETTINGS } from '../../../../domain/ai-review';
import { i18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render-routes';
import { AiConfigurationTab } from '../../automated-feedback';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const admin = { id: 'a1', name: 'Ada Admin', email: 'ada@example.com', role: 'admin' as const };
const feedback = { automatedFeedback: true, feedbackDetail: 'standard', shareWithCandidate: false };

const on: AiConfig = {
  configured: true,
  reachable: true,
  models: [
    { id: 'qwen2.5-coder:7b', family: 'qwen2', size: '7.6B', contextTokens: 32_768 },
    { id: 'tiny', family: null, size: null, contextTokens: null },
  ],
  lastError: null,
  settings: DEFAULT_AI_SETTINGS,
  budget: { limit: 100_000, used: 2_500, pausedUntil: null },
};

type Call = { path: string; method: string; body: unknown };

/** The server as the tab sees it; every request is recorded. */
function stubServer(config: AiConfig, test?: (model: string) => unknown) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : null;
      calls.push({ path, method, body });
      if (path === '/api/settings/feedback') return Response.json(feedback);
      if (path === '/api/admin/ai' && method === 'GET') return Response.json(config);
      if (path === '/api/admin/ai' && method === 'PUT') return Response.json(body);
      if (path === '/api/admin/ai/test' && test) return Response.json(test(body.model));
      return Response.json({ message: 'Not here' }, { status: 404 });
    }),
  );
  return calls;
}

const renderTab = () =>
  renderRoutes([{ path: '/admin', element: <AiConfigurationTab /> }], '/admin', admin);

describe('AI Configuration tab', () => {
  it('without AI_BASE_URL says the models are off and why, and offers nothing to switch on', async () => {
    stubServer({ ...on, configured: false, reachable: false, models: [] });
    renderTab();
    expect((await screen.findByTestId('ai-models-reason')).textContent).toContain(
      'No AI model is configured on this server',
    );
    // Only automated feedback's two switches; no model cards, no AI save.
    await screen.findByRole('switch', { name: /^Automated feedback/ });
    expect(screen.getAllByRole('switch')).toHaveLength(2);
    expect(screen.queryByTestId('ai-settings')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Save' })).toHaveLength(1);
  });

  it('shows the model cards, tests a model, and saves the choices', async () => {
    const calls = stubServer(on, (model) =>
      model === 'tiny'
        ? {
            model,
            ok: false,
            validJson: false,
            code: 'ai-invalid-answer',
            durationMs: 800,
            message: 'The model did not answer valid JSON for our schema.',
          }
        : { model, ok: true, validJson: true, code: null, durationMs: 1234, message: 'ok' },
    );
    renderTab();
    const cards = await screen.findAllByTestId('ai-model-card');
    expect(cards).toHaveLength(2);
    expect(
      within(cards[0]!).getByText('Family: qwen2 · Size: 7.6B · Context: 32,768 tokens'),
    ).toBeTruthy();
    expect(screen.getByText('The AI endpoint answers and offers 2 models.')).toBeTruthy();
    expect(screen.getByText('Today: 2,500 of 100,000 tokens used.')).toBeTruthy();
    expect(screen.getByText(/No model is chosen yet/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Test qwen2.5-coder:7b' }));
    expect(
      await screen.findByText('qwen2.5-coder:7b: valid JSON for our schema, in 1.2 sec'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Test tiny' }));
    expect(
      await screen.findByText('tiny: no valid JSON for our schema, after 0.8 sec'),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'qwen2.5-coder:7b' }));
    fireEvent.click(screen.getByRole('switch', { name: /^After every submission/ }));
    fireEvent.click(screen.getByRole('switch', { name: /^Follow-up questions/ }));
    fireEvent.change(screen.getByLabelText('Feedback draft detail'), {
      target: { value: 'comprehensive' },
    });
    const retention = screen.getByRole('textbox', { name: /Keep prompts and answers/ });
    fireEvent.change(retention, { target: { value: '30' } });
    const form = screen.getByTestId('ai-settings');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('AI settings saved. Reviewers get them from now on.'),
    ).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      model: 'qwen2.5-coder:7b',
      features: {
        rubric: true,
        notes: true,
        feedback: true,
        questions: false,
        afterSubmission: true,
      },
      detail: 'comprehensive',
      retentionDays: 30,
    });
  });

  it('says when AI is paused by the daily budget, why and until when; an unreachable endpoint and its error', async () => {
    stubServer({
      ...on,
      reachable: false,
      models: [],
      lastError: 'The AI service cannot be reached. (connect ECONNREFUSED)',
      budget: { limit: 1000, used: 1200, pausedUntil: '2026-12-02T00:00:00.000Z' },
    });
    renderTab();
    expect((await screen.findByTestId('ai-budget')).textContent).toMatch(
      /^AI features are paused: today’s budget of 1,000 tokens is used up\. They resume at .*Dec.*2026/,
    );
    expect(screen.getByText('Unreachable')).toBeTruthy();
    expect(screen.getByText(/^The AI endpoint cannot be reached/)).toBeTruthy();
    expect(
      screen.getByText('Last error: The AI service cannot be reached. (connect ECONNREFUSED)'),
    ).toBeTruthy();
    expect(screen.getByText('The endpoint lists no models.')).toBeTruthy();
  });

  it('refuses an impossible retention beside the field, and shows why the server refused a save', async () => {
    const calls = stubServer(on);
    vi.mocked(fetch).mockImplementation(async (input, init = {}) => {
      const path = String(input);
      const method = init.method ?? 'GET';
      calls.push({ path, method, body: init.body ? JSON.parse(String(init.body)) : null });
      if (path === '/api/settings/feedback') return Response.json(feedback);
      if (path === '/api/admin/ai/test')
        return Response.json({
          model: 'tiny',
          ok: false,
          validJson: false,
          code: 'ai-unreachable',
          durationMs: 2500,
          message: 'The AI service cannot be reached. Try again later.',
        });
      if (method === 'PUT')
        return Response.json(
          { message: 'This model is not offered by the AI endpoint' },
          { status: 400 },
        );
      return Response.json(on);
    });
    await i18n.changeLanguage('de');
    renderTab();
    const retention = await screen.findByRole('textbox', { name: /Prompts und Antworten/ });
    fireEvent.change(retention, { target: { value: '0' } });
    expect(screen.getByText('Prompts 1 bis 3650 Tage aufbewahren')).toBeTruthy();
    fireEvent.change(retention, { target: { value: '90' } });
    // A model that cannot be reached says so in German, with the time it waited.
    fireEvent.click(screen.getByRole('button', { name: 'tiny testen' }));
    expect(
      await screen.findByText(
        'tiny hat nicht geantwortet: Der KI-Dienst ist nicht erreichbar. Versuchen Sie es später erneut. (nach 2,5 Sek.)',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'tiny' }));
    fireEvent.click(
      within(screen.getByTestId('ai-settings')).getByRole('button', { name: 'Speichern' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'Dieses Modell wird vom KI-Endpunkt nicht angeboten',
      ),
    );
  });
});
