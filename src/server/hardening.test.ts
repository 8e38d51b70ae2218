import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from './test/harness';

let t: TestApp;
let candidate: TestUser;
let recruiter: TestUser;
let server: ReturnType<typeof serve>;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  candidate = await t.createUser('candidate');
  recruiter = await t.createUser('recruiter');
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

/** Writes raw bytes on one socket and collects everything the server answers until it closes or goes quiet. */
function rawExchange(chunks: (string | Buffer)[], quietMs = 400): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    let timer: NodeJS.Timeout | undefined;
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(received);
    };
    const quiet = () => {
      clearTimeout(timer);
      timer = setTimeout(finish, quietMs);
    };
    socket.on('data', (data) => {
      received += data.toString('latin1');
      quiet();
    });
    socket.on('close', finish);
    socket.on('error', (error) => {
      if (received) finish();
      else reject(error);
    });
    socket.on('connect', () => {
      for (const chunk of chunks) socket.write(chunk);
      quiet();
    });
  });
}

const statusLines = (raw: string) => raw.match(/HTTP\/1\.1 \d{3}/g) ?? [];

describe('request bodies', () => {
  it('answers 413 to a JSON body over the limit and closes the connection, so no later request goes unanswered', async () => {
    const big = JSON.stringify({ text: 'x'.repeat(300 * 1024) });
    const raw = await rawExchange([
      `POST /api/conversations HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${big.length}\r\nConnection: keep-alive\r\n\r\n`,
      big,
      'GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n',
    ]);
    const statuses = statusLines(raw);
    expect(statuses[0]).toBe('HTTP/1.1 413');
    expect(raw.toLowerCase()).toContain('connection: close');
    expect(raw).toContain('The request is too large');
    // Either the follow-up is answered, or the server said it would close; never silence after a keep-alive promise.
    if (statuses.length === 1) expect(raw.toLowerCase()).toContain('connection: close');
    else expect(statuses[1]).toBe('HTTP/1.1 200');
  });

  it('keeps serving on a fresh connection after a 413', async () => {
    const big = 'x'.repeat(300 * 1024);
    await rawExchange([
      `POST /api/conversations HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${big.length}\r\n\r\n`,
      big,
    ]);
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  });

  it('holds chunked bodies without Content-Length to the same 256 KB limit', async () => {
    const chunk = 'x'.repeat(64 * 1024);
    const body = Array.from({ length: 5 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    const raw = await rawExchange([
      `POST /api/conversations HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nCookie: ${candidate.cookie}\r\n\r\n`,
      ...body,
      '0\r\n\r\n',
    ]);
    expect(statusLines(raw)[0]).toBe('HTTP/1.1 413');
    const count = await t.database.query<{ n: number }>(
      'select count(*)::int as n from conversation',
    );
    expect(count[0]?.n).toBe(0);
  });

  it('takes a chunked body under the limit like any other', async () => {
    const json = JSON.stringify({ score: 5, feedback: '' });
    const raw = await rawExchange([
      `PUT /api/assessments/nope/evaluation HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nCookie: ${recruiter.cookie}\r\n\r\n`,
      `${json.length.toString(16)}\r\n${json}\r\n0\r\n\r\n`,
    ]);
    expect(statusLines(raw)[0]).toBe('HTTP/1.1 404');
  });
});

describe('the NUL character', () => {
  it('is refused with a 400 in a JSON body, also as a key, and nothing is stored', async () => {
    for (const [json, field] of [
      [{ recipientIds: [recruiter.id], subject: 'Hi\u0000', message: 'x' }, 'subject'],
      [{ recipientIds: [recruiter.id], subject: 'Hi', message: 'x', 'k\u0000': 1 }, 'k'],
    ] as const) {
      const res = await t.request('/api/conversations', { method: 'POST', as: candidate, json });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.message).toBe(`${field}: Text must not contain the NUL character`);
      expect(body.issues[0].path).toEqual([field]);
    }
    const rows = await t.database.query<{ n: number }>(
      'select count(*)::int as n from conversation',
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('is refused in ids, paths and queries', async () => {
    for (const path of [
      '/api/conversations/abc%00def',
      '/api/assessments/a%00',
      '/api/conversations?cursor=1_%00',
      '/api/files/profile-images/x%00y',
    ]) {
      const res = await t.request(path, { as: candidate });
      expect(res.status, path).toBe(400);
    }
  });

  it('is refused on better-auth routes too, which still work with a clean body', async () => {
    const res = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: `${candidate.email}\u0000`, password: candidate.password },
    });
    expect(res.status).toBe(400);
    const ok = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: candidate.email, password: candidate.password },
    });
    expect(ok.status).toBe(200);
  });
});

describe('malformed ids, dates and cursors', () => {
  it('refuses an unsafe storage key as bad input, not a crash', async () => {
    for (const id of ['a.b', 'a%2Fb', 'x y']) {
      const res = await t.request(`/api/files/profile-images/${encodeURI(id)}`, {
        as: candidate,
      });
      expect(res.status, id).toBe(400);
      expect((await res.json()).message).toContain('Not a valid id');
    }
  });

  it('refuses impossible calendar dates', async () => {
    for (const dueDate of ['2030-02-30', '2030-13-01', '0000-01-01', '2030-00-10']) {
      const res = await t.request('/api/assessments', {
        method: 'POST',
        as: recruiter,
        json: { templateId: 'template_1', candidateId: candidate.id, dueDate },
      });
      expect(res.status, dueDate).toBe(400);
      expect((await res.json()).message).toContain('real due date');
    }
  });

  it('refuses inbox cursors outside the dates a database holds', async () => {
    for (const cursor of ['999999999999999_x', '1_a.b', 'x', '_']) {
      const res = await t.request(`/api/conversations?cursor=${encodeURIComponent(cursor)}`, {
        as: candidate,
      });
      expect(res.status, cursor).toBe(400);
      expect((await res.json()).message).toBeTruthy();
    }
  });
});

/** The SQL statements the embedded database runs while `action` does. */
async function statementsOf(action: () => Promise<void>): Promise<string[]> {
  const { PGlite } = await import('@electric-sql/pglite');
  const proto = PGlite.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const statements: string[] = [];
  const originals = { query: proto.query!, exec: proto.exec! };
  for (const name of ['query', 'exec'] as const) {
    proto[name] = function (this: unknown, ...args: unknown[]) {
      statements.push(String(args[0]));
      return originals[name].apply(this, args);
    };
  }
  try {
    await action();
  } finally {
    Object.assign(proto, originals);
  }
  return statements;
}

describe('the cost of a signed-in request', () => {
  it.skipIf(process.env.TEST_DATABASE_URL)(
    'reads the session and its user in one statement, then not again for that cookie',
    async () => {
      t.sessions.clear();
      const unread = async () => {
        const res = await t.request('/api/conversations/unread-count', { as: candidate });
        expect(res.status).toBe(200);
      };
      const first = await statementsOf(unread);
      const sessionReads = first.filter((s) => /from "session"/i.test(s));
      expect(sessionReads).toHaveLength(1);
      expect(first.filter((s) => /from "user"/i.test(s) && !/"session"/.test(s))).toEqual([]);
      const second = await statementsOf(unread);
      expect(
        second.filter((s) => /"session"|"user"/i.test(s)),
        second.join('\n---\n'),
      ).toEqual([]);
    },
  );

  it.skipIf(process.env.TEST_DATABASE_URL)(
    'sends a message in one statement, a function whose plans are kept',
    async () => {
      const started = await t.request('/api/conversations', {
        method: 'POST',
        as: recruiter,
        json: { recipientIds: [candidate.id], subject: 'Cost', message: 'First' },
      });
      expect(started.status).toBe(201);
      const { id } = (await started.json()) as { id: string };
      const send = async (content: string) => {
        const res = await t.request(`/api/conversations/${id}/messages`, {
          method: 'POST',
          as: recruiter,
          json: { content, clientId: `cost-${content}` },
        });
        expect(res.status).toBe(201);
      };
      await send('warm'); // the session policy's clock is written at most once a minute
      const statements = await statementsOf(() => send('measured'));
      expect(statements, statements.join('\n---\n')).toHaveLength(1);
      expect(statements[0]).toMatch(/from send_message\(/);
      const rows = await t.database.query<{ content: string }>(
        'select content from message where conversation_id = $1 order by seq',
        [id],
      );
      expect(rows.map((r) => r.content)).toEqual(['First', 'warm', 'measured']);
    },
  );
});
