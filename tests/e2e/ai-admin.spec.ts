import { STARTER_RUBRIC } from '../../src/domain/ai-review';
import { OpenAiTestServer } from '../../src/server/features/ai-review/openai-test-server';
import { adminAccount, apiAs, expect, expectAccessible, logIn, test } from './support/fixtures';
import { type OwnServer, ownServerUrl, startOwnServer } from './support/own-server';

/*
 * AI-assisted review, the admin's side: on a server of its own pointed at an OpenAI-compatible
 * test server (the suite's shared server has no AI_BASE_URL), the admin picks a model, tests
 * it, turns features on and saves; a template gets its rubric from the starter.
 */
const baseUrl = ownServerUrl('ai-admin');

let ai: OpenAiTestServer;
let server: OwnServer;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: baseUrl });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  ai = await new OpenAiTestServer().start();
  ai.models = [
    { id: 'qwen-test', details: { family: 'qwen2', parameter_size: '7B' }, context_length: 32_768 },
    { id: 'tiny-test', details: { family: 'llama', parameter_size: '1B' }, context_length: 4096 },
  ];
  server = await startOwnServer('ai-admin', {
    AI_BASE_URL: ai.baseUrl,
    AI_DAILY_TOKEN_LIMIT: '500000',
  });
});
test.afterAll(async () => {
  await server?.stop();
  await ai?.close();
});

test('the admin picks a model, tests it, turns features on and saves; a reload shows them', async ({
  page,
}) => {
  await logIn(page, adminAccount, baseUrl);
  await page.goto('/admin?tab=ai');
  const connection = page.getByTestId('ai-connection');
  await expect(connection.getByText('Connected')).toBeVisible();
  await expect(connection).toContainText('The AI endpoint answers and offers 2 models.');
  await expect(connection).toContainText('Today: 0 of 500,000 tokens used.');
  const settings = page.getByTestId('ai-settings');
  await expect(settings.getByTestId('ai-model-card')).toHaveCount(2);
  await expect(settings).toContainText('Family: qwen2 · Size: 7B · Context: 32,768 tokens');
  await expect(settings).toContainText('No model is chosen yet');
  await expectAccessible(page);

  // Test: one model answers our JSON, the other does not.
  ai.queue({
    content: '{"criteria": [{"id": "ok", "level": 1, "reasons": "ready", "evidence": []}]}',
  });
  await settings.getByRole('button', { name: 'Test qwen-test' }).click();
  await expect(settings.getByText(/^qwen-test: valid JSON for our schema, in /)).toBeVisible();
  ai.queue({ content: 'Sure! Here is some JSON: {' });
  await settings.getByRole('button', { name: 'Test tiny-test' }).click();
  await expect(settings.getByText(/^tiny-test: no valid JSON for our schema/)).toBeVisible();
  const tested = ai.requests.filter((r) => r.path === '/v1/chat/completions');
  expect(tested.map((r) => r.body.model)).toEqual(['qwen-test', 'tiny-test']);

  await settings.getByRole('radio', { name: 'qwen-test' }).check();
  await settings.getByRole('switch', { name: /^After every submission/ }).check();
  await settings.getByRole('switch', { name: /^Follow-up questions/ }).uncheck();
  await settings.getByLabel('Feedback draft detail').selectOption('detailed');
  await settings.getByLabel(/^Keep prompts and answers/).fill('90');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(
    settings.getByText('AI settings saved. Reviewers get them from now on.'),
  ).toBeVisible();

  await page.reload();
  const again = page.getByTestId('ai-settings');
  await expect(again.getByRole('radio', { name: 'qwen-test' })).toBeChecked();
  await expect(again.getByRole('switch', { name: /^After every submission/ })).toBeChecked();
  await expect(again.getByRole('switch', { name: /^Follow-up questions/ })).not.toBeChecked();
  await expect(again.getByRole('switch', { name: /^Rubric assessment/ })).toBeChecked();
  await expect(again.getByLabel('Feedback draft detail')).toHaveValue('detailed');
  await expect(again.getByLabel(/^Keep prompts and answers/)).toHaveValue('90');

  // Integrations shows the same connection.
  await page.goto('/admin/integrations');
  const card = page.getByTestId('integration-ai');
  await expect(card.getByText('Reachable')).toBeVisible();
  await expect(card).toContainText('the endpoint answers and offers 2 models');
  await expect(card).toContainText('Chosen model: qwen-test');
});

test('a template opts in to AI review and gets its rubric from the starter', async ({
  page,
  playwright,
}) => {
  const api = await apiAs(playwright, baseUrl, adminAccount);
  const title = `AI rubric ${Date.now().toString(36)}`;
  const created = await api.post('/api/templates', { data: { title, roleName: 'Dev', tasks: [] } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await logIn(page, adminAccount, baseUrl);
  await page.goto(`/admin?tab=assessments`);
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Assessment Template' });
  await dialog.getByRole('tab', { name: 'AI-assisted review' }).click();
  const use = dialog.getByRole('switch', { name: /^Use AI-assisted review/ });
  await expect(use).not.toBeChecked();
  await use.check();

  // An edit to the offered rubric, thrown away by the starter, then the starter edited.
  const criteria = dialog.getByTestId('rubric-criterion');
  await criteria.first().getByRole('textbox', { name: 'Name' }).fill('Something else');
  await dialog.getByRole('button', { name: 'Remove Tests' }).click();
  await expect(dialog.getByText('Rubric (3 criteria)')).toBeVisible();
  await dialog.getByRole('button', { name: 'Use the starter rubric' }).click();
  await expect(dialog.getByText('Rubric (4 criteria)')).toBeVisible();
  await expect(criteria.first().getByRole('textbox', { name: 'Name' })).toHaveValue('Correctness');
  await criteria.nth(1).getByRole('textbox', { name: 'Weight' }).fill('4');
  // A criterion left unnamed is refused beside its field; nothing is saved.
  await dialog.getByRole('button', { name: 'Add criterion' }).click();
  await dialog.getByRole('button', { name: 'Save AI review settings' }).click();
  await expect(
    dialog.getByText('Nothing was saved: correct the fields marked below.'),
  ).toBeVisible();
  await expect(
    criteria.nth(4).getByText('Name the criterion (at most 120 characters)'),
  ).toBeVisible();
  expect(
    ((await (await api.get(`/api/templates/${id}/ai-review`)).json()) as { useAiReview: boolean })
      .useAiReview,
  ).toBe(false);
  await dialog.getByRole('button', { name: 'Remove criterion 5' }).click();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Save AI review settings' }).click();
  await expect(page.getByText(`AI review settings saved for ${title}.`)).toBeVisible();

  const saved = await (await api.get(`/api/templates/${id}/ai-review`)).json();
  expect(saved).toEqual({
    useAiReview: true,
    scoreBeforeAi: false,
    rubric: STARTER_RUBRIC.map((c) => (c.id === 'tests' ? { ...c, weight: 4 } : c)),
  });
  await api.dispose();
});
