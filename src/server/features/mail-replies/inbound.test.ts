import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { outbox, profile } from '../../db/schema';
import {
  casey,
  catcher,
  deliver,
  events,
  headerLine,
  mailsTo,
  messagesOf,
  plainReply,
  REPLY_DOMAIN,
  replyAddress,
  rita,
  start,
  t,
  withInboundApp,
} from './inbound-fixture';
import { fixture } from './test-mails';

// Conversation mails and the replies that land; no loops; unsubscribing (refusals, bad input
// and the transport are in inbound-refusals.test.ts).

withInboundApp();

describe('conversation mails', () => {
  it('carry a signed Reply-To, one-click unsubscribe headers and a footer link', async () => {
    const id = await start();
    const [mail] = (await mailsTo(casey.email)).filter((m) =>
      m.text?.includes(`/messages/conversation/${id}`),
    );
    expect(mail).toBeDefined();
    const replyTo = mail!.replyTo!.value[0]!.address!;
    expect(replyTo).toMatch(new RegExp(`^reply\\+[a-z2-7]+@${REPLY_DOMAIN}$`));
    expect(replyTo).toBe(`reply+${t.mailTokens.replyToken(id, casey.id)}@${REPLY_DOMAIN}`);
    expect(headerLine(mail!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const unsubscribe = String(headerLine(mail!, 'list-unsubscribe'));
    expect(unsubscribe).toMatch(/^<http:\/\/localhost:3000\/api\/mail\/unsubscribe\/[\w.-]+>$/);
    expect(mail!.headers.get('auto-submitted')).toBe('auto-generated');
    expect(mail!.text).toMatch(/Stop these e-mails: http:\/\/localhost:3000\/unsubscribe\/[\w.-]+/);
    expect(mail!.messageId).toMatch(new RegExp(`@${REPLY_DOMAIN}>$`));
  });
});

describe('a reply by e-mail', () => {
  it('lands once in the conversation, via Email, unread, live, and is mailed to the others only', async () => {
    const id = await start();
    const to = await replyAddress(casey, id);
    const before = events.length;
    const raw = fixture('gmail', { FROM: casey.email, TO: to });
    expect(await deliver(raw, { from: casey.email, to: [to] })).toMatchObject({ ok: true });

    const stored = await messagesOf(id);
    expect(stored).toHaveLength(2);
    expect(stored[1]).toMatchObject({
      senderId: casey.id,
      senderName: 'Casey Candidate',
      fromEmail: true,
      content: 'Thanks Rita, Tuesday at 10 works for me — see you then.',
    });
    // The API shows it with the flag the 'via Email' badge reads.
    const page = await (await t.request(`/api/conversations/${id}/messages`, { as: rita })).json();
    expect(page.items.at(-1)).toMatchObject({ fromEmail: true, senderId: casey.id });
    // Unread for Rita, live in her tabs.
    const unread = await (await t.request('/api/conversations/unread-count', { as: rita })).json();
    expect(unread.count).toBeGreaterThan(0);
    expect(
      events
        .slice(before)
        .some(
          (e) =>
            e.event.type === 'conversation.changed' &&
            e.event.conversationId === id &&
            e.audience.userIds?.includes(rita.id),
        ),
    ).toBe(true);
    // Mailed to Rita (with her own Reply-To), never back to Casey.
    const toRita = (await mailsTo(rita.email)).filter((m) =>
      m.text?.includes(`/messages/conversation/${id}`),
    );
    expect(toRita).toHaveLength(1);
    expect(toRita[0]!.text).toContain('Thanks Rita, Tuesday at 10 works for me');
    expect(toRita[0]!.replyTo!.value[0]!.address).toBe(
      `reply+${t.mailTokens.replyToken(id, rita.id)}@${REPLY_DOMAIN}`,
    );
    const toCasey = (await mailsTo(casey.email)).filter((m) =>
      m.text?.includes(`/messages/conversation/${id}`),
    );
    expect(toCasey).toHaveLength(1); // Rita's first message only

    // An MTA's retry of the same mail (same Message-ID) is accepted and stored once.
    expect(await deliver(raw, { from: casey.email, to: [to] })).toMatchObject({ ok: true });
    expect(await messagesOf(id)).toHaveLength(2);
  });

  it.each([
    ['outlook', 'Tuesday works. I’ll bring my portfolio.'],
    ['apple-mail', 'Sounds good, see you Tuesday!'],
    [
      'thunderbird',
      'Yes, Tuesday at 10 is fine. Could we make it a video call? I am travelling that week.\n\nCasey',
    ],
  ])('from %s keeps the new text only', async (name, expected) => {
    const id = await start();
    const to = await replyAddress(casey, id);
    const raw = fixture(name, { FROM: casey.email.toUpperCase(), TO: to });
    expect(await deliver(raw, { from: casey.email, to: [to] })).toMatchObject({ ok: true });
    expect((await messagesOf(id)).at(-1)).toMatchObject({ content: expected, fromEmail: true });
  });

  it('keeps the mails of one pooled connection apart, each in its own conversation', async () => {
    const first = await start();
    const second = await start();
    const [toFirst, toSecond] = [
      await replyAddress(casey, first),
      await replyAddress(casey, second),
    ];
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: t.inbound!.port,
      ignoreTLS: true,
      pool: true,
      maxConnections: 1,
    });
    for (const [to, text] of [
      [toFirst, 'For the first'],
      [toSecond, 'For the second'],
    ] as const) {
      await transport.sendMail({
        envelope: { from: casey.email, to: [to] },
        raw: plainReply(to, text),
      });
    }
    transport.close();
    expect((await messagesOf(first)).map((m) => m.content)).toEqual([
      'Can we meet on Tuesday at 10?',
      'For the first',
    ]);
    expect((await messagesOf(second)).map((m) => m.content)).toEqual([
      'Can we meet on Tuesday at 10?',
      'For the second',
    ]);
  });

  it('keeps no attachment, says so in the message and tells the sender once', async () => {
    const id = await start();
    const to = await replyAddress(casey, id);
    const raw = [
      `From: ${casey.email}`,
      `To: ${to}`,
      'Subject: Re: Interview',
      `Message-ID: <attach-${id}@mail.example.test>`,
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Here is my CV.',
      '--b1',
      'Content-Type: application/pdf; name="cv.pdf"',
      'Content-Disposition: attachment; filename="cv.pdf"',
      'Content-Transfer-Encoding: base64',
      '',
      'JVBERi0xLjQK',
      '--b1--',
      '',
    ].join('\r\n');
    expect(await deliver(raw, { from: casey.email, to: [to] })).toMatchObject({ ok: true });
    expect(await deliver(raw, { from: casey.email, to: [to] })).toMatchObject({ ok: true });
    expect((await messagesOf(id)).at(-1)!.content).toBe(
      'Here is my CV.\n\n(attachment not kept: cv.pdf)',
    );
    const notices = (await mailsTo(casey.email)).filter((m) =>
      m.subject?.includes('without its attachments'),
    );
    expect(notices.filter((m) => m.text?.includes(id))).toHaveLength(1);
    expect(notices.at(-1)!.text).toContain('- cv.pdf');
  });

  it('turns an HTML-only reply into text', async () => {
    const id = await start();
    const to = await replyAddress(casey, id);
    const raw = plainReply(to, '<p>See you <b>Tuesday</b>.</p>', {
      'Content-Type': 'text/html; charset=utf-8',
    });
    expect(await deliver(raw, { from: casey.email, to: [to] })).toMatchObject({ ok: true });
    expect((await messagesOf(id)).at(-1)!.content).toBe('See you Tuesday.');
  });
});

describe('no loops', () => {
  it('accepts but never posts auto-replies, bounces and our own mails', async () => {
    const id = await start();
    const to = await replyAddress(casey, id);
    const automatic: [string, Record<string, string>, string?][] = [
      ['auto-submitted', { 'Auto-Submitted': 'auto-replied' }],
      ['precedence bulk', { Precedence: 'bulk' }],
      ['precedence auto_reply', { Precedence: 'auto_reply' }],
      ['x-autoreply', { 'X-Autoreply': 'yes' }],
      ['out of office', { Subject: 'Out of Office: Re: Interview' }],
      ['automatic reply', { Subject: 'Automatic reply: Interview' }],
      ['empty return path', {}, ''],
    ];
    for (const [label, headers, from = casey.email] of automatic) {
      const answer = await deliver(plainReply(to, `I am away (${label})`, headers), {
        from,
        to: [to],
      });
      expect(answer, label).toMatchObject({
        ok: true,
        response: expect.stringContaining('automatic'),
      });
    }
    // The platform's own mail, come back (a forwarding rule): known by its Message-ID.
    const [sent] = await t.database.db.select().from(outbox).where(eq(outbox.conversationId, id));
    const ours = catcher.mails.find((m) => m.raw.includes(`<${sent!.id}@${REPLY_DOMAIN}>`))!;
    const returned = ours.raw
      .replace(/^Auto-Submitted:.*\r\n/im, '')
      .replace(/^From:.*\r\n/im, `From: ${casey.email}\r\n`);
    expect(returned).toMatch(/^Message-ID: <[^>]+@replies\.test>/im);
    expect(await deliver(returned, { from: casey.email, to: [to] })).toMatchObject({
      ok: true,
      response: expect.stringContaining('automatic'),
    });
    expect(await messagesOf(id)).toHaveLength(1);
  });
});

describe('unsubscribe', () => {
  it('turns e-mail notifications off by the signed link (one-click), and back on', async () => {
    const quinn = await t.signUp({ accountType: 'candidate', name: 'Quinn Quiet' });
    const id = await start([quinn]);
    const [mail] = await mailsTo(quinn.email);
    const link = /<http:\/\/localhost:3000(\/api\/mail\/unsubscribe\/[^>]+)>/.exec(
      String(headerLine(mail!, 'list-unsubscribe')),
    )![1]!;
    // RFC 8058: the mail provider POSTs "List-Unsubscribe=One-Click", no session, no Origin.
    const off = await t.request(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({ email: quinn.email, emailNotifications: false });
    const profileRes = await (await t.request('/api/profile', { as: quinn })).json();
    expect(profileRes.details.notificationPreferences).toEqual({ email: false, browser: true });
    const sent = await t.request(`/api/conversations/${id}/messages`, {
      method: 'POST',
      as: rita,
      json: { content: 'Still there?', clientId: `c-${id}` },
    });
    expect(sent.status).toBe(201);
    expect(await mailsTo(quinn.email)).toHaveLength(1);

    const on = await t.request(link.replace('/unsubscribe/', '/resubscribe/'), { method: 'POST' });
    expect(await on.json()).toEqual({ email: quinn.email, emailNotifications: true });
    const [row] = await t.database.db.select().from(profile).where(eq(profile.userId, quinn.id));
    expect(row!.details.notificationPreferences.email).toBe(true);

    const forged = await t.request(`${link.slice(0, -3)}AAA`, { method: 'POST' });
    expect(forged.status).toBe(400);
    const other = await t.request(
      `/api/mail/unsubscribe/${t.mailTokens.unsubscribeToken('no-such-user')}`,
      { method: 'POST' },
    );
    expect(other.status).toBe(404);
  });
});

it('records the conversation and the recipient of each conversation mail', async () => {
  const id = await start();
  const rows = await t.database.db.select().from(outbox).where(eq(outbox.conversationId, id));
  expect(rows.map((r) => r.recipientId)).toEqual([casey.id]);
});
