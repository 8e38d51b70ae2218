import { WebSocket } from 'ws';
import {
  type Child,
  EVENT_TIMEOUT_MS,
  FANOUT_SENDERS,
  fanoutRate,
  fanoutSeconds,
  messageBody,
  messagesPath,
  nextClientId,
  type Spread,
  sleep,
  spread,
  TABS,
} from './lib/messaging-bench';
import type { FanoutConversation } from './lib/messaging-server';

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
export async function fanout({ appUrl, ready }: Child): Promise<FanoutDetails> {
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
