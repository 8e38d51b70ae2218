import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawQuery } from '../../db/client';
import { message, outbox, profile, recruiterAssignment, user } from '../../db/schema';
import type { BusMessage } from '../../realtime/event-bus';
import { createTestApp, secondServer, type TestApp, type TestUser } from '../../test/harness';
import { startSmtpCatcher } from '../../test/smtp-catcher';
import { INBOUND_TEXTS, InboundSmtp, MAX_INBOUND_RECIPIENTS } from './inbound-smtp';
import { fixture } from './test-mails';

const REPLY_DOMAIN = 'replies.test';

let t: TestApp;
let catcher: Awaited<ReturnType<typeof startSmtpCatcher>>;
let rita: TestUser;
let casey: TestUser;
const events: BusMessage[] = [];

beforeAll(async () => {
  catcher = await startSmtpCatcher();
  t = await createTestApp({
    INBOUND_SMTP_PORT: '0',
    REPLY_DOMAIN,
    SMTP_URL: catcher.url,
  });
  rita = await t.signUp({ accountType: 'recruiter', name: 'Rita Recruiter' });
  casey = await t.signUp({ accountType: 'candidate', name: 'Casey Candidate' });
  await t.database.db
    .insert(recruiterAssignment)
    .values({ candidateId: casey.id, recruiterId: rita.id });
  t.bus.subscribe((m) => events.push(m));
});
afterAll(async () => {
  await t?.close();
  await catcher?.close();
});

let counter = 0;
/** Rita starts a conversation with the given people; its id. */
async function start(to: TestUser[] = [casey]) {
  const res = await t.request('/api/conversations', {
    method: 'POST',
    as: rita,
    json: {
      recipientIds: to.map((u) => u.id),
      subject: `Interview ${++counter}`,
      message: 'Can we meet on Tuesday at 10?',
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** The mails delivered so far to an address, parsed (the outbox is delivered first). */
async function mailsTo(address: string): Promise<ParsedMail[]> {
  while ((await t.mailer.deliverDue()) > 0) {}
  const caught = catcher.mails.filter((m) => m.to.includes(address));
  return Promise.all(caught.map((m) => simpleParser(m.raw)));
}

/** The Reply-To of the newest mail to `who` about the conversation. */
async function replyAddress(who: TestUser, conversationId: string) {
  const mails = await mailsTo(who.email);
  const mail = mails.findLast((m) => m.text?.includes(`/messages/conversation/${conversationId}`));
  const address = mail?.replyTo?.value[0]?.address;
  if (!address) throw new Error(`no mail with a Reply-To to ${who.email} about ${conversationId}`);
  return address;
}

/** A header as it was written (mailparser folds List-* headers into a structure). */
const headerLine = (mail: ParsedMail, key: string) =>
  mail.headerLines
    .find((h) => h.key === key)
    ?.line.slice(key.length + 1)
    .replace(/\r?\n[ \t]+/g, ' ')
    .trim();

type Delivery = { ok: true; response: string } | { ok: false; code: number; response: string };

/** Delivers a raw mail to the inbound port as an MTA would (nodemailer as the client). */
async function deliver(
  raw: Buffer | string,
  envelope: { from: string; to: string[] },
  port = t.inbound!.port,
): Promise<Delivery> {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port,
    secure: false,
    ignoreTLS: true,
  });
  try {
    const info = await transport.sendMail({ envelope, raw });
    return { ok: true, response: String(info.response) };
  } catch (error) {
    const e = error as { responseCode?: number; response?: string; message: string };
    return { ok: false, code: e.responseCode ?? 0, response: e.response ?? e.message };
  } finally {
    transport.close();
  }
}

/** A plain reply as a simple mail program writes it. */
function plainReply(
  to: string,
  text: string,
  headers: Record<string, string> = {},
  from = casey.email,
) {
  const all: Record<string, string> = {
    From: `Casey Candidate <${from}>`,
    To: to,
    Subject: 'Re: Interview',
    'Message-ID': `<plain-${Date.now()}-${++counter}@mail.example.test>`,
    'MIME-Version': '1.0',
    'Content-Type': 'text/plain; charset=utf-8',
    ...headers,
  };
  return `${Object.entries(all)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n')}\r\n\r\n${text}\r\n`;
}

const messagesOf = (conversationId: string) =>
  t.database.db
    .select()
    .from(message)
    .where(eq(message.conversationId, conversationId))
    .orderBy(message.seq);

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

describe('refused replies', () => {
  const refused = (code: number, text: string) => ({
    ok: false,
    code,
    response: expect.stringContaining(text),
  });

  it('refuses forged, foreign and stale reply addresses at RCPT TO with 550 and why', async () => {
    const id = await start();
    const other = await start([casey]);
    const to = await replyAddress(casey, id);
    const token = to.slice('reply+'.length, to.indexOf('@'));
    const flipped = `${token.slice(0, 5)}${token[5] === 'a' ? 'b' : 'a'}${token.slice(6)}`;
    const cases: [string, string][] = [
      [`reply+${flipped}@${REPLY_DOMAIN}`, INBOUND_TEXTS.badToken],
      [`reply+nonsense@${REPLY_DOMAIN}`, INBOUND_TEXTS.badToken],
      [`someone@${REPLY_DOMAIN}`, INBOUND_TEXTS.notReplyAddress],
      [`reply+${token}@elsewhere.test`, INBOUND_TEXTS.notReplyAddress],
      // Signed here, but for someone who is not in that conversation.
      [
        `reply+${t.mailTokens.replyToken(other, rita.id + 'x')}@${REPLY_DOMAIN}`,
        INBOUND_TEXTS.noAccount,
      ],
      [
        `reply+${t.mailTokens.replyToken('conversation_0_gone', casey.id)}@${REPLY_DOMAIN}`,
        INBOUND_TEXTS.noConversation,
      ],
    ];
    for (const [address, reason] of cases) {
      expect(
        await deliver(plainReply(address, 'Hi'), { from: casey.email, to: [address] }),
        address,
      ).toEqual(refused(550, reason));
    }
    // A participant's address used in a conversation they are not in.
    const stranger = await t.signUp({ accountType: 'candidate', name: 'Stan Stranger' });
    const notIn = `reply+${t.mailTokens.replyToken(id, stranger.id)}@${REPLY_DOMAIN}`;
    expect(
      await deliver(plainReply(notIn, 'Hi', {}, stranger.email), {
        from: stranger.email,
        to: [notIn],
      }),
    ).toEqual(refused(550, INBOUND_TEXTS.notParticipant));
    expect(await messagesOf(id)).toHaveLength(1);
  });

  it('refuses the address of a deactivated or erased account', async () => {
    const dana = await t.signUp({ accountType: 'candidate', name: 'Dana Deactivated' });
    const erin = await t.signUp({ accountType: 'candidate', name: 'Erin Erased' });
    const id = await start([dana, erin]);
    const danaTo = await replyAddress(dana, id);
    const erinTo = await replyAddress(erin, id);
    await t.database.db.update(user).set({ banned: true }).where(eq(user.id, dana.id));
    await t.database.db.delete(user).where(eq(user.id, erin.id));
    expect(
      await deliver(plainReply(danaTo, 'Hi', {}, dana.email), { from: dana.email, to: [danaTo] }),
    ).toEqual(refused(550, INBOUND_TEXTS.deactivated));
    expect(
      await deliver(plainReply(erinTo, 'Hi', {}, erin.email), { from: erin.email, to: [erinTo] }),
    ).toEqual(refused(550, INBOUND_TEXTS.noAccount));
    expect(await messagesOf(id)).toHaveLength(1);
  });

  it('refuses a reply from another address than the participant’s', async () => {
    const id = await start();
    const to = await replyAddress(casey, id);
    const raw = plainReply(to, 'I am Casey, honestly', {}, 'mallory@evil.test');
    expect(await deliver(raw, { from: 'mallory@evil.test', to: [to] })).toEqual(
      refused(550, INBOUND_TEXTS.wrongSender),
    );
    expect(await messagesOf(id)).toHaveLength(1);
  });

  it('bounces a reply with no new text', async () => {
    const id = await start();
    const to = await replyAddress(casey, id);
    const raw = plainReply(to, 'On Wed, Rita wrote:\r\n> Can we meet on Tuesday at 10?');
    expect(await deliver(raw, { from: casey.email, to: [to] })).toEqual(
      refused(550, INBOUND_TEXTS.empty),
    );
    expect(await messagesOf(id)).toHaveLength(1);
  });

  it('refuses a mail over 1 MB with 552, and HTTP keeps serving', async () => {
    const id = await start();
    const to = await replyAddress(casey, id);
    const raw = plainReply(to, `${'x'.repeat(76)}\r\n`.repeat(14_000));
    const answer = await deliver(raw, { from: casey.email, to: [to] });
    expect(answer).toMatchObject({ ok: false, code: 552 });
    expect((await t.request('/api/health')).status).toBe(200);
    expect(await messagesOf(id)).toHaveLength(1);
  });

  it('answers 451 (try later) past the send limit, never drops the mail silently', async () => {
    const id = await start();
    const to = await replyAddress(casey, id);
    await rawQuery(t.database.db)(
      `insert into usage_limit (key, window_start, count) values ($1, now(), 1000000)
       on conflict (key) do update set window_start = now(), count = 1000000`,
      [`message:${casey.id}`],
    );
    const raw = plainReply(to, 'One more thing');
    const answer = await deliver(raw, { from: casey.email, to: [to] });
    await rawQuery(t.database.db)('delete from usage_limit where key = $1', [
      `message:${casey.id}`,
    ]);
    expect(answer).toMatchObject({ ok: false, code: 451 });
    expect(await messagesOf(id)).toHaveLength(1);
    // The MTA's later try lands.
    expect(await deliver(raw, { from: casey.email, to: [to] })).toMatchObject({ ok: true });
    expect(await messagesOf(id)).toHaveLength(2);
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

describe('bad input', () => {
  it('stores 8-bit headers, unknown charsets, NULs and odd MIME sanely or refuses them whole', async () => {
    const id = await start();
    const to = await replyAddress(casey, id);
    const eightBit = Buffer.from(
      `From: Cäsey Ünicode <${casey.email}>\r\nTo: ${to}\r\nSubject: Ré: Intérview\r\nMessage-ID: <8bit-${id}@x.test>\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\nGrüße aus Köln\r\n`,
      'utf8',
    );
    expect(await deliver(eightBit, { from: casey.email, to: [to] })).toMatchObject({ ok: true });
    expect((await messagesOf(id)).at(-1)!.content).toBe('Grüße aus Köln');

    const unknown = plainReply(to, 'Plain words in a strange charset', {
      'Content-Type': 'text/plain; charset="x-no-such-charset"',
    });
    expect(await deliver(unknown, { from: casey.email, to: [to] })).toMatchObject({ ok: true });
    expect((await messagesOf(id)).at(-1)!.content).toBe('Plain words in a strange charset');

    const nul = plainReply(to, 'Before\u0000after');
    expect(await deliver(nul, { from: casey.email, to: [to] })).toMatchObject({ ok: true });
    expect((await messagesOf(id)).at(-1)!.content).toBe('Beforeafter');

    const malformed = plainReply(to, '--nope\r\nContent-Type: text/plain\r\n\r\nbroken part', {
      'Content-Type': 'multipart/mixed; boundary=',
      'Content-Transfer-Encoding': 'base64',
    });
    const answer = await deliver(malformed, { from: casey.email, to: [to] });
    const count = (await messagesOf(id)).length;
    // Either refused whole (550/554) or stored as one message: never half of it, never a crash.
    if (answer.ok) expect(count).toBe(5);
    else {
      expect([550, 554]).toContain(answer.code);
      expect(count).toBe(4);
    }
    expect((await t.request('/api/health')).status).toBe(200);
  });

  it('refuses recipients past the limit with 452 and stores the mail once', async () => {
    const id = await start();
    const to = await replyAddress(casey, id);
    const many = [to, ...Array.from({ length: 10_000 }, (_, i) => `reply+x${i}@${REPLY_DOMAIN}`)];
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: t.inbound!.port,
      ignoreTLS: true,
    });
    const info = await transport.sendMail({
      envelope: { from: casey.email, to: many },
      raw: plainReply(to, 'To everyone at once'),
    });
    transport.close();
    expect(info.accepted).toEqual([to]);
    expect(info.rejected).toHaveLength(10_000);
    const codes = new Set(
      (info.rejectedErrors as { responseCode: number }[]).map((e) => e.responseCode),
    );
    expect([...codes].every((c) => c === 550 || c === 452)).toBe(true);
    expect((await messagesOf(id)).at(-1)!.content).toBe('To everyone at once');
    expect(await messagesOf(id)).toHaveLength(2);
    expect(MAX_INBOUND_RECIPIENTS).toBeLessThan(100);
  }, 60_000);

  it('drops a 50 MB DATA stream with 552 and keeps serving HTTP meanwhile', async () => {
    const id = await start();
    const to = await replyAddress(casey, id);
    const line = `${'y'.repeat(998)}\r\n`;
    const fifty = `${plainReply(to, '')}${line.repeat(Math.ceil((50 * 1024 * 1024) / line.length))}`;
    const sending = deliver(fifty, { from: casey.email, to: [to] });
    expect((await t.request('/api/health')).status).toBe(200);
    expect(await sending).toMatchObject({ ok: false, code: 552 });
    expect(await messagesOf(id)).toHaveLength(1);
  }, 60_000);

  it('stores nothing of a connection cut mid-DATA', async () => {
    const id = await start();
    const to = await replyAddress(casey, id);
    const socket = net.connect(t.inbound!.port, '127.0.0.1');
    const said: string[] = [];
    socket.on('data', (d) => said.push(d.toString()));
    const waitFor = async (code: string) => {
      for (let i = 0; i < 100 && !said.join('').includes(code); i++) {
        await new Promise((r) => setTimeout(r, 20));
      }
      said.length = 0;
    };
    await waitFor('220');
    for (const [command, code] of [
      ['EHLO client.test', '250 '],
      [`MAIL FROM:<${casey.email}>`, '250'],
      [`RCPT TO:<${to}>`, '250'],
      ['DATA', '354'],
    ]) {
      socket.write(`${command}\r\n`);
      await waitFor(code!);
    }
    socket.write(plainReply(to, 'Half a message that never'));
    await new Promise((r) => setTimeout(r, 100));
    socket.destroy();
    await new Promise((r) => setTimeout(r, 200));
    expect(await messagesOf(id)).toHaveLength(1);
    // The server goes on taking mail.
    expect(
      await deliver(plainReply(to, 'Whole this time'), { from: casey.email, to: [to] }),
    ).toMatchObject({ ok: true });
    expect((await messagesOf(id)).at(-1)!.content).toBe('Whole this time');
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

    const forged = await t.request(link.slice(0, -3) + 'AAA', { method: 'POST' });
    expect(forged.status).toBe(400);
    const other = await t.request(
      `/api/mail/unsubscribe/${t.mailTokens.unsubscribeToken('no-such-user')}`,
      { method: 'POST' },
    );
    expect(other.status).toBe(404);
  });
});

describe('STARTTLS', () => {
  it('is offered with a certificate and key, and a reply over it lands', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'inbound-tls-'));
    const [certFile, keyFile] = [path.join(dir, 'cert.pem'), path.join(dir, 'key.pem')];
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        `/CN=${REPLY_DOMAIN}`,
        '-keyout',
        keyFile,
        '-out',
        certFile,
      ],
      { stdio: 'ignore' },
    );
    const tls = new InboundSmtp({
      deps: { db: t.database.db, bus: t.bus, mailer: t.mailer, appUrl: t.env.APP_URL },
      tokens: t.mailTokens,
      logger: (await import('../../lib/logger')).createLogger('silent'),
      host: '127.0.0.1',
      port: 0,
      replyDomain: REPLY_DOMAIN,
      tls: { certFile, keyFile },
    });
    await tls.start();
    try {
      const id = await start();
      const to = await replyAddress(casey, id);
      const transport = nodemailer.createTransport({
        host: '127.0.0.1',
        port: tls.port,
        requireTLS: true,
        tls: { rejectUnauthorized: false },
      });
      await transport.sendMail({
        envelope: { from: casey.email, to: [to] },
        raw: plainReply(to, 'Over TLS'),
      });
      transport.close();
      expect((await messagesOf(id)).at(-1)).toMatchObject({ content: 'Over TLS', fromEmail: true });
    } finally {
      await tls.close();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('several servers on PostgreSQL', () => {
  it('lets any server take a reply, and every server’s tabs hear of it', async () => {
    const second = await secondServer(t);
    try {
      const id = await start();
      const to = await replyAddress(casey, id);
      const before = events.length;
      const raw = plainReply(to, 'Sent through the other server');
      expect(
        await deliver(raw, { from: casey.email, to: [to] }, second.inbound!.port),
      ).toMatchObject({ ok: true });
      // The same mail to this server as well (two MX hosts): stored once.
      expect(await deliver(raw, { from: casey.email, to: [to] })).toMatchObject({ ok: true });
      expect((await messagesOf(id)).map((m) => m.content)).toEqual([
        'Can we meet on Tuesday at 10?',
        'Sent through the other server',
      ]);
      for (
        let i = 0;
        i < 50 && !events.slice(before).some((e) => e.event.type === 'conversation.changed');
        i++
      ) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(events.slice(before).some((e) => e.event.type === 'conversation.changed')).toBe(true);
    } finally {
      await second.close();
    }
  });
});

// Outbox rows name their conversation and recipient (the Reply-To is signed from them).
it('records the conversation and the recipient of each conversation mail', async () => {
  const id = await start();
  const rows = await t.database.db.select().from(outbox).where(eq(outbox.conversationId, id));
  expect(rows.map((r) => r.recipientId)).toEqual([casey.id]);
});
