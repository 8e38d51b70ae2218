import type { Server } from 'node:http';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEEP_ALIVE_MS, keepConnectionsAlive } from './keep-alive';

let server: Server;

beforeAll(async () => {
  const app = new Hono().get('/', (c) => c.text('ok'));
  server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0 }, () => resolve(s as unknown as Server));
  });
  keepConnectionsAlive(server);
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('kept-alive connections', () => {
  it('outlast the minute clients keep theirs for', () => {
    expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_MS);
    expect(KEEP_ALIVE_MS).toBeGreaterThan(60_000);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
  });

  it('tell clients so in the Keep-Alive header', async () => {
    const { port } = server.address() as AddressInfo;
    const agent = new Agent({ keepAlive: true });
    try {
      const header = await new Promise<string | undefined>((resolve, reject) => {
        const req = request({ port, path: '/', agent }, (res) => {
          res.resume();
          resolve(res.headers['keep-alive']?.toString());
        });
        req.on('error', reject);
        req.end();
      });
      expect(header).toBe(`timeout=${KEEP_ALIVE_MS / 1000}`);
    } finally {
      agent.destroy();
    }
  });
});
