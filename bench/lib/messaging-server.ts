/**
 * Child process of the `messaging` bench stage (bench/messaging.ts), run as
 *
 *   node --import tsx bench/lib/messaging-server.ts
 *     (env PORT_APP, PORT_BARE, DATA_DIR, SEND_CONVERSATIONS, FANOUT_LISTENERS, FANOUT_SENDERS)
 *
 * The embedded database (PGlite) allows one process, so the real app (createServices, as
 * main.ts builds it, with the realtime hub on its HTTP server) and a bare Hono app share
 * it: the real app on PORT_APP, and on PORT_BARE a bare route that inserts a message row
 * (the same columns as the real send, nothing else). Seeds, then prints one JSON line on
 * stdout (MessagingServerReady). SIGTERM/SIGINT stop it.
 *
 * The bench needs hundreds of signed-in users; signing in costs a scrypt hash (~150 ms)
 * each, so users are inserted directly and their sessions made with better-auth's own
 * internal adapter, the cookie signed as better-auth signs it (HMAC-SHA256 of the token
 * with the auth secret: `better-auth.session_token=<token>.<base64 signature>`, URL-encoded).
 * Each cookie is checked once through auth.api.getSession before use.
 */

import { createHmac, randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { desc, eq, inArray, max } from 'drizzle-orm';
import { Hono } from 'hono';
import { CONVERSATION_PAGE_SIZE, MESSAGE_PAGE_SIZE } from '../../src/domain/messaging';
import { conversation, conversationParticipant, message, user } from '../../src/server/db/schema';
import { messagingLimits } from '../../src/server/env';
import {
  createConversation,
  listConversations,
  listMessages,
  type MessagingDeps,
  sendMessage,
} from '../../src/server/features/messaging/messaging.service';
import type { Actor } from '../../src/server/lib/http';
import { newId, timestampId } from '../../src/server/lib/ids';
import { createLogger } from '../../src/server/lib/logger';
import { createServices, type Services } from '../../src/server/server';
import { childEnv, listen, required, stopOnSignal } from './child-server';

/** Messages in the long and the short conversation; conversations in the two inboxes. */
const BIG_MESSAGES = 10_000;
const SMALL_MESSAGES = 10;
const BIG_INBOX = 1_000;
const SMALL_INBOX = 10;
const INBOX_OTHERS = 20;
const INSERT_BATCH = 1_000;
const SERIAL_RUNS = 100;

export interface FanoutConversation {
  conversationId: string;
  /** The candidate whose tabs listen. */
  listenerCookie: string;
  /** The recruiter who sends into it. */
  senderCookie: string;
  /** The newest message's seq at the start (the refetch asks for what is after it). */
  lastSeq: number;
}

export interface MessagingServerReady {
  /** One two-person conversation per send connection, with the cookie of the one who sends. */
  send: { conversationId: string; cookie: string }[];
  fanout: FanoutConversation[];
  /** A participant of both: one conversation with BIG_MESSAGES messages, one with SMALL_MESSAGES. */
  read: {
    cookie: string;
    bigId: string;
    smallId: string;
    bigMessages: number;
    smallMessages: number;
  };
  /** Two users: one in BIG_INBOX conversations, one in SMALL_INBOX. */
  inbox: {
    bigCookie: string;
    smallCookie: string;
    bigConversations: number;
    smallConversations: number;
  };
  /**
   * Mean ms of one call at a time in this process (no HTTP): better-auth's getSession (what
   * every socket upgrade and an API call's first read of a cookie run), the API's kept read
   * of the same cookie (SessionCache), the send service, the bare insert,
   * the newest page of the long and short conversation, the first inbox page of each user.
   */
  serialMs: Record<SerialPart, number>;
  /** SQL statements each of those runs (PGlite's query and exec calls). */
  statements: Record<SerialPart, number>;
  /** The database's plan for the reads' main statement, run (EXPLAIN ANALYZE). */
  plans: Record<PlannedRead, QueryPlan>;
  seedSeconds: number;
}

type PlannedRead = 'messagesBig' | 'messagesSmall' | 'inboxBig' | 'inboxSmall';

export interface QueryPlan {
  /** The plan's nodes, outermost first: type, relation or index, rows it produced. */
  nodes: string;
  /** The most rows any scan in it read: a page should read about a page. */
  rowsScanned: number;
  /** Whether it sorts (rather than read in index order). */
  sorts: boolean;
}

type SerialPart =
  | 'sessionLookup'
  | 'sessionCached'
  | 'sendService'
  | 'bareInsert'
  | 'messagesBig'
  | 'messagesSmall'
  | 'inboxBig'
  | 'inboxSmall';

/** Runs `work` over `items` with at most `limit` at a time. */
async function inParallel<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Users inserted in bulk (no password: they never sign in, they get a session below). */
async function makeUsers(services: Services, role: Actor['role'], count: number, tag: string) {
  const suffix = randomUUID().slice(0, 8);
  const actors: Actor[] = Array.from({ length: count }, (_, i) => ({
    id: newId(),
    name: `Bench ${tag} ${i + 1}`,
    email: `bench-${tag}-${i + 1}-${suffix}@example.com`,
    role,
  }));
  for (let i = 0; i < actors.length; i += INSERT_BATCH) {
    await services.database.db
      .insert(user)
      .values(actors.slice(i, i + INSERT_BATCH).map((a) => ({ ...a, emailVerified: true })));
  }
  return actors;
}

/** A session per user through better-auth's internal adapter, and its signed cookie. */
async function sessionCookies(services: Services, actors: Actor[]) {
  const ctx = await services.auth.$context;
  const name = ctx.authCookies.sessionToken.name;
  const sign = (token: string) =>
    `${name}=${encodeURIComponent(`${token}.${createHmac('sha256', ctx.secret).update(token).digest('base64')}`)}`;
  const cookies = await inParallel(actors, 20, async (actor) => {
    const session = await ctx.internalAdapter.createSession(actor.id);
    return sign(session.token);
  });
  // The signature scheme is better-auth's, not ours: make sure it is still the one it checks.
  const check = await services.auth.api.getSession({
    headers: new Headers({ cookie: cookies[0]! }),
  });
  if (check?.user.id !== actors[0]?.id) {
    throw new Error('a session cookie signed by the bench is not accepted by better-auth');
  }
  return new Map(actors.map((actor, i) => [actor.id, cookies[i]!]));
}

/**
 * The statements the embedded database runs while `run` runs, counted where every caller
 * (the query builder, raw SQL, better-auth) reaches it: PGlite's query and exec.
 */
async function statementsOf(run: () => Promise<unknown>): Promise<number> {
  const proto = PGlite.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const originals = { query: proto.query!, exec: proto.exec! };
  let count = 0;
  for (const name of ['query', 'exec'] as const) {
    proto[name] = function (this: unknown, ...args: unknown[]) {
      count++;
      return originals[name].apply(this, args);
    };
  }
  try {
    await run();
  } finally {
    Object.assign(proto, originals);
  }
  return count;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  Plans?: PlanNode[];
}

/** EXPLAIN ANALYZE of a query the services build, summarised. */
async function explain(
  services: Services,
  query: { toSQL(): { sql: string; params: unknown[] } },
): Promise<QueryPlan> {
  const { sql, params } = query.toSQL();
  const [row] = await services.database.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
    `explain (analyze, format json) ${sql}`,
    params,
  );
  const nodes: PlanNode[] = [];
  const walk = (node: PlanNode) => {
    nodes.push(node);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(row!['QUERY PLAN'][0]!.Plan);
  return {
    nodes: nodes
      .map((n) => {
        const on = n['Index Name'] ?? n['Relation Name'];
        return `${n['Node Type']}${on ? ` ${on}` : ''} (${n['Actual Rows'] ?? '?'})`;
      })
      .join(' > '),
    rowsScanned: Math.max(
      0,
      ...nodes.filter((n) => n['Node Type'].includes('Scan')).map((n) => n['Actual Rows'] ?? 0),
    ),
    sorts: nodes.some((n) => n['Node Type'] === 'Sort'),
  };
}

async function main() {
  const portApp = Number(required('PORT_APP'));
  const portBare = Number(required('PORT_BARE'));
  const sendConversations = Number(process.env.SEND_CONVERSATIONS ?? 50);
  const fanoutListeners = Number(process.env.FANOUT_LISTENERS ?? 100);
  const fanoutSenders = Number(process.env.FANOUT_SENDERS ?? 10);
  const appUrl = `http://localhost:${portApp}`;
  const env = childEnv(portApp);
  const started = performance.now();
  const services = await createServices(env, createLogger('warn'));
  const { db } = services.database;
  const deps: MessagingDeps = {
    db,
    bus: services.bus,
    mailer: services.mailer,
    appUrl,
    limits: messagingLimits(env),
  };

  // --- users and their cookies -------------------------------------------------------
  const pairs = Math.max(1, sendConversations);
  const sendRecruiters = await makeUsers(services, 'recruiter', pairs, 'send-recruiter');
  const sendCandidates = await makeUsers(services, 'candidate', pairs, 'send-candidate');
  const fanSenders = await makeUsers(services, 'recruiter', fanoutSenders, 'fan-sender');
  const listeners = await makeUsers(services, 'candidate', fanoutListeners, 'fan-listener');
  const [reader, inboxBigUser, inboxSmallUser] = await makeUsers(services, 'recruiter', 3, 'read');
  const [readPartner] = await makeUsers(services, 'candidate', 1, 'read-partner');
  const inboxOthers = await makeUsers(services, 'candidate', INBOX_OTHERS, 'inbox-other');
  const cookies = await sessionCookies(services, [
    ...sendRecruiters,
    ...sendCandidates,
    ...fanSenders,
    ...listeners,
    reader!,
    inboxBigUser!,
    inboxSmallUser!,
  ]);
  const cookieOf = (actor: Actor) => cookies.get(actor.id)!;

  const start = async (from: Actor, to: Actor, subject: string) => {
    const created = await createConversation(deps, from, {
      recipientIds: [to.id],
      subject,
      message: `Hello ${to.name}, thanks for applying. Do you have time for a call this week?`,
    });
    return created.conversation.id;
  };

  // --- send load: one conversation per connection; half the senders are candidates ---
  const send: MessagingServerReady['send'] = [];
  const senderOf = new Map<string, Actor>();
  for (let i = 0; i < pairs; i++) {
    const id = await start(sendRecruiters[i]!, sendCandidates[i]!, `Your application ${i + 1}`);
    const sender = i % 2 === 0 ? sendRecruiters[i]! : sendCandidates[i]!;
    senderOf.set(id, sender);
    send.push({ conversationId: id, cookie: cookieOf(sender) });
  }

  // --- fan-out: each listener in one conversation with one of the senders --------------
  const fanIds: string[] = [];
  for (let i = 0; i < listeners.length; i++) {
    const sender = fanSenders[i % fanSenders.length]!;
    fanIds.push(await start(sender, listeners[i]!, `Interview scheduling ${i + 1}`));
  }
  const seqs = new Map(
    (
      await db
        .select({ id: message.conversationId, seq: max(message.seq) })
        .from(message)
        .where(inArray(message.conversationId, fanIds))
        .groupBy(message.conversationId)
    ).map((r) => [r.id, Number(r.seq ?? 0)]),
  );
  const fanout: FanoutConversation[] = fanIds.map((conversationId, i) => ({
    conversationId,
    listenerCookie: cookieOf(listeners[i]!),
    senderCookie: cookieOf(fanSenders[i % fanSenders.length]!),
    lastSeq: seqs.get(conversationId) ?? 0,
  }));

  // --- reading: a long and a short conversation, the rest of their messages in bulk ----
  const fill = async (conversationId: string, total: number) => {
    const base = Date.now() - total * 1000;
    for (let from = 1; from < total; from += INSERT_BATCH) {
      const rows = [];
      for (let n = from; n < Math.min(total, from + INSERT_BATCH); n++) {
        const sender = n % 2 === 0 ? reader! : readPartner!;
        rows.push({
          id: newId(),
          conversationId,
          senderId: sender.id,
          senderName: sender.name,
          content: `Message ${n}: following up on the take-home assessment and next steps.`,
          createdAt: new Date(base + n * 1000),
        });
      }
      await db.insert(message).values(rows);
    }
  };
  const bigId = await start(reader!, readPartner!, 'A long thread');
  const smallId = await start(reader!, readPartner!, 'A short thread');
  await fill(bigId, BIG_MESSAGES);
  await fill(smallId, SMALL_MESSAGES);

  // --- inboxes: conversations and participants in bulk ----------------------------------
  const fillInbox = async (owner: Actor, count: number) => {
    const now = Date.now();
    for (let from = 0; from < count; from += INSERT_BATCH) {
      const conversations = [];
      const participants = [];
      for (let i = from; i < Math.min(count, from + INSERT_BATCH); i++) {
        const other = inboxOthers[i % inboxOthers.length]!;
        const at = new Date(now - i * 60_000);
        const id = timestampId('conversation');
        conversations.push({
          id,
          subject: `Conversation ${i + 1}`,
          createdBy: owner.id,
          createdAt: at,
          lastMessage: `The last message of conversation ${i + 1}.`,
          lastMessageAt: at,
          lastSenderId: other.id,
        });
        participants.push(
          { conversationId: id, userId: owner.id, unread: i % 3 === 0, lastMessageAt: at },
          { conversationId: id, userId: other.id, lastMessageAt: at },
        );
      }
      await db.insert(conversation).values(conversations);
      await db.insert(conversationParticipant).values(participants);
    }
  };
  await fillInbox(inboxBigUser!, BIG_INBOX);
  await fillInbox(inboxSmallUser!, SMALL_INBOX);
  const seedSeconds = Number(((performance.now() - started) / 1000).toFixed(1));

  // --- the real app and the bare one -------------------------------------------------
  // The insert sendMessage makes (same columns), without the session, validation,
  // transaction, conversation/participant updates, notification records or events.
  const bareInsert = (conversationId: string, sender: Actor, clientId: string, content: string) =>
    db
      .insert(message)
      .values({
        id: newId(),
        conversationId,
        senderId: sender.id,
        senderName: sender.name,
        clientId,
        content,
        createdAt: new Date(),
      })
      .returning();
  const bare = new Hono();
  bare.post('/bare/conversations/:id/messages', async (c) => {
    const id = c.req.param('id');
    const sender = senderOf.get(id);
    if (!sender) return c.json({ message: 'Conversation not found' }, 404);
    const { clientId, content } = await c.req.json<{ clientId: string; content: string }>();
    const [row] = await bareInsert(id, sender, clientId, content);
    return c.json({ ...row!, createdAt: row!.createdAt.toISOString() }, 201);
  });

  const [appServer, bareServer] = await Promise.all([
    listen(services.app.fetch, portApp),
    listen(bare.fetch, portBare),
  ]);
  services.hub.attach(appServer);
  const servers = [appServer, bareServer];

  stopOnSignal(servers, services);

  // The bulk inserts above changed the tables wholesale: the embedded database's own
  // check (every 30 s, src/server/db/client.ts) would analyze them shortly. Do it now, so
  // the figures describe that steady state rather than the first half minute after a seed.
  await services.database.query('analyze');

  // --- what each part costs alone, one at a time (no concurrency) ----------------------
  const serialConversation = send[0]!.conversationId;
  const serialSender = senderOf.get(serialConversation)!;
  const headers = new Headers({ cookie: send[0]!.cookie });
  let serialSends = 0;
  const content = 'Thanks, I will look at the submission this afternoon.';
  const parts: Record<SerialPart, () => Promise<unknown>> = {
    sessionLookup: () => services.auth.api.getSession({ headers }),
    // What the API's session check costs once a cookie was read (SessionCache).
    sessionCached: () => services.sessions.get(headers),
    sendService: () =>
      sendMessage(deps, serialSender, serialConversation, {
        clientId: `serial-send-${++serialSends}`,
        content,
      }),
    bareInsert: () =>
      bareInsert(serialConversation, serialSender, `serial-bare-${++serialSends}`, content),
    messagesBig: () => listMessages(deps, reader!, bigId),
    messagesSmall: () => listMessages(deps, reader!, smallId),
    inboxBig: () => listConversations(deps, inboxBigUser!),
    inboxSmall: () => listConversations(deps, inboxSmallUser!),
  };
  const serialMs = {} as Record<SerialPart, number>;
  const statements = {} as Record<SerialPart, number>;
  for (const [name, run] of Object.entries(parts) as [SerialPart, () => Promise<unknown>][]) {
    for (let i = 0; i < 10; i++) await run(); // warm-up
    statements[name] = await statementsOf(run);
    const t0 = performance.now();
    for (let i = 0; i < SERIAL_RUNS; i++) await run();
    serialMs[name] = Number(((performance.now() - t0) / SERIAL_RUNS).toFixed(2));
  }
  // The statements listMessages (newest page) and listConversations (first page) run.
  const newestPage = (id: string) =>
    db
      .select()
      .from(message)
      .where(eq(message.conversationId, id))
      .orderBy(desc(message.seq))
      .limit(MESSAGE_PAGE_SIZE + 1);
  const p = conversationParticipant;
  const inboxPage = (owner: Actor) =>
    db
      .select({ conversation })
      .from(p)
      .innerJoin(conversation, eq(conversation.id, p.conversationId))
      .where(eq(p.userId, owner.id))
      .orderBy(desc(p.lastMessageAt), desc(p.conversationId))
      .limit(CONVERSATION_PAGE_SIZE + 1);
  const plans: Record<PlannedRead, QueryPlan> = {
    messagesBig: await explain(services, newestPage(bigId)),
    messagesSmall: await explain(services, newestPage(smallId)),
    inboxBig: await explain(services, inboxPage(inboxBigUser!)),
    inboxSmall: await explain(services, inboxPage(inboxSmallUser!)),
  };

  const ready: MessagingServerReady = {
    send,
    fanout,
    read: {
      cookie: cookieOf(reader!),
      bigId,
      smallId,
      bigMessages: BIG_MESSAGES,
      smallMessages: SMALL_MESSAGES,
    },
    inbox: {
      bigCookie: cookieOf(inboxBigUser!),
      smallCookie: cookieOf(inboxSmallUser!),
      bigConversations: BIG_INBOX,
      smallConversations: SMALL_INBOX,
    },
    serialMs,
    statements,
    plans,
    seedSeconds,
  };
  process.stdout.write(`${JSON.stringify(ready)}\n`);
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
