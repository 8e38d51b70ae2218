import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import type { Auth } from '../auth/auth';
import { type Actor, toActor } from '../lib/http';
import type { Logger } from '../lib/logger';
import type { BusMessage, EventBus } from './event-bus';

export const EVENTS_PATH = '/api/events';

/**
 * One WebSocket per browser tab at /api/events. The session cookie decides
 * who it is; messages go only to the sockets in their audience and carry ids,
 * never data: the client refetches through the API, which checks permissions.
 */
export class RealtimeHub {
  private readonly sockets = new Map<WebSocket, Actor>();
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 1024 });
  private readonly unsubscribe: () => void;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly deps: { auth: Auth; bus: EventBus; logger: Logger; appOrigin: string },
  ) {
    this.unsubscribe = deps.bus.subscribe((message) => this.deliver(message));
    this.heartbeat = setInterval(() => this.ping(), 30_000);
    this.heartbeat.unref();
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

  private async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const refuse = (status: number, text: string) => {
      socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    try {
      // Browsers always send Origin on WebSockets: another site's page may not listen in.
      const origin = req.headers.origin;
      const host = req.headers.host;
      if (
        origin &&
        origin !== this.deps.appOrigin &&
        origin !== `http://${host}` &&
        origin !== `https://${host}`
      ) {
        return refuse(403, 'Forbidden');
      }
      const headers = new Headers();
      for (const [key, value] of Object.entries(req.headers)) {
        if (typeof value === 'string') headers.set(key, value);
      }
      const session = await this.deps.auth.api.getSession({ headers });
      if (!session?.user) return refuse(401, 'Unauthorized');
      const actor = toActor(session.user);
      this.wss.handleUpgrade(req, socket, head, (ws) => this.register(ws, actor));
    } catch (error) {
      this.deps.logger.error({ err: error }, 'realtime upgrade failed');
      refuse(500, 'Internal Server Error');
    }
  }

  private register(ws: WebSocket, actor: Actor) {
    this.sockets.set(ws, actor);
    (ws as WebSocket & { alive?: boolean }).alive = true;
    ws.on('pong', () => {
      (ws as WebSocket & { alive?: boolean }).alive = true;
    });
    ws.on('close', () => this.sockets.delete(ws));
    ws.on('error', () => this.sockets.delete(ws));
    ws.send(JSON.stringify({ type: 'ready' }));
  }

  private deliver({ audience, event }: BusMessage) {
    const payload = JSON.stringify(event);
    for (const [ws, actor] of this.sockets) {
      const wanted =
        audience.userIds?.includes(actor.id) || audience.roles?.includes(actor.role) || false;
      if (wanted && ws.readyState === WebSocket.OPEN) ws.send(payload);
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

  async close() {
    clearInterval(this.heartbeat);
    this.unsubscribe();
    for (const ws of this.sockets.keys()) ws.close(1001, 'server shutting down');
    this.sockets.clear();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}
