import { randomUUID } from 'node:crypto';
import type { Options } from 'autocannon';
import { WebSocket } from 'ws';
import { type BenchChild, startBenchChild } from './lib/child';
import { failed, type LoadResult, load, ratio, warmUp } from './lib/load';
import type { FanoutConversation, MessagingServerReady } from './lib/messaging-server';
import { type Metric, metric, printTable } from './lib/report';
import type { RunningServer } from './lib/server';

export const stage = 'messaging';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const connections = env('BENCH_MESSAGING_CONNECTIONS', 50);
const duration = env('BENCH_MESSAGING_SECONDS', 10);
/** Open sockets in the fan-out, TABS per listening user. */
const sockets = env('BENCH_MESSAGING_SOCKETS', 500);
const TABS = 5;
const listeners = Math.max(1, Math.ceil(sockets / TABS));
const FANOUT_SENDERS = 10;
const fanoutRate = env('BENCH_MESSAGING_FANOUT_RATE', 20);
const fanoutSeconds = env('BENCH_MESSAGING_FANOUT_SECONDS', 10);
/** How long a tab may take to hear of a message before it counts as missed. */
const EVENT_TIMEOUT_MS = 5_000;
const SEQUENTIAL_READS = 300;
const READ_CONNECTIONS = 10;
const READ_SECONDS = 5;

/** DESIGN budgets. */
const SEND_P99_BUDGET_MS = 50;
const MIN_THROUGHPUT_RATIO = 0.5;
const EVENT_P95_BUDGET_MS = 100;
/** "As fast as": a long conversation (big inbox) at most this much slower than a short one. */
const MAX_SIZE_RATIO = 1.5;

type Child = BenchChild<MessagingServerReady>;

// --- small helpers ---------------------------------------------------------------------

export interface Spread {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentiles, in ms to 0.1. */
function spread(values: number[]): Spread {
  const sorted = values.toSorted((a, b) => a - b);
  const at = (q: number) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! : 0;
  const round = (v: number) => Number(v.toFixed(1));
  return {
    count: sorted.length,
    p50: round(at(0.5)),
    p95: round(at(0.95)),
    p99: round(at(0.99)),
    max: round(sorted.at(-1) ?? 0),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Unique per request across the whole run (the sender's clientIds must not repeat). */
const runTag = randomUUID().slice(0, 8);
let clientIds = 0;
const nextClientId = () => `bench-${runTag}-${(++clientIds).toString(36)}`;
const messageBody = (clientId = nextClientId()) =>
  JSON.stringify({ clientId, content: `Thanks, I will review it this afternoon. (${clientId})` });

const messagesPath = (root: '/api' | '/bare', conversationId: string) =>
  `${root}/conversations/${encodeURIComponent(conversationId)}/messages`;

// --- 1. sending under load -------------------------------------------------------------

export interface SendDetails {
  conversations: number;
  real: LoadResult;
  bare: LoadResult;
}

/**
 * POST /api/conversations/:id/messages at `connections` connections, each its own
 * conversation as its own sender (a connection keeps one request in flight, as one
 * person typing would), beside the bare insert of the same row on the same database.
 */
async function sendLoad({ appUrl, bareUrl, ready }: Child): Promise<SendDetails> {
  const json = { 'content-type': 'application/json' };
  const realHeaders = (i: number) => ({ ...json, cookie: ready.send[i]!.cookie, origin: appUrl });
  const options = (
    baseUrl: string,
    root: '/api' | '/bare',
    headers: (i: number) => Record<string, string>,
  ): Options & { connections: number; duration: number } => {
    let assigned = 0;
    const path = (i: number) => messagesPath(root, ready.send[i]!.conversationId);
    return {
      url: `${baseUrl}${path(0)}`,
      method: 'POST',
      headers: headers(0),
      body: messageBody(),
      connections,
      duration,
      // One conversation per connection; each request a fresh clientId.
      setupClient: (client) => {
        const i = assigned++ % ready.send.length;
        client.setRequests([
          {
            method: 'POST',
            path: path(i),
            headers: headers(i),
            setupRequest: (request) => ({ ...request, body: messageBody() }),
          },
        ]);
      },
    };
  };
  if (ready.send.length < connections) {
    console.warn(`only ${ready.send.length} conversations for ${connections} connections`);
  }
  await warmUp(`${appUrl}${messagesPath('/api', ready.send[0]!.conversationId)}`, () => ({
    method: 'POST',
    headers: realHeaders(0),
    body: messageBody(),
  }));
  await warmUp(`${bareUrl}${messagesPath('/bare', ready.send[0]!.conversationId)}`, () => ({
    method: 'POST',
    headers: json,
    body: messageBody(),
  }));
  return {
    conversations: ready.send.length,
    real: await load(
      'POST /api/conversations/:id/messages (real)',
      options(appUrl, '/api', realHeaders),
    ),
    bare: await load(
      'POST /bare/conversations/:id/messages (bare)',
      options(bareUrl, '/bare', () => json),
    ),
  };
}

// --- 2. live fan-out -------------------------------------------------------------------

export interface FanoutDetails {
  socketsOpen: number;
  listeners: number;
  tabsPerListener: number;
  senders: number;
  ratePerSecond: number;
  seconds: number;
  messagesSent: number;
  /** Sends not made because every conversation had one in flight. */
  skipped: number;
  sendFailures: number;
  /** Upgrade (session lookup) until the hub's {"type":"ready"}. */
  socketOpenMs: Spread;
  /** POST issued until each listening tab received conversation.changed (one sample per tab). */
  eventMs: Spread;
  /** Tabs that did not hear of a message within EVENT_TIMEOUT_MS. */
  eventsMissed: number;
  /** Events no message in flight explains. */
  strayEvents: number;
  /** POST issued until its answer. */
  postMs: Spread;
  /** POST issued until the first tab's refetch (GET ?after=seq) returned the message. */
  eventAndRefetchMs: Spread;
  refetchFailures: number;
}

/** What the hub sends: {"type":"ready"} first, then events carrying ids. */
interface RealtimeMessage {
  type: string;
  conversationId?: string;
}

interface InFlight {
  t0: number;
  clientId: string;
  tabMs: (number | undefined)[];
  heard: number;
  refetch?: Promise<void>;
  refetchMs?: number;
  allHeard: () => void;
}

/**
 * Measures, on the real app, how long a sent message takes to reach the recipient's
 * open tabs. `listeners` candidates each have TABS sockets open on /api/events (500 by
 * default: people with several tabs); FANOUT_SENDERS recruiters, each in a conversation
 * with their share of the listeners, send `fanoutRate` messages a second for
 * `fanoutSeconds`, round-robin over the conversations, at most one in flight per
 * conversation (so an event is matched to its message by conversation id alone).
 *
 * For each message and each of the recipient's tabs: the time from just before the POST
 * is issued (this process) to the moment that tab's socket receives
 * {"type":"conversation.changed","conversationId"} (this process). It includes the whole
 * send (session, checks, transaction, notification rows; the hub is told before the
 * response is written), the hub's delivery and both event loops; the senders hold no
 * sockets. Second figure: what a tab then does, GET ?after=<previous seq>, from the
 * same start until that answer holds the message (one refetch per message: the tab that
 * has the conversation open). The load generator shares the machine's cores with the
 * server, so its own scheduling delays are in the figures too.
 */
async function fanout({ appUrl, ready }: Child): Promise<FanoutDetails> {
  const wsUrl = `${appUrl.replace(/^http/, 'ws')}/api/events`;
  const conversations: FanoutConversation[] = ready.fanout;
  const inFlight = new Map<string, InFlight>();
  const byConversation = new Map(conversations.map((c, i) => [c.conversationId, i]));
  let strayEvents = 0;
  let refetchFailures = 0;

  const refetch = async (conversation: FanoutConversation, state: InFlight) => {
    const url = `${appUrl}${messagesPath('/api', conversation.conversationId)}?after=${conversation.lastSeq}`;
    try {
      const response = await fetch(url, { headers: { cookie: conversation.listenerCookie } });
      const page = (await response.json()) as { items?: { clientId: string | null }[] };
      if (!response.ok || !page.items?.some((m) => m.clientId === state.clientId)) {
        refetchFailures++;
        return;
      }
      state.refetchMs = performance.now() - state.t0;
    } catch {
      refetchFailures++;
    }
  };

  const onEvent = (index: number, tab: number, event: RealtimeMessage, now: number) => {
    if (event.type !== 'conversation.changed') return;
    const state = event.conversationId ? inFlight.get(event.conversationId) : undefined;
    if (
      !state ||
      byConversation.get(event.conversationId!) !== index ||
      state.tabMs[tab] !== undefined
    ) {
      strayEvents++;
      return;
    }
    state.tabMs[tab] = now - state.t0;
    state.heard++;
    if (state.heard === 1) state.refetch = refetch(conversations[index]!, state);
    if (state.heard === TABS) state.allHeard();
  };

  // Open the sockets, a few at a time (each upgrade is a session lookup).
  const openMs: number[] = [];
  const open: WebSocket[] = [];
  const tabs = conversations.flatMap((_, index) =>
    Array.from({ length: TABS }, (_, tab) => ({ index, tab })),
  );
  console.log(
    `\nlive fan-out: opening ${tabs.length} sockets (${conversations.length} listeners x ${TABS} tabs) ...`,
  );
  const openOne = ({ index, tab }: { index: number; tab: number }) =>
    new Promise<void>((resolve, reject) => {
      const t0 = performance.now();
      const ws = new WebSocket(wsUrl, {
        headers: { cookie: conversations[index]!.listenerCookie, origin: appUrl },
      });
      open.push(ws);
      const timer = setTimeout(() => reject(new Error('no "ready" within 10 s')), 10_000);
      ws.once('unexpected-response', (_request, response) =>
        reject(new Error(`/api/events upgrade answered ${response.statusCode}`)),
      );
      ws.once('error', reject);
      ws.on('message', (raw) => {
        const now = performance.now();
        const event = JSON.parse(raw.toString()) as RealtimeMessage;
        if (event.type === 'ready') {
          clearTimeout(timer);
          openMs.push(now - t0);
          resolve();
          return;
        }
        onEvent(index, tab, event, now);
      });
    });
  try {
    for (let i = 0; i < tabs.length; i += 25) {
      await Promise.all(tabs.slice(i, i + 25).map(openOne));
    }
    const socketOpenMs = spread(openMs);
    console.log(
      `  ${open.length} open; upgrade to ready p50 ${socketOpenMs.p50} ms, p95 ${socketOpenMs.p95} ms`,
    );

    const eventMs: number[] = [];
    const postMs: number[] = [];
    const refetchMs: number[] = [];
    let eventsMissed = 0;
    let sendFailures = 0;
    const sendOne = async (index: number) => {
      const conversation = conversations[index]!;
      const clientId = nextClientId();
      let allHeard = () => {};
      const heard = new Promise<void>((resolve) => {
        allHeard = resolve;
      });
      const state: InFlight = {
        t0: performance.now(),
        clientId,
        tabMs: new Array(TABS).fill(undefined),
        heard: 0,
        allHeard,
      };
      inFlight.set(conversation.conversationId, state);
      try {
        const response = await fetch(
          `${appUrl}${messagesPath('/api', conversation.conversationId)}`,
          {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              cookie: conversation.senderCookie,
              origin: appUrl,
            },
            body: messageBody(clientId),
          },
        );
        const sent = (await response.json()) as { seq?: number };
        if (response.status !== 201 || typeof sent.seq !== 'number') {
          sendFailures++;
          return;
        }
        postMs.push(performance.now() - state.t0);
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          heard,
          new Promise((resolve) => {
            timer = setTimeout(resolve, EVENT_TIMEOUT_MS);
          }),
        ]);
        clearTimeout(timer);
        await state.refetch;
        for (const ms of state.tabMs) {
          if (ms === undefined) eventsMissed++;
          else eventMs.push(ms);
        }
        if (state.refetchMs !== undefined) refetchMs.push(state.refetchMs);
        conversation.lastSeq = sent.seq;
      } catch {
        sendFailures++;
      } finally {
        inFlight.delete(conversation.conversationId);
      }
    };

    const total = Math.round(fanoutRate * fanoutSeconds);
    console.log(
      `  sending ${total} messages at ${fanoutRate}/s from ${FANOUT_SENDERS} senders ...`,
    );
    const busy = new Set<number>();
    const running: Promise<void>[] = [];
    let next = 0;
    let skipped = 0;
    const begin = performance.now();
    for (let i = 0; i < total; i++) {
      const wait = begin + (i * 1000) / fanoutRate - performance.now();
      if (wait > 0) await sleep(wait);
      let index = -1;
      for (let k = 0; k < conversations.length; k++) {
        const candidate = (next + k) % conversations.length;
        if (!busy.has(candidate)) {
          index = candidate;
          break;
        }
      }
      if (index < 0) {
        skipped++;
        continue;
      }
      next = index + 1;
      busy.add(index);
      running.push(sendOne(index).finally(() => busy.delete(index)));
    }
    await Promise.all(running);
    // Late events (after a message's timeout) still count as stray.
    await sleep(200);

    const details: FanoutDetails = {
      socketsOpen: open.length,
      listeners: conversations.length,
      tabsPerListener: TABS,
      senders: FANOUT_SENDERS,
      ratePerSecond: fanoutRate,
      seconds: fanoutSeconds,
      messagesSent: running.length,
      skipped,
      sendFailures,
      socketOpenMs,
      eventMs: spread(eventMs),
      eventsMissed,
      strayEvents,
      postMs: spread(postMs),
      eventAndRefetchMs: spread(refetchMs),
      refetchFailures,
    };
    const { eventMs: e, eventAndRefetchMs: r, postMs: p } = details;
    console.log(
      `  ${details.messagesSent} messages, ${e.count} tab deliveries: event p50 ${e.p50} ms, ` +
        `p95 ${e.p95} ms, p99 ${e.p99} ms, max ${e.max} ms; missed ${eventsMissed}, stray ${strayEvents}`,
    );
    console.log(
      `  POST answered p50 ${p.p50} ms, p95 ${p.p95} ms; event + refetch p50 ${r.p50} ms, ` +
        `p95 ${r.p95} ms, p99 ${r.p99} ms (${refetchFailures} refetch failures, ${sendFailures} send failures)`,
    );
    return details;
  } finally {
    for (const ws of open) ws.terminate();
  }
}

// --- 3. opening a long conversation, a big inbox ---------------------------------------

export interface SizePair {
  label: string;
  bigSize: number;
  smallSize: number;
  sequential: { big: Spread; small: Spread };
  loaded: { big: LoadResult; small: LoadResult };
}

/** GET `url` once, checked; its answer's JSON. */
async function getJson(url: string, cookie: string) {
  const response = await fetch(url, { headers: { cookie } });
  const body = await response.text();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${body.slice(0, 300)}`);
  return JSON.parse(body) as Record<string, unknown>;
}

/**
 * The same route for a big and a small case: SEQUENTIAL_READS requests each, one at a
 * time and alternating (so drift hits both alike), then autocannon on each.
 */
async function compareSizes(
  label: string,
  sizes: { big: number; small: number },
  big: { url: string; cookie: string },
  small: { url: string; cookie: string },
): Promise<SizePair> {
  await warmUp(big.url, () => ({ headers: { cookie: big.cookie } }));
  await warmUp(small.url, () => ({ headers: { cookie: small.cookie } }));
  const times = { big: [] as number[], small: [] as number[] };
  const once = async (target: { url: string; cookie: string }, into: number[]) => {
    const t0 = performance.now();
    const response = await fetch(target.url, { headers: { cookie: target.cookie } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${target.url} answered ${response.status}`);
    into.push(performance.now() - t0);
  };
  console.log(`\n${label}: ${SEQUENTIAL_READS} sequential requests each ...`);
  for (let i = 0; i < SEQUENTIAL_READS; i++) {
    await once(big, times.big);
    await once(small, times.small);
  }
  const sequential = { big: spread(times.big), small: spread(times.small) };
  console.log(
    `  ${sizes.big}: p50 ${sequential.big.p50} ms, p95 ${sequential.big.p95} ms; ` +
      `${sizes.small}: p50 ${sequential.small.p50} ms, p95 ${sequential.small.p95} ms`,
  );
  const under = (target: { url: string; cookie: string }, size: number) =>
    load(`${label} (${size})`, {
      url: target.url,
      headers: { cookie: target.cookie },
      connections: READ_CONNECTIONS,
      duration: READ_SECONDS,
    });
  return {
    label,
    bigSize: sizes.big,
    smallSize: sizes.small,
    sequential,
    loaded: { big: await under(big, sizes.big), small: await under(small, sizes.small) },
  };
}

async function reading({ appUrl, ready }: Child) {
  const { read, inbox } = ready;
  const messagesUrl = (id: string) => `${appUrl}${messagesPath('/api', id)}`;
  // Both answer what the screen shows: the newest page, and the first inbox page.
  const bigPage = await getJson(messagesUrl(read.bigId), read.cookie);
  const smallPage = await getJson(messagesUrl(read.smallId), read.cookie);
  if ((bigPage.items as unknown[]).length !== 50 || bigPage.hasMore !== true) {
    throw new Error('the long conversation did not answer a full page with more to come');
  }
  if ((smallPage.items as unknown[]).length !== read.smallMessages || smallPage.hasMore) {
    throw new Error(`the short conversation did not answer its ${read.smallMessages} messages`);
  }
  const inboxUrl = `${appUrl}/api/conversations`;
  const bigInbox = await getJson(inboxUrl, inbox.bigCookie);
  const smallInbox = await getJson(inboxUrl, inbox.smallCookie);
  if (!bigInbox.nextCursor || (smallInbox.items as unknown[]).length !== inbox.smallConversations) {
    throw new Error('the inboxes do not hold what was seeded');
  }
  const conversation = await compareSizes(
    'GET /api/conversations/:id/messages (newest page)',
    { big: read.bigMessages, small: read.smallMessages },
    { url: messagesUrl(read.bigId), cookie: read.cookie },
    { url: messagesUrl(read.smallId), cookie: read.cookie },
  );
  const inboxPair = await compareSizes(
    'GET /api/conversations (inbox, first page)',
    { big: inbox.bigConversations, small: inbox.smallConversations },
    { url: inboxUrl, cookie: inbox.bigCookie },
    { url: inboxUrl, cookie: inbox.smallCookie },
  );
  return { conversation, inbox: inboxPair };
}

// --- the stage -------------------------------------------------------------------------

export interface MessagingDetails {
  connections: number;
  durationSeconds: number;
  seedSeconds: number;
  send: SendDetails;
  fanout: FanoutDetails;
  openConversation: SizePair;
  inbox: SizePair;
  serialMs: MessagingServerReady['serialMs'];
  statements: MessagingServerReady['statements'];
  plans: MessagingServerReady['plans'];
}

/**
 * Messaging on the embedded database, in a server of its own (real app + bare route on
 * one PGlite): sending under load against the bare insert, live delivery to 500 open
 * sockets, and opening a long conversation / a big inbox against a short / small one.
 */
export async function run(
  _server: RunningServer,
): Promise<{ metrics: Metric[]; details: MessagingDetails }> {
  const child = await startBenchChild<MessagingServerReady>({
    script: 'bench/lib/messaging-server.ts',
    name: 'messaging',
    isReady: (line) => Boolean(line.send && line.fanout && line.read),
    env: {
      SEND_CONVERSATIONS: String(connections),
      FANOUT_LISTENERS: String(listeners),
      FANOUT_SENDERS: String(FANOUT_SENDERS),
    },
    timeoutMs: 300_000,
  });
  let details: MessagingDetails;
  try {
    const { ready } = child;
    console.log(
      `messaging server: app ${child.appUrl}, bare ${child.bareUrl}; seeded in ${ready.seedSeconds} s`,
    );
    printTable([
      ['one call at a time, in the server', 'mean ms', 'SQL statements'],
      ...Object.entries(ready.serialMs).map(([part, ms]) => [
        part,
        ms.toFixed(2),
        String(ready.statements[part as keyof typeof ready.statements]),
      ]),
    ]);
    console.log('');
    printTable([
      ['read statement (EXPLAIN ANALYZE)', 'rows scanned', 'sorts', 'plan'],
      ...Object.entries(ready.plans).map(([part, plan]) => [
        part,
        String(plan.rowsScanned),
        plan.sorts ? 'yes' : 'no',
        plan.nodes,
      ]),
    ]);
    const send = await sendLoad(child);
    const fan = await fanout(child);
    const reads = await reading(child);
    details = {
      connections,
      durationSeconds: duration,
      seedSeconds: ready.seedSeconds,
      send,
      fanout: fan,
      openConversation: reads.conversation,
      inbox: reads.inbox,
      serialMs: ready.serialMs,
      statements: ready.statements,
      plans: ready.plans,
    };
  } finally {
    await child.stop();
  }

  const { send, fanout: fan, openConversation, inbox } = details;
  console.log('');
  printTable([
    ['route', 'p50 ms', 'p99 ms', 'req/s', 'non-2xx+err', 'B/resp'],
    ...[
      send.real,
      send.bare,
      openConversation.loaded.big,
      openConversation.loaded.small,
      inbox.loaded.big,
      inbox.loaded.small,
    ].map((r) => [
      r.label,
      String(r.latencyMs.p50),
      String(r.latencyMs.p99),
      r.requestsPerSecond.toFixed(1),
      String(failed(r)),
      String(r.bytesPerResponse),
    ]),
  ]);
  console.log('');
  printTable([
    ['live fan-out (ms from POST issued)', 'count', 'p50', 'p95', 'p99', 'max'],
    ...(
      [
        ['socket upgrade to ready', fan.socketOpenMs],
        ['POST answered', fan.postMs],
        ['event in each tab', fan.eventMs],
        ['event + refetch (?after=seq)', fan.eventAndRefetchMs],
      ] as const
    ).map(([label, s]) => [
      label,
      String(s.count),
      String(s.p50),
      String(s.p95),
      String(s.p99),
      String(s.max),
    ]),
  ]);

  const m = (name: string, value: number | null, unit: string, budget?: Metric['budget']) =>
    metric(stage, name, value, unit, budget);
  const sizeMetrics = (name: string, pair: SizePair) => [
    m(`${name} p50 (${pair.bigSize})`, pair.sequential.big.p50, 'ms'),
    m(`${name} p50 (${pair.smallSize})`, pair.sequential.small.p50, 'ms'),
    m(
      `${name} p50 ratio ${pair.bigSize}/${pair.smallSize}`,
      ratio(pair.sequential.big.p50, pair.sequential.small.p50),
      '',
      { limit: MAX_SIZE_RATIO, kind: 'max' },
    ),
    m(
      `${name} p95 ratio ${pair.bigSize}/${pair.smallSize}`,
      ratio(pair.sequential.big.p95, pair.sequential.small.p95),
      '',
    ),
    m(`${name} throughput (${pair.bigSize})`, pair.loaded.big.requestsPerSecond, 'req/s'),
    m(`${name} throughput (${pair.smallSize})`, pair.loaded.small.requestsPerSecond, 'req/s'),
    m(
      `${name} under load mean latency ${pair.bigSize}/${pair.smallSize}`,
      ratio(pair.loaded.big.latencyMs.average, pair.loaded.small.latencyMs.average),
      '',
      { limit: MAX_SIZE_RATIO, kind: 'max' },
    ),
  ];
  const metrics = [
    m('send p50 (real)', send.real.latencyMs.p50, 'ms'),
    m('send p99 (real)', send.real.latencyMs.p99, 'ms', { limit: SEND_P99_BUDGET_MS, kind: 'max' }),
    m('send throughput (real)', send.real.requestsPerSecond, 'req/s'),
    m('send p50 (bare)', send.bare.latencyMs.p50, 'ms'),
    m('send p99 (bare)', send.bare.latencyMs.p99, 'ms'),
    m('send throughput (bare)', send.bare.requestsPerSecond, 'req/s'),
    m(
      'send throughput real/bare',
      ratio(send.real.requestsPerSecond, send.bare.requestsPerSecond),
      '',
      { limit: MIN_THROUGHPUT_RATIO, kind: 'min' },
    ),
    m('send non-2xx + errors (real)', failed(send.real), '', { limit: 0, kind: 'max' }),
    m('send non-2xx + errors (bare)', failed(send.bare), '', { limit: 0, kind: 'max' }),
    m('fan-out sockets open', fan.socketsOpen, ''),
    m('fan-out tab deliveries', fan.eventMs.count, ''),
    m('fan-out event p50', fan.eventMs.p50, 'ms'),
    m('fan-out event p95', fan.eventMs.p95, 'ms', { limit: EVENT_P95_BUDGET_MS, kind: 'max' }),
    m('fan-out event p99', fan.eventMs.p99, 'ms'),
    m('fan-out events missed', fan.eventsMissed, '', { limit: 0, kind: 'max' }),
    m('fan-out send failures', fan.sendFailures, '', { limit: 0, kind: 'max' }),
    m('fan-out event + refetch p50', fan.eventAndRefetchMs.p50, 'ms'),
    m('fan-out event + refetch p95', fan.eventAndRefetchMs.p95, 'ms'),
    m('fan-out event + refetch p99', fan.eventAndRefetchMs.p99, 'ms'),
    ...sizeMetrics('open conversation', openConversation),
    ...sizeMetrics('inbox', inbox),
    ...Object.entries(details.serialMs).map(([part, ms]) => m(`serial: ${part}`, ms, 'ms')),
    ...Object.entries(details.plans).map(([part, plan]) =>
      m(`plan rows scanned: ${part}`, plan.rowsScanned, ''),
    ),
    ...Object.entries(details.statements).map(([part, n]) => m(`SQL statements: ${part}`, n, '')),
  ];
  return { metrics, details };
}
