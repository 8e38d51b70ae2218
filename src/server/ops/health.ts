import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import type { Database } from '../db/client';
import { migrationsFolder } from '../lib/paths';
import type { Storage } from '../storage/storage';

/** How long one readiness check may take before it counts as failed. */
const CHECK_TIMEOUT_MS = 2000;

export type CheckResult = { ok: true } | { ok: false; error: string };

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} does not answer`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The newest migration's timestamp in drizzle/meta/_journal.json (what drizzle compares). */
function newestMigration(): number {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((e) => e.when));
}

export interface ReadinessDeps {
  database: Database;
  storage: Storage;
  /** True once the process is shutting down: the balancer should stop sending requests. */
  stopping?: () => boolean;
}

/** Each check of /readyz: the database answers, every migration is applied, the storage answers. */
export async function readiness(deps: ReadinessDeps) {
  const expected = newestMigration();
  // The answer is public: it says what failed, not the inside (hosts, addresses).
  const run = async (what: string, check: () => Promise<void>): Promise<CheckResult> => {
    try {
      await withTimeout(check(), what);
      return { ok: true };
    } catch (error) {
      const known = error instanceof Error && error.message.startsWith('migrations');
      return { ok: false, error: known ? (error as Error).message : `${what} does not answer` };
    }
  };
  const [database, migrations, storage] = await Promise.all([
    run('the database', async () => {
      await deps.database.query('select 1');
    }),
    run('the database', async () => {
      const [row] = await deps.database.query<{ applied: string | null }>(
        'select max(created_at)::text as applied from drizzle.__drizzle_migrations',
      );
      const applied = Number(row?.applied ?? 0);
      if (applied < expected) throw new Error('migrations are not all applied');
    }),
    run('the storage', () => deps.storage.check()),
  ]);
  const checks = { database, migrations, storage };
  const stopping = deps.stopping?.() ?? false;
  const ready = !stopping && Object.values(checks).every((c) => c.ok);
  return { ready, stopping, checks };
}

/**
 * GET /healthz: the process is up and serving (no dependency is checked: a
 * restart would not fix a database that is down). GET /readyz: 200 when the
 * database answers, the migrations are applied and the storage answers; 503
 * otherwise, and while shutting down. Each request checks again, so it
 * recovers by itself.
 */
export function healthRoutes(deps: ReadinessDeps) {
  const app = new Hono();
  app.get('/healthz', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ ok: true });
  });
  app.get('/readyz', async (c) => {
    const result = await readiness(deps);
    c.header('Cache-Control', 'no-store');
    return c.json(result, result.ready ? 200 : 503);
  });
  return app;
}
