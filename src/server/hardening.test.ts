import { Agent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from './test/harness';
import { countStatements } from './test/statement-counter';

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
  it('answers 413 to a JSON body over the limit, and the next request on the connection too', async () => {
    const big = JSON.stringify({ text: 'x'.repeat(300 * 1024) });
    const raw = await rawExchange([
      `POST /api/conversations HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${big.length}\r\nConnection: keep-alive\r\n\r\n`,
      big,
      'GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n',
    ]);
    const statuses = statusLines(raw);
    expect(statuses[0]).toBe('HTTP/1.1 413');
    expect(raw).toContain('The request is too large');
    // The refused body was read to its end: the follow-up is answered on the same connection.
    expect(statuses[1]).toBe('HTTP/1.1 200');
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

describe('a photo over the limit (7 MB)', () => {
  const boundary = '----photo-boundary';
  /** A browser's multipart upload of one 7 MB photo. */
  function photoForm(size = 7 * 1024 * 1024) {
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    return Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, 7), tail]);
  }

  /**
   * As a browser does it: the whole body written first (64 KB at a time, as
   * fast as the socket takes it), then the answer read. A connection reset on
   * the way is what the browser would report instead of the answer.
   */
  function browserLikeUpload(body: Buffer): Promise<{ status: number; message?: string } | Error> {
    return new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.pause();
      let settled = false;
      const settle = (value: { status: number; message?: string } | Error) => {
        if (settled) return;
        settled = true;
        socket.destroy();
        resolve(value);
      };
      socket.on('error', (error) => settle(error));
      socket.on('connect', async () => {
        socket.write(
          `POST /api/profile/image HTTP/1.1\r\nHost: localhost\r\nCookie: ${candidate.cookie}\r\n` +
            `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n\r\n`,
        );
        for (let at = 0; at < body.length && !settled; at += 64 * 1024) {
          if (!socket.write(body.subarray(at, at + 64 * 1024))) {
            await new Promise((r) => socket.once('drain', r));
          }
        }
        let raw = '';
        socket.on('data', (data) => {
          raw += data.toString('latin1');
          const [head, json] = raw.split('\r\n\r\n');
          const length = Number(/content-length: (\d+)/i.exec(head ?? '')?.[1]);
          if (json !== undefined && json.length >= length) {
            settle({
              status: Number(head?.split(' ')[1]),
              message: (JSON.parse(json) as { message?: string }).message,
            });
          }
        });
        socket.on('end', () => settle(new Error(`closed after: ${raw.slice(0, 200)}`)));
        socket.resume();
      });
    });
  }

  it('is answered 413 with its message every time, never a connection reset', async () => {
    const body = photoForm();
    for (let i = 0; i < 5; i++) {
      expect(await browserLikeUpload(body)).toEqual({
        status: 413,
        message: 'The request is too large',
      });
    }
  });

  it('leaves a kept-alive connection usable, chunked or not (an HTTP client agent)', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const body = photoForm();
    const send = (chunked: boolean) =>
      new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            path: '/api/profile/image',
            method: 'POST',
            agent,
            headers: {
              cookie: candidate.cookie,
              'content-type': `multipart/form-data; boundary=${boundary}`,
              ...(chunked ? {} : { 'content-length': String(body.length) }),
            },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk) => {
              text += chunk;
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    try {
      for (const chunked of [true, false, true]) {
        const answer = await send(chunked);
        expect(answer.status).toBe(413);
        expect(JSON.parse(answer.text)).toEqual({ message: 'The request is too large' });
      }
      const health = await new Promise<number>((resolve, reject) =>
        httpRequest({ host: '127.0.0.1', port, path: '/api/health', agent }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
          .on('error', reject)
          .end(),
      );
      expect(health).toBe(200);
    } finally {
      agent.destroy();
    }
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

/** The SQL statements the database runs while `action` does (test/statement-counter.ts). */
const statementsOf = (action: () => Promise<void>) => countStatements(t.database).during(action);

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
