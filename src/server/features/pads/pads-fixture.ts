import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { WebSocket } from 'ws';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import type { PadLanguage } from '../../../domain/pads';
import type { Services } from '../../server';
import { createApplication, createInterview, createJob } from '../../test/factories';
import type { TestApp, TestUser } from '../../test/harness';

/** Test helpers for live pads: the people of one interview, and an editor's socket. */

export interface PadCast {
  admin: TestUser;
  recruiter: TestUser;
  interviewer: TestUser;
  otherCompany: TestUser;
  candidate: TestUser;
  otherCandidate: TestUser;
  interviewId: string;
  applicationId: string;
}

export async function castOfAnInterview(t: TestApp): Promise<PadCast> {
  const admin = await t.createUser('admin');
  const recruiter = await t.signUp({ accountType: 'recruiter', name: 'Rita Recruiter' });
  const interviewer = await t.signUp({ accountType: 'recruiter', name: 'Ivan Interviewer' });
  const otherCompany = await t.signUp({ accountType: 'recruiter', name: 'Cleo Elsewhere' });
  const candidate = await t.signUp({ accountType: 'candidate', name: 'Casey Candidate' });
  const otherCandidate = await t.signUp({ accountType: 'candidate', name: 'Bea Candidate' });
  for (const [as, company] of [
    [recruiter, 'Northwind'],
    [interviewer, 'Northwind'],
    [otherCompany, 'Contoso'],
  ] as const) {
    await t.request('/api/profile', {
      method: 'PUT',
      as,
      json: { name: as.name, company: { name: company } },
    });
  }
  const job = await createJob(t, recruiter);
  const app = await createApplication(t, candidate, job.id, {
    stage: 'interview',
    mover: recruiter,
  });
  // Bea applies too: a candidate of another interview of the same job.
  await createApplication(t, otherCandidate, job.id, { stage: 'interview', mover: recruiter });
  const interview = await createInterview(t, recruiter, app.id, {
    interviewerIds: [recruiter.id, interviewer.id],
  });
  return {
    admin,
    recruiter,
    interviewer,
    otherCompany,
    candidate,
    otherCandidate,
    interviewId: interview.id,
    applicationId: app.id,
  };
}

/** Serves the services' app and pad sockets on a free port; answers host:port. */
/** A fresh pad of the cast's interview (the open one is ended first: one open pad per interview). */
export async function freshPad(
  t: TestApp,
  c: PadCast,
  language: PadLanguage = 'javascript',
): Promise<string> {
  const start = () =>
    t.request('/api/pads', {
      method: 'POST',
      as: c.recruiter,
      json: { interviewId: c.interviewId, language },
    });
  let res = await start();
  if (res.status === 200) {
    const open = (await res.json()) as { id: string };
    await t.request(`/api/pads/${open.id}/end`, { method: 'POST', as: c.recruiter });
    res = await start();
  }
  if (res.status !== 201) throw new Error(`starting a pad answered ${res.status}`);
  return ((await res.json()) as { id: string }).id;
}

export async function listenOn(services: Services) {
  const server = serve({ fetch: services.app.fetch, port: 0, hostname: '127.0.0.1' });
  services.pads.attach(server as never);
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    host: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * An editor as y-websocket's provider is one: a Y.Doc and an awareness kept in sync over the
 * pad's socket. `disconnect` keeps the document (local edits pile up), `connect` merges.
 */
export class PadClient {
  readonly doc = new Y.Doc();
  readonly awareness = new awarenessProtocol.Awareness(this.doc);
  /** The JSON text frames heard (status, errors, runs). */
  readonly notices: { type: string; [key: string]: unknown }[] = [];
  /** Every frame heard, as text (binary frames decoded as latin1), to look for leaks. */
  readonly raw: string[] = [];
  ws?: WebSocket;
  closed?: { code: number; reason: string };

  constructor(
    private host: string,
    private padId: string,
    private as: TestUser | null,
  ) {
    this.doc.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin === this) return;
      const e = encoding.createEncoder();
      encoding.writeVarUint(e, 0);
      syncProtocol.writeUpdate(e, update);
      this.send(encoding.toUint8Array(e));
    });
    this.awareness.on(
      'update',
      ({ added, updated, removed }: Record<string, number[]>, origin: unknown) => {
        if (origin === this) return;
        const e = encoding.createEncoder();
        encoding.writeVarUint(e, 1);
        encoding.writeVarUint8Array(
          e,
          awarenessProtocol.encodeAwarenessUpdate(this.awareness, [
            ...added!,
            ...updated!,
            ...removed!,
          ]),
        );
        this.send(encoding.toUint8Array(e));
      },
    );
  }

  text(path: string) {
    return this.doc.getMap<Y.Text>('files').get(path)?.toString();
  }

  /** Opens the socket; answers whether the server accepted it. */
  connect(host = this.host): Promise<boolean> {
    this.closed = undefined;
    const ws = new WebSocket(`ws://${host}/api/pads/${this.padId}/socket`, {
      headers: { ...(this.as ? { cookie: this.as.cookie } : {}), origin: 'http://localhost:3000' },
    });
    this.ws = ws;
    ws.binaryType = 'nodebuffer';
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      this.raw.push(data.toString('latin1'));
      if (!isBinary) {
        this.notices.push(JSON.parse(data.toString()));
        return;
      }
      const decoder = decoding.createDecoder(new Uint8Array(data));
      const type = decoding.readVarUint(decoder);
      if (type === 0) {
        const reply = encoding.createEncoder();
        encoding.writeVarUint(reply, 0);
        syncProtocol.readSyncMessage(decoder, reply, this.doc, this);
        if (encoding.length(reply) > 1) this.send(encoding.toUint8Array(reply));
      } else if (type === 1) {
        awarenessProtocol.applyAwarenessUpdate(
          this.awareness,
          decoding.readVarUint8Array(decoder),
          this,
        );
      }
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
    });
    return new Promise((resolve) => {
      ws.on('open', () => {
        const e = encoding.createEncoder();
        encoding.writeVarUint(e, 0);
        syncProtocol.writeSyncStep1(e, this.doc);
        this.send(encoding.toUint8Array(e));
        if (this.awareness.getLocalState()) {
          const a = encoding.createEncoder();
          encoding.writeVarUint(a, 1);
          encoding.writeVarUint8Array(
            a,
            awarenessProtocol.encodeAwarenessUpdate(this.awareness, [this.doc.clientID]),
          );
          this.send(encoding.toUint8Array(a));
        }
        resolve(true);
      });
      ws.on('error', () => resolve(false));
      ws.on('unexpected-response', () => resolve(false));
    });
  }

  send(frame: Uint8Array) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(frame);
  }

  disconnect() {
    this.ws?.close();
  }

  type(path: string, index: number, text: string) {
    this.doc.getMap<Y.Text>('files').get(path)!.insert(index, text);
  }
}

export const eventually = async <T>(check: () => T | Promise<T>, ms = 5000): Promise<T> => {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
};
