import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../lib/paths';
import { createTestApp, type TestApp } from '../test/harness';
import { Metrics } from './metrics';
import { operationIdOf } from './openapi-document';

/** What operators' and client generators' tools say about our outputs (issue 32). */
const root = projectRoot();
const has = (tool: string) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
const work = mkdtempSync(path.join(tmpdir(), 'talentforge-outputs-'));
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: 'metrics-token-0123456789' });
});
afterAll(async () => {
  await t?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('/metrics', () => {
  const exposition = async () => {
    const metrics = new Metrics({
      database: t.database,
      openSockets: () => 0,
      processMetrics: true,
    });
    return metrics.text();
  };

  it('names counters with _total and nothing else with it (promtool’s rules)', async () => {
    const text = await exposition();
    const types = [...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map(([, name, type]) => ({
      name,
      type,
    }));
    expect(types.length).toBeGreaterThan(20);
    const helped = new Set([...text.matchAll(/^# HELP (\S+) \S/gm)].map(([, name]) => name));
    for (const { name, type } of types) {
      expect(helped.has(name), `${name} has HELP`).toBe(true);
      expect(name?.endsWith('_total'), `${name} (${type})`).toBe(type === 'counter');
    }
    expect(text).toMatch(/^nodejs_active_handles\{type="\w+"\} \d+/m);
  });

  it.runIf(has('promtool'))('passes `promtool check metrics`', async () => {
    const check = spawnSync('promtool', ['check', 'metrics'], { input: await exposition() });
    expect(`${check.stdout}${check.stderr}`).toBe('');
    expect(check.status).toBe(0);
  });
});

describe('/api/openapi.json', () => {
  it('names every operation once and says how each is authenticated', async () => {
    const res = await t.request('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      paths: Record<string, Record<string, { operationId?: string; security?: unknown[] }>>;
      components: {
        securitySchemes: Record<string, { type: string; in?: string; scheme?: string }>;
      };
      servers: { url: string }[];
    };
    const ids = Object.values(doc.paths).flatMap((item) =>
      Object.values(item).map((op) => op.operationId),
    );
    expect(ids.length).toBeGreaterThan(100);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/jobs/{id}']?.get?.operationId).toBe('getJobsById');
    expect(doc.paths['/api/jobs/{id}']?.get?.security).toEqual([{ sessionCookie: [] }]);
    expect(doc.paths['/metrics']?.get?.security).toEqual([{ metricsToken: [] }]);
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
    });
    expect(doc.components.securitySchemes.metricsToken).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    expect(doc.servers).toEqual([{ url: 'http://localhost:3000', description: 'This server' }]);
  });

  it('has no errors under `redocly lint` (recommended rules)', { timeout: 120_000 }, async () => {
    const file = path.join(work, 'openapi.json');
    writeFileSync(file, await (await t.request('/api/openapi.json')).text());
    const redocly = path.join(root, 'node_modules', '.bin', 'redocly');
    let output = '';
    let status = 0;
    try {
      output = execFileSync(redocly, ['lint', file, '--extends=recommended', '--format=json'], {
        cwd: work,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? '');
      status = (error as { status?: number }).status ?? 1;
    }
    const report = JSON.parse(output) as {
      totals: { errors: number };
      problems: { ruleId: string; severity: string; message: string }[];
    };
    const errors = report.problems.filter((p) => p.severity === 'error');
    expect(errors.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals.errors).toBe(0);
    expect(status).toBe(0);
  });

  it('derives operation ids from the method and path', () => {
    expect(operationIdOf('post', '/api/jobs/{id}/applications')).toBe('postJobsByIdApplications');
    expect(operationIdOf('get', '/api/auth/two-factor/status')).toBe('getAuthTwoFactorStatus');
  });
});
