import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import { WebSocket } from 'ws';
import { type BenchChild, startBenchChild } from './lib/child';
import { ratio } from './lib/load';
import type { MailServerReady } from './lib/mail-server';
import { type Metric, metric, printTable } from './lib/report';
import type { RunningServer } from './lib/server';

export const stage = 'mail-replies';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
/** Messages of each kind into the one conversation. */
const count = env('BENCH_MAIL_MESSAGES', 300);
/** Sends in flight at once: HTTP requests, or SMTP connections of the sending MTA. */
const connections = env('BENCH_MAIL_CONNECTIONS', 10);
const WARM_UP = 20;
const EVENT_TIMEOUT_MS = 30_000;
/** Issue 19: inbound mails per second at least half the browser sends per second. */
const MIN_RATIO = 0.5;

type Child = BenchChild<MailServerReady>;

interface Pass {
  label: string;
  sent: number;
  failures: number;
  /** Until every send was answered and the recruiter's open tab heard of every message. */
  seconds: number;
  perSecond: number;
  eventsHeard: number;
}

/** The recruiter's open tab: counts conversation.changed events for the conversation. */
async function listen(child: Child) {
  const ws = new WebSocket(`${child.appUrl.replace(/^http/, 'ws')}/api/events`, {
    headers: { cookie: child.ready.recruiterCookie, origin: child.appUrl },
  });
  let heard = 0;
  const waiters: (() => void)[] = [];
  await new Promise<void>((resolve, reject) => {
    ws.once('error', reject);
    ws.on('message', (raw) => {
      const event = JSON.parse(raw.toString()) as { type: string; conversationId?: string };
      if (event.type === 'ready') resolve();
      if (
        event.type === 'conversation.changed' &&
        event.conversationId === child.ready.conversationId
      ) {
        heard++;
        for (const wake of waiters.splice(0)) wake();
      }
    });
  });
  return {
    get heard() {
      return heard;
    },
    /** Resolves once `n` events were heard since `from`, or after the timeout. */
    async until(from: number, n: number) {
      const deadline = Date.now() + EVENT_TIMEOUT_MS;
      while (heard - from < n && Date.now() < deadline) {
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => ws.terminate(),
  };
}

/** `n` jobs, `connections` at a time; how many failed. */
async function pool(n: number, job: (i: number) => Promise<boolean>) {
  let next = 0;
  let failures = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < n) {
        const i = next++;
        if (!(await job(i).catch(() => false))) failures++;
      }
    }),
  );
  return failures;
}

async function measure(
  label: string,
  tab: Awaited<ReturnType<typeof listen>>,
  n: number,
  job: (i: number) => Promise<boolean>,
): Promise<Pass> {
  const from = tab.heard;
  const t0 = performance.now();
  const failures = await pool(n, job);
  await tab.until(from, n - failures);
  const seconds = (performance.now() - t0) / 1000;
  return {
    label,
    sent: n,
    failures,
    seconds: Number(seconds.toFixed(2)),
    perSecond: Number((n / seconds).toFixed(1)),
    eventsHeard: tab.heard - from,
  };
}

/**
 * Replies by e-mail into one conversation against the same number of browser sends into
 * it, both counted until the recruiter's open tab has heard of every message (stored and
 * delivered live). The mails come over `connections` pooled SMTP connections as an MTA
 * would send them (nodemailer), each a plain-text reply quoting the notification; the
 * browser sends are POST /api/conversations/:id/messages, `connections` at a time.
 */
export async function run(
  _server: RunningServer,
): Promise<{ metrics: Metric[]; details: unknown }> {
  const child = await startBenchChild<MailServerReady>({
    script: 'bench/lib/mail-server.ts',
    name: 'mail',
    isReady: (line) => Boolean(line.replyTo && line.inboundPort),
  });
  const { ready, appUrl } = child;
  const tab = await listen(child);
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: ready.inboundPort,
    ignoreTLS: true,
    pool: true,
    maxConnections: connections,
    maxMessages: Number.POSITIVE_INFINITY,
  });
  const run = randomUUID().slice(0, 8);
  let sendNo = 0;
  const browserSend = async () => {
    const i = ++sendNo;
    const res = await fetch(`${appUrl}/api/conversations/${ready.conversationId}/messages`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: ready.candidateCookie,
        origin: appUrl,
      },
      body: JSON.stringify({ clientId: `bench-${run}-${i}`, content: `Typed reply ${i}` }),
    });
    await res.arrayBuffer();
    return res.status === 201;
  };
  let mailNo = 0;
  const mailSend = async () => {
    const n = ++mailNo;
    const info = await transport.sendMail({
      from: `Casey Bench <${ready.candidateEmail}>`,
      to: ready.replyTo,
      subject: 'Re: New message from Rita Bench: Bench',
      messageId: `<bench-${run}-${n}@mail.bench.test>`,
      text: `Mailed reply ${n}\n\nOn Wed, Nov 25, 2026 at 6:01 PM TalentForge <no-reply@bench.test> wrote:\n> Hello Casey Bench,\n>\n> Rita Bench wrote in "Bench":\n>\n> Hello from the bench\n`,
    });
    return info.accepted.length === 1;
  };
  let passes: Pass[];
  try {
    await measure('warm-up (browser)', tab, WARM_UP, browserSend);
    await measure('warm-up (mail)', tab, WARM_UP, mailSend);
    const browser = await measure('browser sends', tab, count, browserSend);
    const mail = await measure('inbound mails', tab, count, mailSend);
    passes = [browser, mail];
  } finally {
    transport.close();
    tab.close();
    await child.stop();
  }
  const [browser, mail] = passes as [Pass, Pass];
  console.log('');
  printTable([
    ['into one conversation', 'messages', 'failures', 'seconds', 'per second', 'heard live'],
    ...passes.map((p) => [
      p.label,
      String(p.sent),
      String(p.failures),
      String(p.seconds),
      String(p.perSecond),
      String(p.eventsHeard),
    ]),
  ]);
  const m = (name: string, value: number | null, unit: string, budget?: Metric['budget']) =>
    metric(stage, name, value, unit, budget);
  const metrics = [
    m('browser sends per second', browser.perSecond, 'msg/s'),
    m('inbound mails per second', mail.perSecond, 'msg/s'),
    m('inbound mails / browser sends', ratio(mail.perSecond, browser.perSecond), '', {
      limit: MIN_RATIO,
      kind: 'min',
    }),
    m('failures (both)', browser.failures + mail.failures, '', { limit: 0, kind: 'max' }),
    m('not heard live (both)', 2 * count - browser.eventsHeard - mail.eventsHeard, '', {
      limit: 0,
      kind: 'max',
    }),
  ];
  return { metrics, details: { count, connections, passes } };
}
