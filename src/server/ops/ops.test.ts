import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { parseEnv } from '../env';
import { createLogger } from '../lib/logger';
import { createServices } from '../server';
import { cuttableProxy } from '../test/cuttable-proxy';
import { createTestApp, type TestApp } from '../test/harness';
import { metricsRoutes } from './metrics';

const TOKEN = 'metrics-token-0123456789';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  await t?.close();
});

describe('health and readiness', () => {
  it('answers /healthz, and /readyz with each check', async () => {
    const health = await t.request('/healthz');
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ ok: true });
    const ready = await t.request('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      ready: true,
      stopping: false,
      checks: { database: { ok: true }, migrations: { ok: true }, storage: { ok: true } },
    });
  });

  it('answers 503 on /readyz while the storage does not answer, 200 once it does', async () => {
    const storage = t.storage as { check: () => Promise<void> };
    const real = storage.check;
    storage.check = async () => {
      throw new Error('connect ECONNREFUSED 10.0.0.7:9000');
    };
    try {
      const res = await t.request('/readyz');
      expect(res.status).toBe(503);
      const body = await res.json();
      // What failed, not where: the answer is public.
      expect(body.checks.storage).toEqual({ ok: false, error: 'the storage does not answer' });
      expect(JSON.stringify(body)).not.toContain('10.0.0.7');
    } finally {
      storage.check = real;
    }
    expect((await t.request('/readyz')).status).toBe(200);
  });
});

describe('metrics', () => {
  it('needs the token', async () => {
    expect((await t.request('/metrics')).status).toBe(401);
    expect(
      (await t.request('/metrics', { headers: { authorization: 'Bearer wrong-token-wrong' } }))
        .status,
    ).toBe(401);
  });

  it('is not served on the app port without METRICS_TOKEN', async () => {
    const routes = metricsRoutes(t.metrics, undefined);
    expect((await routes.request('/metrics')).status).toBe(404);
  });

  it('counts requests by route pattern and status, and reads sockets, outbox and runs', async () => {
    const user = await t.signUp();
    await t.request('/api/config');
    await t.request(`/api/files/profile-images/${user.id}`, { as: user }); // 404: no photo
    await t.request('/api/nothing-here');
    const res = await t.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toMatch(
      /http_requests_total\{method="GET",route="\/api\/config",status="200"\} \d+/,
    );
    // The pattern, never the id: one series per route.
    expect(text).toMatch(
      /http_requests_total\{method="GET",route="\/api\/files\/profile-images\/:userId",status="404"\} 1/,
    );
    expect(text).not.toContain(user.id);
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0.1",method="GET",route="\/api\/config",status="200"\}/,
    );
    expect(text).toMatch(/^websockets_open 0$/m);
    // The sign-up queued a verification or welcome mail, or none: either way a number.
    expect(text).toMatch(/^outbox_pending \d+$/m);
    expect(text).toMatch(/^outbox_oldest_pending_age_seconds [\d.e+-]+$/m);
    expect(text).toMatch(/^test_runs\{status="queued"\} 0$/m);
    expect(text).toMatch(/^test_runs\{status="running"\} 0$/m);
    if (t.database.kind === 'postgres') {
      expect(text).toMatch(/^db_pool_connections\{state="max"\} \d+$/m);
      expect(text).toMatch(/^db_pool_connections\{state="active"\} [1-9]\d*$/m);
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('readiness with PostgreSQL stopped', () => {
  it('answers 503 while the database is unreachable and 200 once it is back, without a restart', {
    timeout: 60_000,
  }, async () => {
    const base = new URL(process.env.TEST_DATABASE_URL as string);
    const name = `test_ready_${Date.now()}`;
    const admin = postgres(base.toString(), { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    const proxy = await cuttableProxy(base);
    const url = new URL(base);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    url.pathname = `/${name}`;
    const env = parseEnv({
      NODE_ENV: 'test',
      DATA_DIR: t.dataDir,
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
      LOG_LEVEL: 'silent',
    });
    const services = await createServices(env, createLogger('silent'), {
      database: await openDatabase({ url: url.toString(), dataDir: '', max: 2 }),
    });
    const readyz = async () => {
      const res = await services.app.request('http://localhost/readyz');
      return { status: res.status, body: await res.json() };
    };
    try {
      expect((await readyz()).status).toBe(200);
      await proxy.cut();
      const down = await readyz();
      expect(down.status).toBe(503);
      expect(down.body.checks.database).toEqual({
        ok: false,
        error: 'the database does not answer',
      });
      expect((await services.app.request('http://localhost/healthz')).status).toBe(200);
      await proxy.restore();
      let up = await readyz();
      for (let i = 0; i < 20 && up.status !== 200; i++) {
        await new Promise((r) => setTimeout(r, 250));
        up = await readyz();
      }
      expect(up.status).toBe(200);
    } finally {
      await proxy.restore();
      await services.close().catch(() => {});
      await proxy.cut();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });
});
