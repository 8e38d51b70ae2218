import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { rawQuery } from '../../db/client';
import { user } from '../../db/schema';
import { secondServer } from '../../test/harness';
import {
  casey,
  deliver,
  events,
  messagesOf,
  plainReply,
  REPLY_DOMAIN,
  replyAddress,
  rita,
  start,
  t,
  withInboundApp,
} from './inbound-fixture';
import { INBOUND_TEXTS, InboundSmtp, MAX_INBOUND_RECIPIENTS } from './inbound-smtp';

// Replies refused (addresses, senders, sizes, limits), bad input, STARTTLS, and several
// servers on PostgreSQL.

withInboundApp();

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
        `reply+${t.mailTokens.replyToken(other, `${rita.id}x`)}@${REPLY_DOMAIN}`,
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
