import { eq } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, expect } from 'vitest';
import { message, recruiterAssignment } from '../../db/schema';
import type { BusMessage } from '../../realtime/event-bus';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness';
import { startSmtpCatcher } from '../../test/smtp-catcher';

// The inbound tests' app (with its SMTP catcher and inbound server), people and mail helpers:
// inbound.test.ts (replies landing, loops, unsubscribe) and inbound-refusals.test.ts
// (refused replies, bad input, STARTTLS, several servers) each start their own.

export const REPLY_DOMAIN = 'replies.test';

export let t: TestApp;
export let catcher: Awaited<ReturnType<typeof startSmtpCatcher>>;
export let rita: TestUser;
export let casey: TestUser;
export const events: BusMessage[] = [];

/** Registers the file's app and accounts (fresh per test file). */
export function withInboundApp() {
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
}

let counter = 0;
/** Rita starts a conversation with the given people; its id. */
export async function start(to: TestUser[] = [casey]) {
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
export async function mailsTo(address: string): Promise<ParsedMail[]> {
  while ((await t.mailer.deliverDue()) > 0) {}
  const caught = catcher.mails.filter((m) => m.to.includes(address));
  return Promise.all(caught.map((m) => simpleParser(m.raw)));
}

/** The Reply-To of the newest mail to `who` about the conversation. */
export async function replyAddress(who: TestUser, conversationId: string) {
  const mails = await mailsTo(who.email);
  const mail = mails.findLast((m) => m.text?.includes(`/messages/conversation/${conversationId}`));
  const address = mail?.replyTo?.value[0]?.address;
  if (!address) throw new Error(`no mail with a Reply-To to ${who.email} about ${conversationId}`);
  return address;
}

/** A header as it was written (mailparser folds List-* headers into a structure). */
export const headerLine = (mail: ParsedMail, key: string) =>
  mail.headerLines
    .find((h) => h.key === key)
    ?.line.slice(key.length + 1)
    .replace(/\r?\n[ \t]+/g, ' ')
    .trim();

export type Delivery =
  | { ok: true; response: string }
  | { ok: false; code: number; response: string };

/** Delivers a raw mail to the inbound port as an MTA would (nodemailer as the client). */
export async function deliver(
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
export function plainReply(
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

export const messagesOf = (conversationId: string) =>
  t.database.db
    .select()
    .from(message)
    .where(eq(message.conversationId, conversationId))
    .orderBy(message.seq);
