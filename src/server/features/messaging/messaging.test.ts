import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGING_TEXTS } from '../../../domain/messaging';
import { DEFAULT_PROJECT } from '../../../domain/sample-project';
import {
  assessment,
  conversation,
  conversationParticipant,
  emailNotification,
  message,
  outbox,
  recruiterAssignment,
  user,
} from '../../db/schema';
import { createLogger } from '../../lib/logger';
import { Mailer } from '../../mail/outbox';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness';
import { startSmtpCatcher } from '../../test/smtp-catcher';
import { markNotificationSent } from './messaging.service';

let t: TestApp;
let admin: TestUser;
let recA: TestUser;
let recB: TestUser;
let candA: TestUser;
let candB: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser('admin', { name: 'Ada Admin' });
  recA = await t.signUp({ accountType: 'recruiter', name: 'Rita Recruiter' });
  recB = await t.signUp({ accountType: 'recruiter', name: 'Rob Unassigned' });
  candA = await t.signUp({ accountType: 'candidate', name: 'Casey Candidate' });
  candB = await t.signUp({ accountType: 'candidate', name: 'Other Candidate' });
  // Rita assigned an assessment to Casey, which makes her Casey's recruiter.
  await t.database.db
    .insert(recruiterAssignment)
    .values({ candidateId: candA.id, recruiterId: recA.id });
});
afterAll(async () => {
  await t?.close();
});

let clientCounter = 0;
const clientId = () => `client-${Date.now()}-${++clientCounter}`;

const create = (as: TestUser | null, body: Record<string, unknown>) =>
  t.request('/api/conversations', { method: 'POST', as, json: body });
const start = async (as: TestUser, to: TestUser[], text = 'Hello there') => {
  const res = await create(as, {
    recipientIds: to.map((u) => u.id),
    subject: `Subject ${++clientCounter}`,
    message: text,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { id: string; subject: string };
};
const send = (as: TestUser | null, id: string, content: string, cid = clientId()) =>
  t.request(`/api/conversations/${id}/messages`, {
    method: 'POST',
    as,
    json: { content, clientId: cid },
  });
const unreadOf = async (as: TestUser) =>
  (await (await t.request('/api/conversations/unread-count', { as })).json()).count as number;
const errorOf = async (res: Response) => ((await res.json()) as { message: string }).message;

describe('who may start a conversation with whom', () => {
  it('needs a signed-in user', async () => {
    const res = await create(null, { recipientIds: [recA.id], subject: 'Hi', message: 'Hi' });
    expect(res.status).toBe(401);
    expect(await errorOf(res)).toBe(MESSAGING_TEXTS.mustBeLoggedIn);
  });

  it('lets a candidate write to their assigned recruiter only', async () => {
    await start(candA, [recA]);
    for (const other of [recB, candB, admin]) {
      const res = await create(candA, { recipientIds: [other.id], subject: 'Hi', message: 'Hi' });
      expect(res.status).toBe(403);
      expect(await errorOf(res)).toBe(MESSAGING_TEXTS.candidatesOnlyAssigned);
    }
    // Mixing an allowed and a refused recipient is refused as a whole.
    const mixed = await create(candA, {
      recipientIds: [recA.id, recB.id],
      subject: 'Hi',
      message: 'Hi',
    });
    expect(mixed.status).toBe(403);
    // An unknown id tells a candidate nothing more.
    const unknown = await create(candA, { recipientIds: ['nope'], subject: 'Hi', message: 'Hi' });
    expect(unknown.status).toBe(403);
    expect(await errorOf(unknown)).toBe(MESSAGING_TEXTS.candidatesOnlyAssigned);
  });

  it('lets a recruiter write to candidates, and an admin to anyone', async () => {
    await start(recA, [candA, candB]);
    for (const other of [recB, admin]) {
      const res = await create(recA, { recipientIds: [other.id], subject: 'Hi', message: 'Hi' });
      expect(res.status).toBe(403);
    }
    await start(admin, [recB, candB, recA]);
    const unknown = await create(admin, { recipientIds: ['nope'], subject: 'Hi', message: 'Hi' });
    expect(unknown.status).toBe(400);
    expect(await errorOf(unknown)).toBe(MESSAGING_TEXTS.userNotFound);
  });

  it('lists who each role may write to', async () => {
    const names = async (as: TestUser) =>
      (
        (await (await t.request('/api/conversations/recipients', { as })).json()) as {
          displayName: string;
          role: string;
        }[]
      ).map((u) => `${u.displayName}/${u.role}`);
    expect(await names(candA)).toEqual(['Rita Recruiter/recruiter']);
    expect(await names(candB)).toEqual([]);
    expect(await names(recA)).toEqual(['Casey Candidate/candidate', 'Other Candidate/candidate']);
    const forAdmin = await names(admin);
    expect(forAdmin).toContain('Rob Unassigned/recruiter');
    expect(forAdmin).not.toContain('Ada Admin/admin');
    expect((await t.request('/api/conversations/recipients', { as: null })).status).toBe(401);
  });

  it('refuses bad input with the spec texts and stores nothing', async () => {
    const before = await t.database.db.$count(message);
    const cases: [Record<string, unknown>, string][] = [
      [{ recipientIds: [], subject: 'Hi', message: 'Hi' }, MESSAGING_TEXTS.selectRecipient],
      [{ subject: 'Hi', message: 'Hi' }, MESSAGING_TEXTS.selectRecipient],
      [{ recipientIds: [recA.id], subject: '   ', message: 'Hi' }, MESSAGING_TEXTS.enterSubject],
      [{ recipientIds: [recA.id], subject: 'Hi', message: ' \n ' }, MESSAGING_TEXTS.enterMessage],
      [{ recipientIds: [candA.id], subject: 'Hi', message: 'Hi' }, MESSAGING_TEXTS.selectRecipient],
    ];
    for (const [body, text] of cases) {
      const res = await create(candA, body);
      expect(res.status).toBe(400);
      const error = (await res.json()) as { issues: { message: string }[] };
      expect(error.issues.map((i) => i.message)).toContain(text);
    }
    expect(await t.database.db.$count(message)).toBe(before);
  });
});

describe('a conversation', () => {
  it('is read by its participants and admins only', async () => {
    const c = await start(candA, [recA]);
    for (const who of [candA, recA, admin]) {
      const res = await t.request(`/api/conversations/${c.id}`, { as: who });
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body.isParticipant).toBe(who !== admin);
      expect(body.participants.map((p: { displayName: string }) => p.displayName)).toEqual([
        'Casey Candidate',
        'Rita Recruiter',
      ]);
    }
    for (const path of [`/api/conversations/${c.id}`, `/api/conversations/${c.id}/messages`]) {
      for (const outsider of [candB, recB]) {
        const res = await t.request(path, { as: outsider });
        expect(res.status).toBe(404);
        expect(await errorOf(res)).toBe(MESSAGING_TEXTS.conversationNotFound);
      }
      expect((await t.request(path, { as: null })).status).toBe(401);
    }
    const missing = await t.request('/api/conversations/conversation_0_000000', { as: admin });
    expect(missing.status).toBe(404);
    expect(await errorOf(missing)).toBe(MESSAGING_TEXTS.conversationNotFound);
    // Outsiders never see it in their inbox.
    const inbox = await (await t.request('/api/conversations', { as: candB })).json();
    expect(inbox.items.map((i: { id: string }) => i.id)).not.toContain(c.id);
  });

  it('takes messages from participants only, and never blank ones', async () => {
    const c = await start(candA, [recA]);
    expect((await send(recA, c.id, 'Thanks, got it')).status).toBe(201);
    for (const outsider of [candB, recB, admin]) {
      const res = await send(outsider, c.id, 'Let me in');
      expect(res.status).toBe(403);
      expect(await errorOf(res)).toBe(MESSAGING_TEXTS.notParticipant);
    }
    expect((await send(null, c.id, 'Anonymous')).status).toBe(401);
    expect((await send(candA, c.id, '   ')).status).toBe(400);
    expect((await send(candA, 'conversation_0_000000', 'Hi')).status).toBe(404);
    const bad = await t.request(`/api/conversations/${c.id}/messages`, {
      method: 'POST',
      as: candA,
      json: { content: 'No id' },
    });
    expect(bad.status).toBe(400);
    const stored = await t.database.db
      .select({ content: message.content })
      .from(message)
      .where(eq(message.conversationId, c.id));
    expect(stored.map((m) => m.content)).toEqual(['Hello there', 'Thanks, got it']);
  });

  it('keeps the newest message as the last one when both sides send at once', async () => {
    const c = await start(candA, [recA]);
    const sends = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        send(i % 2 ? recA : candA, c.id, `At once ${i}`, clientId()),
      ),
    );
    expect(sends.map((r) => r.status)).toEqual(sends.map(() => 201));
    const rows = await t.database.db
      .select({ content: message.content, senderId: message.senderId, seq: message.seq })
      .from(message)
      .where(eq(message.conversationId, c.id))
      .orderBy(message.seq);
    const newest = rows.at(-1)!;
    const [conv] = await t.database.db
      .select({ lastMessage: conversation.lastMessage, lastSenderId: conversation.lastSenderId })
      .from(conversation)
      .where(eq(conversation.id, c.id));
    expect(conv).toEqual({ lastMessage: newest.content, lastSenderId: newest.senderId });
    const reads = await t.database.db
      .select({
        userId: conversationParticipant.userId,
        unread: conversationParticipant.unread,
        lastReadSeq: conversationParticipant.lastReadSeq,
      })
      .from(conversationParticipant)
      .where(eq(conversationParticipant.conversationId, c.id));
    const lastOwn = (id: string) =>
      Math.max(...rows.filter((r) => r.senderId === id).map((r) => r.seq));
    for (const r of reads) {
      // Unread only for the one who did not send the newest; each read up to their own newest.
      expect(r.unread, r.userId).toBe(r.userId !== newest.senderId);
      expect(r.lastReadSeq, r.userId).toBe(lastOwn(r.userId));
    }
  });

  it('stores a retried message once', async () => {
    const c = await start(candA, [recA]);
    const cid = clientId();
    const first = await send(candA, c.id, 'Only once', cid);
    const again = await send(candA, c.id, 'Only once', cid);
    const concurrent = await Promise.all(
      [1, 2, 3].map(() => send(candA, c.id, 'Burst', 'burst-id-1')),
    );
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect((await again.json()).id).toBe((await first.json()).id);
    expect(concurrent.filter((r) => r.status === 201)).toHaveLength(1);
    const rows = await t.database.db
      .select({ content: message.content })
      .from(message)
      .where(eq(message.conversationId, c.id));
    expect(rows.map((r) => r.content)).toEqual(['Hello there', 'Only once', 'Burst']);
    // The same client id in another conversation is a conflict, not a silent success.
    const other = await start(candA, [recA]);
    expect((await send(candA, other.id, 'Only once', cid)).status).toBe(409);
    // A retried create answers with the conversation the first try made.
    const body = {
      recipientIds: [recA.id],
      subject: 'Retry',
      message: 'Once',
      clientId: 'create-1',
    };
    const made = await create(candA, body);
    const retried = await create(candA, body);
    expect(made.status).toBe(201);
    expect(retried.status).toBe(200);
    expect((await retried.json()).id).toBe((await made.json()).id);
  });

  it('makes the others unread, and opening it makes it read', async () => {
    const before = { rec: await unreadOf(recA), cand: await unreadOf(candA) };
    const c = await start(candA, [recA]);
    expect(await unreadOf(recA)).toBe(before.rec + 1);
    expect(await unreadOf(candA)).toBe(before.cand);
    const inbox = await (await t.request('/api/conversations', { as: recA })).json();
    expect(inbox.items[0]).toMatchObject({ id: c.id, unread: true, lastMessage: 'Hello there' });

    // An admin reading it changes nobody's read state.
    expect(
      (await t.request(`/api/conversations/${c.id}/read`, { method: 'POST', as: admin })).status,
    ).toBe(204);
    expect(await unreadOf(recA)).toBe(before.rec + 1);

    expect(
      (await t.request(`/api/conversations/${c.id}/read`, { method: 'POST', as: recA })).status,
    ).toBe(204);
    expect(await unreadOf(recA)).toBe(before.rec);
    const page = await (
      await t.request(`/api/conversations/${c.id}/messages`, { as: candA })
    ).json();
    expect(page.items[0].readBy.sort()).toEqual([candA.id, recA.id].sort());

    expect((await send(recA, c.id, 'Reply')).status).toBe(201);
    expect(await unreadOf(candA)).toBe(before.cand + 1);
    expect(await unreadOf(recA)).toBe(before.rec);
    const [row] = await t.database.db
      .select()
      .from(conversationParticipant)
      .where(
        and(
          eq(conversationParticipant.conversationId, c.id),
          eq(conversationParticipant.userId, candA.id),
        ),
      );
    expect(row?.unread).toBe(true);
    expect(
      (await t.request(`/api/conversations/${c.id}/read`, { method: 'POST', as: candB })).status,
    ).toBe(404);
  });
});

describe('e-mail notifications', () => {
  it("addresses each recipient's mail to them by name, with the conversation's subject, and quotes the message as written", async () => {
    const text = 'About {{recipient-0}} and {{subject-0}}: see $1 and \\1';
    const c = await start(admin, [candA, recA], text);
    const mails = await t.database.db
      .select()
      .from(outbox)
      .innerJoin(emailNotification, eq(emailNotification.mailId, outbox.id))
      .where(eq(emailNotification.conversationId, c.id));
    const byRecipient = new Map(mails.map(({ outbox: m }) => [m.to, m]));
    expect([...byRecipient.keys()].sort()).toEqual([candA.email, recA.email].sort());
    for (const [email, name] of [
      [candA.email, 'Casey Candidate'],
      [recA.email, 'Rita Recruiter'],
    ] as const) {
      const mail = byRecipient.get(email)!;
      expect(mail.subject).toBe(`New message from Ada Admin: ${c.subject}`);
      expect(mail.text.split('\n')).toEqual([
        `Hello ${name},`,
        '',
        `Ada Admin wrote in "${c.subject}":`,
        '',
        text,
        '',
        `Read and reply here: http://localhost:3000/messages/conversation/${c.id}`,
      ]);
    }
  });

  it('keeps a record per other participant and marks it sent when the mail is accepted', async () => {
    const long = `${'x'.repeat(95)}abcdefghij`;
    const c = await start(admin, [candA, recA], long);
    const records = await t.database.db
      .select()
      .from(emailNotification)
      .where(eq(emailNotification.conversationId, c.id));
    expect(records.map((r) => r.recipientEmail).sort()).toEqual([candA.email, recA.email].sort());
    for (const r of records) {
      expect(r.messagePreview).toBe(`${'x'.repeat(95)}abcde`);
      expect(r.sent).toBe(false);
      expect(r.mailId).not.toBeNull();
    }
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.id, records[0]!.mailId!));
    expect(mail?.text).toContain(`http://localhost:3000/messages/conversation/${c.id}`);
    expect(mail?.text).toContain(`${'x'.repeat(95)}abcde…`);

    const smtp = await startSmtpCatcher();
    const mailer = new Mailer({
      db: t.database.db,
      logger: createLogger('silent'),
      smtpUrl: smtp.url,
      from: 'App <app@example.test>',
    });
    mailer.onSent(markNotificationSent);
    try {
      await mailer.deliverDue();
      while ((await mailer.deliverDue()) > 0);
    } finally {
      await mailer.stop();
      await smtp.close();
    }
    // Quoted-printable mail wraps long lines with soft breaks.
    const unwrapped = smtp.mails.map((m) => ({ ...m, raw: m.raw.replace(/=\r?\n/g, '') }));
    expect(unwrapped.some((m) => m.to.includes(candA.email) && m.raw.includes(c.id))).toBe(true);
    const after = await t.database.db
      .select()
      .from(emailNotification)
      .where(eq(emailNotification.conversationId, c.id));
    expect(after.every((r) => r.sent && r.sentAt instanceof Date)).toBe(true);
  });

  it('keeps the record but sends no mail to someone who turned e-mail off', async () => {
    const quiet = await t.createUser('admin', { name: 'Quiet Admin' });
    const saved = await t.request('/api/profile', {
      method: 'PUT',
      as: quiet,
      json: { name: 'Quiet Admin', notificationPreferences: { email: false, browser: true } },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const c = await start(admin, [quiet]);
    const [record] = await t.database.db
      .select()
      .from(emailNotification)
      .where(eq(emailNotification.conversationId, c.id));
    expect(record).toMatchObject({ recipientEmail: quiet.email, mailId: null, sent: false });
  });
});

describe('paging', () => {
  it('gives the newest page first and older ones by cursor', async () => {
    const c = await start(recA, [candB], 'message 0');
    for (let i = 1; i < 120; i++) expect((await send(recA, c.id, `message ${i}`)).status).toBe(201);
    const url = `/api/conversations/${c.id}/messages`;
    const newest = await (await t.request(url, { as: candB })).json();
    expect(newest.items).toHaveLength(50);
    expect(newest.items.at(-1).content).toBe('message 119');
    expect(newest.items[0].content).toBe('message 70');
    expect(newest.hasMore).toBe(true);
    const older = await (
      await t.request(`${url}?before=${newest.items[0].seq}`, { as: candB })
    ).json();
    expect(older.items[0].content).toBe('message 20');
    expect(older.items.at(-1).content).toBe('message 69');
    const oldest = await (
      await t.request(`${url}?before=${older.items[0].seq}`, { as: candB })
    ).json();
    expect(oldest.items.map((m: { content: string }) => m.content)).toEqual(
      Array.from({ length: 20 }, (_, i) => `message ${i}`),
    );
    expect(oldest.hasMore).toBe(false);
    const after = await (
      await t.request(`${url}?after=${newest.items.at(-3).seq}`, { as: candB })
    ).json();
    expect(after.items.map((m: { content: string }) => m.content)).toEqual([
      'message 118',
      'message 119',
    ]);
    expect((await t.request(`${url}?before=abc`, { as: candB })).status).toBe(400);
  });

  it('pages the inbox by cursor without gaps or repeats', async () => {
    const inboxUser = await t.signUp({ accountType: 'candidate', name: 'Busy Candidate' });
    const made: string[] = [];
    for (let i = 0; i < 7; i++) made.push((await start(admin, [inboxUser])).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const q: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page = await (
        await t.request(`/api/conversations?limit=3${q}`, { as: inboxUser })
      ).json();
      seen.push(...page.items.map((i: { id: string }) => i.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...made].reverse());
    expect((await t.request('/api/conversations?cursor=garbage', { as: inboxUser })).status).toBe(
      400,
    );
  });
});

describe('the bell', () => {
  it('counts unread conversations and unopened invitations', async () => {
    const fresh = await t.signUp({ accountType: 'candidate', name: 'Bell Candidate' });
    const bell = async () => (await t.request('/api/notifications', { as: fresh })).json();
    expect(await bell()).toMatchObject({ count: 0, items: [] });

    const c = await start(recA, [fresh], 'Please look at this');
    await t.database.db.insert(assessment).values({
      id: 'assessment_bell_1',
      title: 'Password policy',
      roleName: 'Developer',
      candidateId: fresh.id,
      candidateName: 'Bell Candidate',
      recruiterId: recA.id,
      recruiterName: 'Rita Recruiter',
      companyName: 'Northwind',
      durationHours: 2,
      project: DEFAULT_PROJECT,
      dueDate: '2030-01-01',
    });
    const now = await bell();
    expect(now).toMatchObject({ count: 2, unreadConversations: 1, unopenedInvitations: 1 });
    expect(now.items).toContainEqual(
      expect.objectContaining({ kind: 'message', conversationId: c.id, from: 'Rita Recruiter' }),
    );
    expect(now.items).toContainEqual(
      expect.objectContaining({ kind: 'invitation', assessmentId: 'assessment_bell_1' }),
    );
    await t.request(`/api/conversations/${c.id}/read`, { method: 'POST', as: fresh });
    await t.request('/api/assessments/assessment_bell_1/start', { method: 'POST', as: fresh });
    expect(await bell()).toMatchObject({ count: 0 });
    expect((await t.request('/api/notifications', { as: null })).status).toBe(401);
  });
});

describe('participant info', () => {
  it("shows a deleted account as 'Unknown User'", async () => {
    const leaving = await t.signUp({ accountType: 'candidate', name: 'Leaving Soon' });
    const c = await start(recA, [leaving]);
    await t.database.db.delete(user).where(eq(user.id, leaving.id));
    const body = await (await t.request(`/api/conversations/${c.id}`, { as: recA })).json();
    expect(body.participants).toContainEqual({
      id: leaving.id,
      displayName: MESSAGING_TEXTS.unknownUser,
      role: 'unknown',
      email: '',
    });
  });
});
