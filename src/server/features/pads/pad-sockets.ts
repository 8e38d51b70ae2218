import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { and, gt, inArray } from 'drizzle-orm';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { WebSocket, WebSocketServer } from 'ws';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import { REALTIME_SESSION_ENDED } from '../../../domain/api';
import { PAD_CLOSE, PAD_LIMITS, PAD_TEXTS } from '../../../domain/pads';
import type { Db } from '../../db/client';
import { session } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Actor } from '../../lib/http';
import type { Logger } from '../../lib/logger';
import type { BusMessage, EventBus, PadSignal } from '../../realtime/event-bus';
import { type RealtimeHub, refuseUpgrade } from '../../realtime/hub';
import { accessOf, loadPad, type PadAccess } from './access';
import { appendChecked, appendUpdate, compact, loadState, readUpdate } from './document';
import { fileProblem, startsFiles } from './file-rules';
import {
  leaveAllSeats,
  leaveSeat,
  PRESENCE_HEARTBEAT_MS,
  refreshSeats,
  takeSeat,
} from './presence';
import { readRun } from './runs';

/** The y-websocket message types (the first varuint of every binary frame). */
const MESSAGE_SYNC = 0;
const MESSAGE_AWARENESS = 1;
const PATH = /^\/api\/pads\/([A-Za-z0-9_-]{1,100})\/socket$/;
/** NOTIFY carries 8000 bytes at most: larger presence updates stay on this server. */
const MAX_BUS_AWARENESS = 6000;

interface Conn {
  /** Its seat in pad_presence (the people limit, across servers). */
  seat: string;
  /** Whether it got its seat: nothing it sends counts before. */
  seated: boolean;
  actor: Actor;
  /** The session the socket was opened with: it closes when that session ends. */
  token: string;
  access: PadAccess;
  /** The awareness client ids this socket set (removed when it closes). */
  controlled: Set<number>;
  /** Messages are handled one after another, in the order they came. */
  queue: Promise<void>;
  windowStart: number;
  messages: number;
}

interface Room {
  doc: Y.Doc;
  awareness: awarenessProtocol.Awareness;
  conns: Map<WebSocket, Conn>;
  ready: Promise<void>;
  ended: boolean;
  /** An upper bound of the document's size, measured exactly when it nears the limit. */
  bytes: number;
}

/**
 * Live pads' WebSockets at /api/pads/{id}/socket (docs/decisions/031), one per open pad in a
 * tab. A socket of its own rather than messages on /api/events: the pad speaks y-protocols'
 * binary sync and awareness messages, up to 2 MB, to the pad's people only, while the events
 * socket carries small JSON "changed" notices to a user's every tab. The session check is the
 * hub's. Each update is appended to the database before anyone hears it, then published on
 * the bus by its seq, so every server on the same PostgreSQL serves the pad. JSON text frames
 * carry the rest: {type:'error', message}, {type:'status', status}, {type:'run', run},
 * {type:'output', runId, offset, text} (a running run's output as it comes).
 */
export class PadSockets {
  readonly serverId = randomUUID();
  private readonly rooms = new Map<string, Room>();
  private readonly wss = new WebSocketServer({
    noServer: true,
    maxPayload: PAD_LIMITS.documentBytes + 64 * 1024,
  });
  private readonly unsubscribe: () => void;
  private readonly heartbeat: ReturnType<typeof setInterval>;

  constructor(
    private readonly deps: {
      db: Db;
      bus: EventBus;
      logger: Logger;
      hub: Pick<RealtimeHub, 'authenticate'>;
    },
  ) {
    this.unsubscribe = deps.bus.subscribe((message) => void this.heard(message));
    this.heartbeat = setInterval(() => {
      if (this.rooms.size === 0) return;
      void refreshSeats(deps.db, this.serverId).catch((error) =>
        deps.logger.warn({ err: error }, 'pad seats not refreshed'),
      );
    }, PRESENCE_HEARTBEAT_MS);
    this.heartbeat.unref?.();
  }

  attach(server: Server) {
    server.on('upgrade', (req, socket, head) => {
      const match = PATH.exec(new URL(req.url ?? '/', 'http://x').pathname);
      if (match) void this.upgrade(req, socket, head, match[1]!);
    });
  }

  private async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, padId: string) {
    try {
      const verdict = await this.deps.hub.authenticate(req);
      if ('refuse' in verdict) return refuseUpgrade(socket, ...verdict.refuse);
      const { actor } = verdict.client;
      let access: PadAccess;
      try {
        access = accessOf(actor, await loadPad(this.deps.db, padId));
      } catch (error) {
        if (error instanceof AppError) {
          return refuseUpgrade(
            socket,
            error.status,
            error.status === 404 ? 'Not Found' : 'Forbidden',
          );
        }
        throw error;
      }
      const { token } = verdict.client;
      this.wss.handleUpgrade(req, socket, head, (ws) => this.join(ws, padId, actor, token, access));
    } catch (error) {
      this.deps.logger.error({ err: error }, 'pad upgrade failed');
      refuseUpgrade(socket, 500, 'Internal Server Error');
    }
  }

  private room(padId: string): Room {
    let room = this.rooms.get(padId);
    if (room) return room;
    const doc = new Y.Doc({ gc: true });
    const awareness = new awarenessProtocol.Awareness(doc);
    // The server is no participant: it has no presence of its own.
    awareness.setLocalState(null);
    const created: Room = {
      doc,
      awareness,
      conns: new Map(),
      ended: false,
      bytes: 0,
      ready: Promise.resolve(),
    };
    created.ready = (async () => {
      const { state } = await loadState(this.deps.db, padId);
      Y.applyUpdate(doc, state, 'load');
      created.bytes = state.length;
      const loaded = await loadPad(this.deps.db, padId);
      created.ended = loaded.row.status !== 'open';
    })();
    room = created;
    doc.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin === 'load') return;
      const frame = encoding.createEncoder();
      encoding.writeVarUint(frame, MESSAGE_SYNC);
      syncProtocol.writeUpdate(frame, update);
      this.broadcast(created, encoding.toUint8Array(frame), origin);
    });
    awareness.on(
      'update',
      (
        { added, updated, removed }: { added: number[]; updated: number[]; removed: number[] },
        origin: unknown,
      ) => {
        const changed = [...added, ...updated, ...removed];
        const conn = origin instanceof WebSocket ? created.conns.get(origin) : undefined;
        if (conn) {
          for (const id of added) conn.controlled.add(id);
          for (const id of removed) conn.controlled.delete(id);
        }
        const update = awarenessProtocol.encodeAwarenessUpdate(awareness, changed);
        const frame = encoding.createEncoder();
        encoding.writeVarUint(frame, MESSAGE_AWARENESS);
        encoding.writeVarUint8Array(frame, update);
        this.broadcast(created, encoding.toUint8Array(frame), null);
        if (origin !== 'remote') {
          const text = Buffer.from(update).toString('base64');
          if (text.length <= MAX_BUS_AWARENESS) {
            void this.signal({ type: 'pad.awareness', padId, update: text, origin: this.serverId });
          }
        }
      },
    );
    this.rooms.set(padId, created);
    return created;
  }

  private join(ws: WebSocket, padId: string, actor: Actor, token: string, access: PadAccess) {
    const room = this.room(padId);
    const conn: Conn = {
      seat: randomUUID(),
      seated: false,
      actor,
      token,
      access,
      controlled: new Set(),
      queue: room.ready,
      windowStart: Date.now(),
      messages: 0,
    };
    room.conns.set(ws, conn);
    ws.binaryType = 'nodebuffer';
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      if (!this.withinRate(conn)) {
        ws.close(PAD_CLOSE.tooFast, PAD_TEXTS.tooFast);
        return;
      }
      if (!isBinary) return;
      const bytes = new Uint8Array(data);
      conn.queue = conn.queue
        .then(() => this.handle(padId, room, ws, conn, bytes))
        .catch((error) => this.deps.logger.error({ err: error }, 'pad message failed'));
    });
    ws.on('close', () => this.leave(padId, room, ws, conn));
    ws.on('error', () => ws.terminate());
    conn.queue = conn.queue
      .then(async () => {
        if (ws.readyState !== WebSocket.OPEN) return;
        const seated = await takeSeat(this.deps.db, {
          id: conn.seat,
          padId,
          userId: actor.id,
          serverId: this.serverId,
        });
        if (!seated) {
          ws.close(PAD_CLOSE.tooManyPeople, PAD_TEXTS.tooManyPeople);
          return;
        }
        conn.seated = true;
        if (ws.readyState !== WebSocket.OPEN) return void this.unseat(conn);
        sendJson(ws, {
          type: 'status',
          status: room.ended ? 'ended' : 'open',
          access: access.mode === 'edit' && !room.ended ? 'edit' : 'read',
        });
        const step1 = encoding.createEncoder();
        encoding.writeVarUint(step1, MESSAGE_SYNC);
        syncProtocol.writeSyncStep1(step1, room.doc);
        ws.send(encoding.toUint8Array(step1));
        const states = [...room.awareness.getStates().keys()];
        if (states.length > 0) {
          const frame = encoding.createEncoder();
          encoding.writeVarUint(frame, MESSAGE_AWARENESS);
          encoding.writeVarUint8Array(
            frame,
            awarenessProtocol.encodeAwarenessUpdate(room.awareness, states),
          );
          ws.send(encoding.toUint8Array(frame));
        }
      })
      .catch((error) => {
        this.deps.logger.error({ err: error }, 'pad could not be opened');
        ws.close(1011, 'pad could not be opened');
      });
  }

  private withinRate(conn: Conn) {
    const now = Date.now();
    if (now - conn.windowStart >= PAD_LIMITS.windowMs) {
      conn.windowStart = now;
      conn.messages = 0;
    }
    conn.messages += 1;
    return conn.messages <= PAD_LIMITS.messagesPerWindow;
  }

  private async handle(padId: string, room: Room, ws: WebSocket, conn: Conn, bytes: Uint8Array) {
    if (!conn.seated || ws.readyState !== WebSocket.OPEN) return;
    const decoder = decoding.createDecoder(bytes);
    const type = decoding.readVarUint(decoder);
    if (type === MESSAGE_AWARENESS) {
      // Cursors carry the signed-in name, whatever the client said.
      const update = awarenessProtocol.modifyAwarenessUpdate(
        decoding.readVarUint8Array(decoder),
        (state: Record<string, unknown> | null) =>
          state && {
            ...state,
            user: { ...(state.user as object), id: conn.actor.id, name: conn.actor.name },
          },
      );
      awarenessProtocol.applyAwarenessUpdate(room.awareness, update, ws);
      return;
    }
    if (type !== MESSAGE_SYNC) return;
    const kind = decoding.readVarUint(decoder);
    if (kind === syncProtocol.messageYjsSyncStep1) {
      const reply = encoding.createEncoder();
      encoding.writeVarUint(reply, MESSAGE_SYNC);
      syncProtocol.readSyncStep1(decoder, reply, room.doc);
      ws.send(encoding.toUint8Array(reply));
      return;
    }
    if (kind !== syncProtocol.messageYjsSyncStep2 && kind !== syncProtocol.messageYjsUpdate) return;
    const update = decoding.readVarUint8Array(decoder);
    // An empty update (nothing inserted, nothing deleted) is two zero bytes: nothing to keep.
    if (update.length <= 2) return;
    if (conn.access.mode !== 'edit' || room.ended) {
      sendJson(ws, { type: 'error', message: PAD_TEXTS.readOnly });
      return;
    }
    if (room.bytes + update.length > PAD_LIMITS.documentBytes) {
      room.bytes = Y.encodeStateAsUpdate(room.doc).length;
      if (room.bytes + update.length > PAD_LIMITS.documentBytes) {
        ws.close(PAD_CLOSE.tooLarge, PAD_TEXTS.tooLarge);
        return;
      }
    }
    const problem = fileProblem(room.doc, update);
    if (problem) {
      // The client holds the refused change already; a reload gives it the pad as it is.
      sendJson(ws, { type: 'error', message: problem });
      ws.close(PAD_CLOSE.fileRefused, PAD_TEXTS.fileRefused);
      return;
    }
    // A new file name is checked again against the pad as stored (file-rules.ts: startsFiles).
    const { seq, problem: storedProblem } = startsFiles(update)
      ? await appendChecked(this.deps.db, padId, update, conn.actor.id, (stored) =>
          fileProblem(stored, update),
        )
      : { seq: await appendUpdate(this.deps.db, padId, update, conn.actor.id), problem: null };
    if (storedProblem) {
      sendJson(ws, { type: 'error', message: storedProblem });
      ws.close(PAD_CLOSE.fileRefused, PAD_TEXTS.fileRefused);
      return;
    }
    if (seq === null) {
      room.ended = true;
      sendJson(ws, { type: 'error', message: PAD_TEXTS.readOnly });
      return;
    }
    room.bytes += update.length;
    Y.applyUpdate(room.doc, update, ws);
    await this.signal({ type: 'pad.update', padId, seq, origin: this.serverId });
    if (seq % PAD_LIMITS.compactEvery === 0) {
      void compact(this.deps.db, padId).catch((error) =>
        this.deps.logger.warn({ err: error }, 'pad compaction failed'),
      );
    }
  }

  private broadcast(room: Room, frame: Uint8Array, except: unknown) {
    for (const [ws, conn] of room.conns) {
      if (ws !== except && conn.seated && ws.readyState === WebSocket.OPEN) ws.send(frame);
    }
  }

  private leave(padId: string, room: Room, ws: WebSocket, conn: Conn) {
    room.conns.delete(ws);
    // After its seat was taken (its queue), so a socket closed while seating leaves no row.
    conn.queue = conn.queue.then(() => this.unseat(conn));
    awarenessProtocol.removeAwarenessStates(room.awareness, [...conn.controlled], null);
    this.leaveIfEmpty(padId, room);
  }

  private unseat(conn: Conn) {
    if (!conn.seated) return;
    conn.seated = false;
    return leaveSeat(this.deps.db, conn.seat).catch((error) =>
      this.deps.logger.warn({ err: error }, 'pad seat not given up'),
    );
  }

  private leaveIfEmpty(padId: string, room: Room) {
    if (room.conns.size > 0 || this.rooms.get(padId) !== room) return;
    this.rooms.delete(padId);
    room.awareness.destroy();
    room.doc.destroy();
  }

  private signal(event: PadSignal) {
    return this.deps.bus.publish({ audience: {}, event });
  }

  /** What other servers (and this one's services) say about pads. */
  private async heard({ event }: BusMessage) {
    if (event.type === 'sessions.changed') return this.closeEndedSessions();
    if (!event.type.startsWith('pad.')) return;
    const signal = event as PadSignal;
    const room = this.rooms.get(signal.padId);
    if (!room) return;
    try {
      await room.ready;
      switch (signal.type) {
        case 'pad.update': {
          if (signal.origin === this.serverId) return;
          const row = await readUpdate(this.deps.db, signal.padId, signal.seq);
          if (row) Y.applyUpdate(room.doc, row.data, 'remote');
          return;
        }
        case 'pad.awareness':
          if (signal.origin === this.serverId) return;
          awarenessProtocol.applyAwarenessUpdate(
            room.awareness,
            new Uint8Array(Buffer.from(signal.update, 'base64')),
            'remote',
          );
          return;
        case 'pad.ended':
          room.ended = true;
          for (const ws of room.conns.keys()) {
            sendJson(ws, { type: 'status', status: 'ended', access: 'read' });
          }
          return;
        case 'pad.output': {
          const { runId, offset, text } = signal;
          for (const ws of room.conns.keys()) sendJson(ws, { type: 'output', runId, offset, text });
          return;
        }
        case 'pad.run': {
          const run = await readRun(this.deps.db, signal.padId, signal.runId);
          if (run) for (const ws of room.conns.keys()) sendJson(ws, { type: 'run', run });
          return;
        }
      }
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'pad signal not handled');
    }
  }

  /**
   * Sessions may have ended (sign-out, ban, revoked): the pad sockets of those that did close
   * as the hub's do, with REALTIME_SESSION_ENDED.
   */
  private async closeEndedSessions() {
    const conns = [...this.rooms.values()].flatMap((room) => [...room.conns]);
    if (conns.length === 0) return;
    try {
      const tokens = [...new Set(conns.map(([, conn]) => conn.token))];
      const live = new Set(
        (
          await this.deps.db
            .select({ token: session.token })
            .from(session)
            .where(and(inArray(session.token, tokens), gt(session.expiresAt, new Date())))
        ).map((row) => row.token),
      );
      for (const [ws, conn] of conns) {
        if (!live.has(conn.token)) ws.close(REALTIME_SESSION_ENDED, 'session ended');
      }
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'pad session check failed');
    }
  }

  /** Closes every pad socket with 1012 (service restart): clients reconnect, to another server. */
  async close() {
    this.unsubscribe();
    clearInterval(this.heartbeat);
    for (const room of this.rooms.values()) {
      for (const ws of room.conns.keys()) ws.close(1012, 'server restarting, reconnect');
    }
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
    await leaveAllSeats(this.deps.db, this.serverId).catch(() => {});
  }
}

function sendJson(ws: WebSocket, message: unknown) {
  if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
}
