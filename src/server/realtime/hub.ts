import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { REALTIME_SESSION_ENDED } from '../../domain/api';
import type { Auth } from '../auth/auth';
import type { SessionCache } from '../auth/session-cache';
import type { SessionPolicy } from '../features/security/session-policy';
import { type Actor, toActor } from '../lib/http';
import type { Logger } from '../lib/logger';
import type { BusMessage, EventBus } from './event-bus';

export const EVENTS_PATH = '/api/events';

/** Published on the bus when sessions may have ended; every hub re-checks its sockets. */
export const SESSIONS_CHANGED: BusMessage = {
  audience: {},
  event: { type: 'sessions.changed' },
};

/** How often every socket's session is checked again (it may have expired meanwhile). */
const SESSION_CHECK_MS = 30_000;

export interface Client {
  actor: Actor;
  /** The session the socket was opened with; re-checked periodically and on sign-out. */
  token: string;
  sessionId: string;
}

/**
 * One WebSocket per browser tab at /api/events. The session cookie decides
 * who it is; messages go only to the sockets in their audience and carry ids,
 * never data: the client refetches through the API, which checks permissions.
 * A socket lives as long as its session: on sign-out, a ban or a revoked
 * session (announced on the bus) and every 30 s, the sessions are checked
 * again and the sockets of ended ones closed with REALTIME_SESSION_ENDED.
 * The session policy holds here as on every API route: an idle session (an
 * open socket is no activity) is ended and its sockets closed, and a user who
 * must first enrol in two-factor sign-in may not listen.
 */
export class RealtimeHub {
  private readonly sockets = new Map<WebSocket, Client>();
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 1024 });
  private readonly unsubscribe: () => void;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly sessionCheck: NodeJS.Timeout;
  private checking?: Promise<void>;
  private checkAgain = false;

  constructor(
    private readonly deps: {
      auth: Auth;
      /** The API's session reads (emptied whenever sessions change). */
      sessions: Pick<SessionCache, 'get'>;
      policy: Pick<SessionPolicy, 'touch' | 'review'>;
      bus: EventBus;
      logger: Logger;
      appOrigin: string;
      sessionCheckMs?: number;
    },
  ) {
    this.unsubscribe = deps.bus.subscribe((message) => this.deliver(message));
    this.heartbeat = setInterval(() => this.ping(), 30_000);
    this.heartbeat.unref();
    this.sessionCheck = setInterval(
      () => void this.checkSessions(),
      deps.sessionCheckMs ?? SESSION_CHECK_MS,
    );
    this.sessionCheck.unref();
  }

  get size() {
    return this.sockets.size;
  }

  /** Wires the upgrade handler into a Node HTTP server. */
  attach(server: Server) {
    server.on('upgrade', (req, socket, head) => {
      if (new URL(req.url ?? '/', 'http://x').pathname !== EVENTS_PATH) return;
      void this.upgrade(req, socket, head);
    });
  }

  /**
   * The session check every WebSocket of ours passes (this hub's and the live pads'): the
   * origin, the session cookie and the session policy. Answers the socket's client, or the
   * HTTP status to refuse the upgrade with.
   */
  async authenticate(
    req: IncomingMessage,
  ): Promise<{ client: Client } | { refuse: [status: number, text: string] }> {
    // Browsers always send Origin on WebSockets: another site's page may not listen in.
    const origin = req.headers.origin;
    const host = req.headers.host;
    if (
      origin &&
      origin !== this.deps.appOrigin &&
      origin !== `http://${host}` &&
      origin !== `https://${host}`
    ) {
      return { refuse: [403, 'Forbidden'] };
    }
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers.set(key, value);
    }
    const session = await this.deps.sessions.get(headers);
    if (!session?.user) return { refuse: [401, 'Unauthorized'] };
    // Opening the socket is no activity (a tab reconnects by itself): read the clock only,
    // from the database (a socket may stay open for long).
    const verdict = await this.deps.policy.touch(session, { force: true, record: false });
    if (!verdict.ok) return { refuse: [401, 'Unauthorized'] };
    if (verdict.mustEnrolTwoFactor) return { refuse: [403, 'Forbidden'] };
    return {
      client: {
        actor: toActor(session.user),
        token: session.session.token,
        sessionId: session.session.id,
      },
    };
  }

  private async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    try {
      const verdict = await this.authenticate(req);
      if ('refuse' in verdict) return refuseUpgrade(socket, ...verdict.refuse);
      this.wss.handleUpgrade(req, socket, head, (ws) => this.register(ws, verdict.client));
    } catch (error) {
      this.deps.logger.error({ err: error }, 'realtime upgrade failed');
      refuseUpgrade(socket, 500, 'Internal Server Error');
    }
  }

  private register(ws: WebSocket, client: Client) {
    this.sockets.set(ws, client);
    (ws as WebSocket & { alive?: boolean }).alive = true;
    ws.on('pong', () => {
      (ws as WebSocket & { alive?: boolean }).alive = true;
    });
    ws.on('close', () => this.sockets.delete(ws));
    ws.on('error', () => this.sockets.delete(ws));
    ws.send(JSON.stringify({ type: 'ready' }));
  }

  private deliver({ audience, event }: BusMessage) {
    if (event.type === 'sessions.changed') {
      void this.checkSessions();
      return;
    }
    const payload = JSON.stringify(event);
    for (const [ws, { actor }] of this.sockets) {
      const wanted =
        audience.userIds?.includes(actor.id) || audience.roles?.includes(actor.role) || false;
      if (wanted && ws.readyState === WebSocket.OPEN) ws.send(payload);
    }
  }

  /**
   * Checks every socket's session in a few queries; ends the idle ones (as
   * the API would), closes those whose session ended, went idle or must first
   * enrol in two-factor sign-in, or whose user is banned, and picks up role changes. Calls while a
   * check runs fold into one more check after it.
   */
  checkSessions(): Promise<void> {
    if (this.checking) {
      this.checkAgain = true;
      return this.checking;
    }
    this.checking = this.checkOnce()
      .catch((error) => this.deps.logger.error({ err: error }, 'realtime session check failed'))
      .finally(() => {
        this.checking = undefined;
        if (this.checkAgain) {
          this.checkAgain = false;
          void this.checkSessions();
        }
      });
    return this.checking;
  }

  private async checkOnce() {
    if (this.sockets.size === 0) return;
    const clients = [...this.sockets.values()];
    const { mustEnrol } = await this.deps.policy.review([
      ...new Set(clients.map((c) => c.sessionId)),
    ]);
    const tokens = [...new Set(clients.map((c) => c.token))];
    const { adapter } = await this.deps.auth.$context;
    const now = new Date();
    const sessions = await adapter.findMany<{ id: string; token: string; userId: string }>({
      model: 'session',
      where: [
        { field: 'token', value: tokens, operator: 'in' },
        { field: 'expiresAt', value: now, operator: 'gt' },
      ],
    });
    const userIds = [...new Set(sessions.map((s) => s.userId))];
    const users =
      userIds.length === 0
        ? []
        : await adapter.findMany<{
            id: string;
            name: string;
            email: string;
            role?: string | null;
            banned?: boolean | null;
            banExpires?: Date | null;
          }>({ model: 'user', where: [{ field: 'id', value: userIds, operator: 'in' }] });
    const allowed = new Map(
      users
        .filter((u) => !u.banned || (u.banExpires && new Date(u.banExpires) <= now))
        .map((u) => [u.id, toActor(u)]),
    );
    const live = new Map<string, Actor>();
    for (const s of sessions) {
      const actor = allowed.get(s.userId);
      if (actor && !mustEnrol.has(s.id)) live.set(s.token, actor);
    }
    for (const [ws, client] of this.sockets) {
      const actor = live.get(client.token);
      if (actor) {
        client.actor = actor;
        continue;
      }
      this.sockets.delete(ws);
      ws.close(REALTIME_SESSION_ENDED, 'session ended');
    }
  }

  private ping() {
    for (const ws of this.sockets.keys()) {
      const tracked = ws as WebSocket & { alive?: boolean };
      if (tracked.alive === false) {
        ws.terminate();
        this.sockets.delete(ws);
        continue;
      }
      tracked.alive = false;
      ws.ping();
    }
  }

  private closing?: Promise<void>;

  /** Closes every socket with 1012 (service restart): browsers reconnect, to another server. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      clearInterval(this.heartbeat);
      clearInterval(this.sessionCheck);
      await this.checking;
      this.unsubscribe();
      for (const ws of this.sockets.keys()) ws.close(1012, 'server restarting, reconnect');
      this.sockets.clear();
      await new Promise<void>((resolve) => this.wss.close(() => resolve()));
    })();
    return this.closing;
  }
}

/** Answers a WebSocket upgrade with an HTTP error and closes the connection. */
export function refuseUpgrade(socket: Duplex, status: number, text: string) {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
