import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { REALTIME_SESSION_ENDED } from '../../domain/api';
import { defaultDueDate } from '../../domain/assessments';
import { recruiterAssignment, session } from '../db/schema';
import { createTemplate } from '../test/factories';
import { createTestApp, secondServer, type TestApp, type TestUser } from '../test/harness';

let t: TestApp;
let server: ReturnType<typeof serve>;
let base: string;
let admin: TestUser;
let recruiter: TestUser;
let candidate: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  t.hub.attach(server as never);
  await new Promise((resolve) => server.once('listening', resolve));
  base = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  admin = await t.createUser('admin');
  recruiter = await t.signUp({ accountType: 'recruiter' });
  candidate = await t.signUp({ accountType: 'candidate' });
  stranger = await t.signUp({ accountType: 'candidate' });
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

/** A socket as the user's browser tab would open it, collecting what it hears. */
async function listen(as: TestUser | null, origin = 'http://localhost:3000', host = base) {
  const received: unknown[] = [];
  const ws = new WebSocket(`ws://${host}/api/events`, {
    headers: { ...(as ? { cookie: as.cookie } : {}), origin },
  });
  const opened = await new Promise<boolean>((resolve) => {
    ws.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (message.type === 'ready') resolve(true);
      else received.push(message);
    });
    ws.on('error', () => resolve(false));
    ws.on('close', () => resolve(false));
  });
  return { ws, opened, received };
}

const eventually = async (check: () => void, ms = 3000) => {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 25));
    }
  }
};

describe('realtime events', () => {
  it('refuses signed-out sockets and sockets from another site', async () => {
    expect((await listen(null)).opened).toBe(false);
    expect((await listen(candidate, 'https://evil.example')).opened).toBe(false);
  });

  it('tells the candidate, the recruiter and admins about an assignment, and nobody else', async () => {
    const tabs = await Promise.all([candidate, recruiter, admin, stranger].map((u) => listen(u)));
    expect(tabs.every((tab) => tab.opened)).toBe(true);
    const template = await createTemplate(t, admin, { title: 'Live', roleName: 'DevOps Engineer' });
    const res = await t.request('/api/assessments', {
      method: 'POST',
      as: recruiter,
      json: { templateId: template.id, candidateId: candidate.id, dueDate: defaultDueDate() },
    });
    const { id } = await res.json();
    const changed = { type: 'assessment.changed', assessmentId: id };
    const [cand, rec, adm, other] = tabs as [
      Awaited<ReturnType<typeof listen>>,
      ...Awaited<ReturnType<typeof listen>>[],
    ];
    await eventually(() => {
      expect(cand.received).toContainEqual(changed);
      expect(rec!.received).toContainEqual(changed);
      expect(adm!.received).toContainEqual(changed);
    });
    expect(other!.received).not.toContainEqual(changed);
    // Templates concern recruiters and admins only.
    expect(rec!.received).toContainEqual({ type: 'templates.changed' });
    expect(cand.received).not.toContainEqual({ type: 'templates.changed' });
    for (const tab of tabs) tab.ws.close();
  });

  it('tells the participants of a conversation about a new message, and nobody else', async () => {
    await t.database.db
      .insert(recruiterAssignment)
      .values({ candidateId: candidate.id, recruiterId: recruiter.id })
      .onConflictDoNothing();
    const tabs = await Promise.all([candidate, recruiter, admin, stranger].map((u) => listen(u)));
    const [cand, rec, adm, other] = tabs as [Tab, Tab, Tab, Tab];
    const res = await t.request('/api/conversations', {
      method: 'POST',
      as: candidate,
      json: { recipientIds: [recruiter.id], subject: 'Question', message: 'Hello?' },
    });
    const { id } = await res.json();
    const changed = { type: 'conversation.changed', conversationId: id };
    await eventually(() => {
      expect(cand.received).toContainEqual(changed);
      expect(rec.received).toContainEqual(changed);
    });
    expect(adm.received).not.toContainEqual(changed);
    expect(other.received).not.toContainEqual(changed);
    for (const tab of tabs) tab.ws.close();
  });
});

type Tab = Awaited<ReturnType<typeof listen>>;

describe.runIf(process.env.TEST_DATABASE_URL)(
  'across server processes (PostgreSQL LISTEN/NOTIFY)',
  () => {
    it('an event published by one server reaches the sockets of another', async () => {
      const second = await secondServer(t);
      try {
        const heard: unknown[] = [];
        const off = second.bus.subscribe((message) => heard.push(message.event));
        await t.bus.publish({
          audience: { userIds: [candidate.id] },
          event: { type: 'assessment.changed', assessmentId: 'x1' },
        });
        await eventually(() =>
          expect(heard).toContainEqual({ type: 'assessment.changed', assessmentId: 'x1' }),
        );
        off();
      } finally {
        await second.close();
      }
    });

    it('a message sent through one server reaches the recipient connected to another', async () => {
      const second = await secondServer(t);
      const secondHttp = serve({ fetch: second.app.fetch, port: 0, hostname: '127.0.0.1' });
      second.hub.attach(secondHttp as never);
      await new Promise((resolve) => secondHttp.once('listening', resolve));
      const secondBase = `127.0.0.1:${(secondHttp.address() as AddressInfo).port}`;
      try {
        await t.database.db
          .insert(recruiterAssignment)
          .values({ candidateId: candidate.id, recruiterId: recruiter.id })
          .onConflictDoNothing();
        // The recruiter's tab is connected to the second server only.
        const tab = await listen(recruiter, 'http://localhost:3000', secondBase);
        expect(tab.opened).toBe(true);
        const res = await t.request('/api/conversations', {
          method: 'POST',
          as: candidate,
          json: { recipientIds: [recruiter.id], subject: 'Across', message: 'From server one' },
        });
        expect(res.status).toBe(201);
        const { id } = await res.json();
        await eventually(() =>
          expect(tab.received).toContainEqual({ type: 'conversation.changed', conversationId: id }),
        );
        // And the second server serves the message itself.
        const page = await (
          await second.app.request(`http://localhost:3000/api/conversations/${id}/messages`, {
            headers: { cookie: recruiter.cookie },
          })
        ).json();
        expect(page.items.map((m: { content: string }) => m.content)).toEqual(['From server one']);
        tab.ws.close();
      } finally {
        await new Promise((resolve) => secondHttp.close(resolve));
        await second.close();
      }
    });
  },
);

describe('the session policy on live events', () => {
  /** The HTTP status a refused upgrade answered, or 101 when the socket opened. */
  async function upgradeStatus(as: TestUser) {
    const ws = new WebSocket(`ws://${base}/api/events`, {
      headers: { cookie: as.cookie, origin: 'http://localhost:3000' },
    });
    const status = await new Promise<number>((resolve) => {
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => resolve(101));
      ws.on('error', () => resolve(0));
    });
    ws.terminate();
    return status;
  }
  const sessionIdOf = async (as: TestUser) =>
    (
      (await (await t.request('/api/auth/get-session', { as })).json()) as {
        session: { id: string };
      }
    ).session.id;
  /** As if the user walked away `minutes` ago (the API's own tests move the clocks too). */
  const idleFor = (sessionId: string, minutes: number) =>
    t.database.query(
      `update session_activity set last_active_at = now() - make_interval(mins => $2) where session_id = $1`,
      [sessionId, minutes],
    );
  /** The socket's close code, or 0 when it is still open 5 s later. */
  const closedWith = (ws: WebSocket) =>
    new Promise<number>((resolve) => {
      ws.on('close', (code) => resolve(code));
      setTimeout(() => resolve(0), 5000);
    });

  it('an idle session may not open a socket, and is ended', async () => {
    const user = await t.signUp({ accountType: 'candidate' });
    const id = await sessionIdOf(user);
    await idleFor(id, 31);
    expect(await upgradeStatus(user)).toBe(401);
    expect(await t.database.db.select().from(session).where(eq(session.id, id))).toEqual([]);
  });

  it('a socket opened before its session went idle is closed on the next periodic check', async () => {
    const idle = await t.signUp({ accountType: 'candidate' });
    const active = await t.signUp({ accountType: 'candidate' });
    const idleTab = await listen(idle);
    const activeTab = await listen(active);
    expect(idleTab.opened && activeTab.opened).toBe(true);
    const closed = closedWith(idleTab.ws);
    await idleFor(await sessionIdOf(idle), 31);
    await idleFor(await sessionIdOf(active), 29);
    await t.hub.checkSessions();
    expect(await closed).toBe(REALTIME_SESSION_ENDED);
    expect(activeTab.ws.readyState).toBe(WebSocket.OPEN);
    // Ended for the API as well, not only for the socket.
    expect((await t.request('/api/profile', { as: idle })).status).toBe(401);
    // And it hears nothing any more.
    await t.bus.publish({
      audience: { userIds: [idle.id, active.id] },
      event: { type: 'assessment.changed', assessmentId: 'after-idle' },
    });
    await eventually(() =>
      expect(activeTab.received).toContainEqual({
        type: 'assessment.changed',
        assessmentId: 'after-idle',
      }),
    );
    expect(idleTab.received).toEqual([]);
    activeTab.ws.close();
  });

  it('a user who must enrol in two-factor sign-in may not listen until they have', async () => {
    const required = (requireTwoFactor: boolean) =>
      t.request('/api/settings/security', {
        method: 'PUT',
        as: admin,
        json: { sessionTimeoutMinutes: 30, requireTwoFactor },
      });
    expect((await required(true)).status).toBe(200);
    try {
      const user = await t.signUp({ accountType: 'candidate' });
      expect(await upgradeStatus(user)).toBe(403);
    } finally {
      expect((await required(false)).status).toBe(200);
    }
    // A socket whose session is found to need enrolment on a periodic check is closed.
    const other = await t.signUp({ accountType: 'candidate' });
    const tab = await listen(other);
    expect(tab.opened).toBe(true);
    const closed = closedWith(tab.ws);
    await t.database.query(
      'update session_activity set must_enrol_two_factor = true where session_id = $1',
      [await sessionIdOf(other)],
    );
    await t.hub.checkSessions();
    expect(await closed).toBe(REALTIME_SESSION_ENDED);
  });
});
