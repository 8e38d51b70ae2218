import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONVERSATION_START_LIMIT,
  MESSAGE_DIGEST_WINDOW_SECONDS,
  MESSAGE_SEND_LIMIT,
} from '../../../domain/messaging';
import { conversation, emailNotification, message, outbox } from '../../db/schema';
import { createLogger } from '../../lib/logger';
import { Mailer } from '../../mail/outbox';
import { createTestApp, TEST_APP_URL, type TestApp, type TestUser } from '../../test/harness';
import { startSmtpCatcher } from '../../test/smtp-catcher';
import { flushDigests } from './digests';
import { markNotificationSent } from './messaging.service';

let t: TestApp;
let rita: TestUser;
let casey: TestUser;
let sam: TestUser;

beforeAll(async () => {
  // The shipped limits (the harness raises them for the other test files).
  t = await createTestApp({
    MESSAGE_RATE_LIMIT: String(MESSAGE_SEND_LIMIT.max),
    CONVERSATION_RATE_LIMIT: String(CONVERSATION_START_LIMIT.max),
  });
  rita = await t.signUp({ accountType: 'recruiter', name: 'Rita Recruiter' });
  casey = await t.signUp({ accountType: 'candidate', name: 'Casey Candidate' });
  sam = await t.signUp({ accountType: 'candidate', name: 'Sam Candidate' });
});
afterAll(async () => {
  await t?.close();
});

const digestDeps = () => ({
  db: t.database.db,
  mailer: t.mailer,
  bus: t.bus,
  appUrl: TEST_APP_URL,
});

let n = 0;
const create = (as: TestUser, to: TestUser[], text = 'Hello there') =>
  t.request('/api/conversations', {
    method: 'POST',
    as,
    json: { recipientIds: to.map((u) => u.id), subject: `Subject ${++n}`, message: text },
  });
const start = async (as: TestUser, to: TestUser[], text?: string) => {
  const res = await create(as, to, text);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
};
const send = (as: TestUser, id: string, content: string, clientId = `c-${Date.now()}-${++n}`) =>
  t.request(`/api/conversations/${id}/messages`, {
    method: 'POST',
    as,
    json: { content, clientId },
  });
const messagesIn = async (id: string) =>
  (
    await t.database.db.select({ n: count() }).from(message).where(eq(message.conversationId, id))
  )[0]!.n;

describe('abuse limits', () => {
  it('refuses a flood of messages with a 429 that says how long to wait, storing nothing past the limit', async () => {
    const id = await start(rita, [casey]);
    const sam2 = await t.signUp({ accountType: 'candidate', name: 'Flood Candidate' });
    const flood = await start(rita, [sam2]);
    const statuses: number[] = [];
    for (let i = 0; i < MESSAGE_SEND_LIMIT.max + 5; i++) {
      statuses.push((await send(rita, flood, `flood ${i}`)).status);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(MESSAGE_SEND_LIMIT.max);
    expect(statuses.slice(MESSAGE_SEND_LIMIT.max).every((s) => s === 429)).toBe(true);
    // The first message came with the conversation; the limit counts sends.
    expect(await messagesIn(flood)).toBe(1 + MESSAGE_SEND_LIMIT.max);

    const refused = await send(rita, id, 'one more');
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { message: string; retryAfterSeconds: number };
    expect(body.message).toMatch(
      /^You are sending messages too quickly\. Please wait (\d+ seconds?|1 minute) and try again\.$/,
    );
    expect(body.retryAfterSeconds).toBeGreaterThan(0);
    expect(body.retryAfterSeconds).toBeLessThanOrEqual(MESSAGE_SEND_LIMIT.windowSeconds);
    expect(await messagesIn(id)).toBe(1);
    // Another user is not held back by Rita's flood.
    expect((await send(casey, id, 'I can still write')).status).toBe(201);
    expect(await messagesIn(id)).toBe(2);
  });

  it('still answers a retried send that was stored before the limit was reached', async () => {
    const writer = await t.signUp({ accountType: 'recruiter', name: 'Retry Recruiter' });
    const id = await start(writer, [casey]);
    const first = await send(writer, id, 'stored', 'retry-me');
    expect(first.status).toBe(201);
    for (let i = 1; i < MESSAGE_SEND_LIMIT.max; i++) await send(writer, id, `more ${i}`);
    expect((await send(writer, id, 'refused')).status).toBe(429);
    const retried = await send(writer, id, 'stored', 'retry-me');
    expect(retried.status).toBe(200);
    expect(((await retried.json()) as { id: string }).id).toBe(
      ((await first.json()) as { id: string }).id,
    );
  });

  it('refuses starting conversations past the limit and creates none', async () => {
    const starter = await t.signUp({ accountType: 'recruiter', name: 'Starter Recruiter' });
    for (let i = 0; i < CONVERSATION_START_LIMIT.max; i++) await start(starter, [sam]);
    const refused = await create(starter, [sam], 'one too many');
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toMatch(
      /^You have started too many conversations in a short time\. Please wait \d+ (seconds?|minutes?) and try again\.$/,
    );
    const [made] = await t.database.db
      .select({ n: count() })
      .from(conversation)
      .where(eq(conversation.createdBy, starter.id));
    expect(made!.n).toBe(CONVERSATION_START_LIMIT.max);
  });
});

describe('message mail digests', () => {
  it('mails the first message at once and folds the next ones into one digest mail', async () => {
    const writer = await t.signUp({ accountType: 'recruiter', name: 'Dana Digest' });
    const reader = await t.signUp({ accountType: 'candidate', name: 'Rory Reader' });
    const id = await start(writer, [reader], 'First, mailed at once');
    const records = () =>
      t.database.db
        .select()
        .from(emailNotification)
        .where(eq(emailNotification.conversationId, id))
        .orderBy(emailNotification.createdAt);
    const [firstRecord] = await records();
    expect(firstRecord?.mailId).not.toBeNull();
    expect(firstRecord?.digestPending).toBe(false);

    const later = ['Second', 'Third', 'x'.repeat(150)];
    for (const text of later) expect((await send(writer, id, text)).status).toBe(201);
    // One record per message and recipient, as the spec keeps them; no mail yet.
    const waiting = await records();
    expect(waiting).toHaveLength(4);
    expect(waiting.slice(1).every((r) => r.digestPending && r.mailId === null)).toBe(true);
    const mailsTo = async () =>
      t.database.db.select().from(outbox).where(eq(outbox.to, reader.email));
    expect(await mailsTo()).toHaveLength(1);

    // Not due before the window ends.
    await flushDigests(digestDeps(), new Date(Date.now() + 10_000));
    expect(await mailsTo()).toHaveLength(1);
    const afterWindow = new Date(Date.now() + (MESSAGE_DIGEST_WINDOW_SECONDS + 1) * 1000);
    // (Earlier tests' digests are due too.)
    expect(await flushDigests(digestDeps(), afterWindow)).toBeGreaterThanOrEqual(1);
    expect(await flushDigests(digestDeps(), afterWindow)).toBe(0);

    const mails = await mailsTo();
    expect(mails).toHaveLength(2);
    const digest = mails.find((m) => m.id !== firstRecord?.mailId)!;
    expect(digest.subject).toMatch(/^3 new messages from Dana Digest: Subject \d+$/);
    expect(digest.text).toContain('Dana Digest: Second');
    expect(digest.text).toContain('Dana Digest: Third');
    expect(digest.text).toContain(`Dana Digest: ${'x'.repeat(100)}…`);
    expect(digest.text).toContain(`/messages/conversation/${id}`);
    const linked = await records();
    expect(linked.slice(1).every((r) => r.mailId === digest.id && !r.digestPending)).toBe(true);

    // Delivered through the outbox: every record is marked sent once its mail is accepted.
    const smtp = await startSmtpCatcher();
    const mailer = new Mailer({
      db: t.database.db,
      logger: createLogger('silent'),
      smtpUrl: smtp.url,
      from: 'App <app@example.test>',
    });
    mailer.onSent(markNotificationSent);
    try {
      while ((await mailer.deliverDue()) > 0);
    } finally {
      await mailer.stop();
      await smtp.close();
    }
    expect(smtp.mails.filter((m) => m.to.includes(reader.email))).toHaveLength(2);
    expect((await records()).every((r) => r.sent && r.sentAt instanceof Date)).toBe(true);
  });

  it('keeps each recipient and conversation apart, and skips those who turned e-mail off', async () => {
    const writer = await t.createUser('admin', { name: 'Group Writer' });
    const loud = await t.signUp({ accountType: 'candidate', name: 'Loud Reader' });
    // An admin's profile form holds the e-mail switch.
    const quiet = await t.createUser('admin', { name: 'Quiet Reader' });
    const off = await t.request('/api/profile', {
      method: 'PUT',
      as: quiet,
      json: { name: 'Quiet Reader', notificationPreferences: { email: false, browser: true } },
    });
    expect(off.status, await off.clone().text()).toBe(200);
    const group = await start(writer, [loud, quiet]);
    const other = await start(writer, [loud]);
    await send(writer, group, 'group 2');
    await send(writer, group, 'group 3');
    await send(writer, other, 'other 2');
    const quietRecords = await t.database.db
      .select()
      .from(emailNotification)
      .where(and(eq(emailNotification.recipientId, quiet.id)));
    expect(quietRecords).toHaveLength(3);
    expect(quietRecords.every((r) => r.mailId === null && !r.digestPending)).toBe(true);

    const later = new Date(Date.now() + (MESSAGE_DIGEST_WINDOW_SECONDS + 1) * 1000);
    await flushDigests(digestDeps(), later);
    const subjects = (await t.database.db.select().from(outbox).where(eq(outbox.to, loud.email)))
      .map((m) => m.subject.replace(/Subject \d+/, 'S'))
      .sort();
    expect(subjects).toEqual([
      '1 new message from Group Writer: S',
      '2 new messages from Group Writer: S',
      'New message from Group Writer: S',
      'New message from Group Writer: S',
    ]);
    expect(await t.database.db.select().from(outbox).where(eq(outbox.to, quiet.email))).toEqual([]);
  });
});
