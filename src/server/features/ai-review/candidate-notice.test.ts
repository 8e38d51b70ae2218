import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STARTER_RUBRIC } from '../../../domain/ai-review';
import { defaultDueDate } from '../../../domain/assessments';
import { outbox } from '../../db/schema';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness';
import { invitationMail } from '../assessments/mails';
import { bulkInvitationMail } from '../bulk-invitations/mails';

/** Issue 34: a candidate is told before starting when a reviewer may use an AI assistant. */

let t: TestApp;
let admin: TestUser;
let rec: TestUser;
let cand: TestUser;

const NOTICE_EN =
  'A reviewer may use an AI assistant when reviewing your work; a person decides the result.';

async function template(title: string, useAiReview: boolean): Promise<string> {
  const res = await t.request('/api/templates', {
    method: 'POST',
    as: admin,
    json: { title, roleName: 'Dev', tasks: [] },
  });
  const { id } = (await res.json()) as { id: string };
  if (useAiReview) {
    const saved = await t.request(`/api/templates/${id}/ai-review`, {
      method: 'PUT',
      as: admin,
      json: { useAiReview: true, scoreBeforeAi: false, rubric: STARTER_RUBRIC },
    });
    expect(saved.status).toBe(200);
  }
  return id;
}

async function assign(templateId: string): Promise<string> {
  const res = await t.request('/api/assessments', {
    method: 'POST',
    as: rec,
    json: { templateId, candidateId: cand.id, dueDate: defaultDueDate() },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function invitationText(title: string): Promise<string> {
  const [row] = await t.database.db
    .select({ text: outbox.text })
    .from(outbox)
    .where(and(eq(outbox.to, cand.email), like(outbox.subject, `%${title}%`)));
  return row!.text;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser('admin', { name: 'Ada Admin' });
  rec = await t.signUp({ accountType: 'recruiter', name: 'Rita Recruiter' });
  cand = await t.signUp({ accountType: 'candidate', name: 'Carl Candidate' });
}, 90_000);
afterAll(async () => {
  await t?.close();
});

describe('the candidate notice of AI-assisted review', () => {
  it('is flagged on the assessment and written in the invitation only when the template uses it', async () => {
    const withAi = await assign(await template('Checkout with AI', true));
    const without = await assign(await template('Checkout by hand', false));

    const read = async (id: string) =>
      (await (await t.request(`/api/assessments/${id}`, { as: cand })).json()) as {
        aiAssistedReview?: boolean;
      };
    expect((await read(withAi)).aiAssistedReview).toBe(true);
    expect((await read(without)).aiAssistedReview).toBe(false);

    expect(await invitationText('Checkout with AI')).toContain(NOTICE_EN);
    expect(await invitationText('Checkout by hand')).not.toContain('AI assistant');
  });

  it('is written in the recipient language, in direct and bulk invitations', () => {
    const input = {
      language: 'de' as const,
      candidateName: 'Carl',
      candidateEmail: 'carl@example.com',
      recruiterName: 'Rita',
      companyName: '',
      title: 'Checkout',
      dueDate: '2026-12-01',
      message: '',
      url: 'http://localhost:3000/assessment/a1',
    };
    const german = 'über das Ergebnis entscheidet ein Mensch';
    expect(invitationMail({ ...input, aiAssistedReview: true }).text).toContain(german);
    expect(invitationMail(input).text).not.toContain(german);
    const bulk = bulkInvitationMail({
      to: 'new@example.com',
      language: 'ja',
      name: 'New',
      recruiterName: 'Rita',
      companyName: '',
      title: 'Checkout',
      dueDate: '2026-12-01',
      message: '',
      url: 'http://localhost:3000/i/x',
      expiresAt: new Date('2026-12-08T00:00:00Z'),
      aiAssistedReview: true,
    });
    expect(bulk.text).toContain('結果を決めるのは人間です');
  });
});
