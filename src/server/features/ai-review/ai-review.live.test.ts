import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

const OLLAMA_URL = process.env.OLLAMA_URL;
const MODEL = process.env.OLLAMA_MODEL ?? 'qwen2.5-coder:7b';

/** Against a real model: runs only when OLLAMA_URL names one (e.g. http://localhost:11434/v1). */
describe.skipIf(!OLLAMA_URL)('AI review against a live Ollama', () => {
  let t: TestApp | undefined;
  afterAll(async () => {
    await t?.close();
  });

  it('lists the model and answers the Test with valid JSON', async () => {
    t = await createTestApp({ AI_BASE_URL: OLLAMA_URL ?? '', AI_TIMEOUT_SECONDS: '300' });
    const admin = await t.createUser('admin');
    const config = await (await t.request('/api/admin/ai', { as: admin })).json();
    expect(config.reachable).toBe(true);
    expect(config.models.map((m: { id: string }) => m.id)).toContain(MODEL);
    const res = await t.request('/api/admin/ai/test', {
      method: 'POST',
      as: admin,
      json: { model: MODEL },
    });
    expect(await res.json()).toMatchObject({ model: MODEL, validJson: true });
  }, 600_000);
});
