import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import { PAD_CLOSE, type PadRun } from '../../../../domain/pads';

export type PadNotice =
  | { type: 'status'; status: 'open' | 'ended'; access: 'edit' | 'read' }
  | { type: 'error'; message: string }
  | { type: 'run'; run: PadRun }
  /** A piece of a running run's output; `offset` is where it starts in the run's text. */
  | { type: 'output'; runId: string; offset: number; text: string };

const MESSAGE_SYNC = 0;
const MESSAGE_AWARENESS = 1;
/** Close codes after which reconnecting would be refused again (limits, access). */
const FINAL = new Set<number>(Object.values(PAD_CLOSE));

/**
 * The pad's document kept in sync over /api/pads/{id}/socket, as y-websocket's provider
 * does (y-protocols sync and awareness). The document outlives the socket: edits made while
 * offline stay in it and merge when the socket is back (a retry every few seconds).
 */
export class PadConnection {
  readonly doc = new Y.Doc();
  readonly awareness = new awarenessProtocol.Awareness(this.doc);
  connected = false;
  private ws?: WebSocket;
  private retry?: ReturnType<typeof setTimeout>;
  private stopped = false;

  constructor(
    private readonly padId: string,
    private readonly onNotice: (notice: PadNotice) => void,
    private readonly onConnection: (connected: boolean, reason?: string) => void,
  ) {
    this.doc.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin === this) return;
      const e = encoding.createEncoder();
      encoding.writeVarUint(e, MESSAGE_SYNC);
      syncProtocol.writeUpdate(e, update);
      this.send(encoding.toUint8Array(e));
    });
    this.awareness.on(
      'update',
      ({ added, updated, removed }: Record<string, number[]>, origin: unknown) => {
        if (origin === this) return;
        const e = encoding.createEncoder();
        encoding.writeVarUint(e, MESSAGE_AWARENESS);
        encoding.writeVarUint8Array(
          e,
          awarenessProtocol.encodeAwarenessUpdate(this.awareness, [
            ...(added ?? []),
            ...(updated ?? []),
            ...(removed ?? []),
          ]),
        );
        this.send(encoding.toUint8Array(e));
      },
    );
    // The browser knows before the socket does: drop it at once, and be back as soon as it is.
    window.addEventListener('offline', this.goOffline);
    window.addEventListener('online', this.goOnline);
    this.connect();
  }

  private readonly goOffline = () => this.ws?.close();
  private readonly goOnline = () => {
    if (this.connected || this.stopped) return;
    clearTimeout(this.retry);
    this.connect();
  };

  private connect() {
    if (!navigator.onLine) return;
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${scheme}://${location.host}/api/pads/${this.padId}/socket`);
    ws.binaryType = 'arraybuffer';
    this.ws = ws;
    ws.onopen = () => {
      this.connected = true;
      this.onConnection(true);
      const e = encoding.createEncoder();
      encoding.writeVarUint(e, MESSAGE_SYNC);
      syncProtocol.writeSyncStep1(e, this.doc);
      this.send(encoding.toUint8Array(e));
      if (this.awareness.getLocalState()) {
        const a = encoding.createEncoder();
        encoding.writeVarUint(a, MESSAGE_AWARENESS);
        encoding.writeVarUint8Array(
          a,
          awarenessProtocol.encodeAwarenessUpdate(this.awareness, [this.doc.clientID]),
        );
        this.send(encoding.toUint8Array(a));
      }
    };
    ws.onmessage = (event: MessageEvent) => {
      if (typeof event.data === 'string') {
        this.onNotice(JSON.parse(event.data) as PadNotice);
        return;
      }
      const decoder = decoding.createDecoder(new Uint8Array(event.data as ArrayBuffer));
      const type = decoding.readVarUint(decoder);
      if (type === MESSAGE_SYNC) {
        const reply = encoding.createEncoder();
        encoding.writeVarUint(reply, MESSAGE_SYNC);
        syncProtocol.readSyncMessage(decoder, reply, this.doc, this);
        if (encoding.length(reply) > 1) this.send(encoding.toUint8Array(reply));
      } else if (type === MESSAGE_AWARENESS) {
        awarenessProtocol.applyAwarenessUpdate(
          this.awareness,
          decoding.readVarUint8Array(decoder),
          this,
        );
      }
    };
    ws.onclose = (event) => {
      this.connected = false;
      this.onConnection(false, event.reason || undefined);
      const others = [...this.awareness.getStates().keys()].filter(
        (id) => id !== this.doc.clientID,
      );
      awarenessProtocol.removeAwarenessStates(this.awareness, others, this);
      if (!this.stopped && !FINAL.has(event.code)) {
        this.retry = setTimeout(() => this.connect(), 3000);
      }
    };
  }

  private send(frame: Uint8Array) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(frame);
  }

  destroy() {
    this.stopped = true;
    window.removeEventListener('offline', this.goOffline);
    window.removeEventListener('online', this.goOnline);
    clearTimeout(this.retry);
    this.ws?.close();
    this.awareness.destroy();
    this.doc.destroy();
  }
}
