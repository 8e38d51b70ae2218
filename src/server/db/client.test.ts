import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unpackPgliteTemplate } from '../test/pglite-template';
import {
  DatabaseLockedError,
  DataDirError,
  maintainTables,
  openDatabase,
  processStartTime,
  secureDataDir,
} from './client';
import { compiledPglite } from './pglite-worker';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});
const tempDir = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'talentforge-db-'));
  dirs.push(dir);
  return dir;
};

/** A DATA_DIR holding a migrated database, as a server left it (made afresh: pglite-init.test.ts). */
const dataDirWithDatabase = async () => {
  const dir = await tempDir();
  await unpackPgliteTemplate(dir);
  return dir;
};

describe.skipIf(process.env.TEST_DATABASE_URL)('the embedded database', { timeout: 90_000 }, () => {
  it('refuses a second process while the first holds it, and keeps data across a reopen', async () => {
    const dir = await dataDirWithDatabase();
    const first = await openDatabase({ dataDir: dir });
    await first.query(
      `insert into outbox (id, "to", subject, text) values ('m1', 'a@b.c', 's', 't')`,
    );
    // Another live process holds the lock: pid 1 always exists.
    await first.close();
    await writeFile(path.join(dir, 'db.lock'), '1');
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DatabaseLockedError);
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(
      /in use by another process \(pid 1\)/,
    );
    // A lock left by a process that died is taken over.
    await writeFile(path.join(dir, 'db.lock'), '999999999');
    const second = await openDatabase({ dataDir: dir });
    expect(await second.query('select id from outbox')).toEqual([{ id: 'm1' }]);
    await second.close();
  });

  it('takes over a lock whose pid now belongs to another program, but not one its writer still holds', async () => {
    const dir = await dataDirWithDatabase();
    const other = spawn('sleep', ['30']);
    try {
      const pid = other.pid!;
      await expect.poll(() => processStartTime(pid)).not.toBeNull();
      // The pid is alive, but it was started at another time than the lock's writer.
      await writeFile(path.join(dir, 'db.lock'), `${pid} 1`);
      const db = await openDatabase({ dataDir: dir });
      const [, started] = (await readFile(path.join(dir, 'db.lock'), 'utf8')).split(' ');
      expect(started).toBe(processStartTime(process.pid));
      await db.close();
      // The same pid with its real start time is a live holder.
      await writeFile(path.join(dir, 'db.lock'), `${pid} ${processStartTime(pid)}`);
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DatabaseLockedError);
    } finally {
      other.kill();
    }
  });

  it('takes over a lock whose writer was killed and is now a zombie its parent has not reaped', async () => {
    const dir = await dataDirWithDatabase();
    // The background sleep ends at once; its parent (now `sleep 30`) never waits for it.
    const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 30']);
    try {
      const pid = Number(
        await new Promise<string>((resolve) => parent.stdout.once('data', resolve)),
      );
      const state = async () => {
        const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
        return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
      };
      // vitest polls for 1 s by default; a loaded machine can take longer to run `sleep 0`.
      await expect.poll(state, { timeout: 15_000 }).toBe('Z');
      await writeFile(path.join(dir, 'db.lock'), `${pid} ${processStartTime(pid)}`);
      const db = await openDatabase({ dataDir: dir });
      await db.close();
    } finally {
      parent.kill();
    }
  });
});

describe('statistics on the embedded database', { timeout: 90_000 }, () => {
  // One empty cluster for both tests (each makes its own table), on the WebAssembly the
  // suite's databases already compiled: an initdb and a compile less.
  let client: PGlite;
  beforeAll(async () => {
    client = new PGlite({ pgliteWasmModule: await compiledPglite() });
    await client.waitReady;
  });
  afterAll(() => client?.close());

  it('analyzes a table that changed a lot, so the planner reads the newest rows from the index', async () => {
    await client.exec(`
        create table item (id bigserial, grp text not null, body text not null);
        create index item_grp_id on item (grp, id);
        analyze;
        insert into item (grp, body) select 'big', 'x' || g from generate_series(1, 10000) g;`);
    const plan = async () =>
      (
        await client.query<{ 'QUERY PLAN': string }>(
          `explain select * from item where grp = 'big' order by id desc limit 50`,
        )
      ).rows
        .map((r) => r['QUERY PLAN'])
        .join('\n');
    expect(await plan()).not.toContain('Index Scan Backward');
    await maintainTables(client);
    expect(await plan()).toContain('Index Scan Backward');
  });

  it('vacuums a table whose rows are updated over and over, as autovacuum would', async () => {
    await client.exec(`
        create table counter (id int primary key, n int not null, at timestamptz not null);
        create index counter_at on counter (at);
        insert into counter values (1, 0, now());`);
    for (let i = 0; i < 300; i++) {
      await client.query('update counter set n = n + 1, at = now() where id = 1');
    }
    const stats = async () => {
      await client.query('select pg_stat_force_next_flush()');
      return (
        await client.query<{ dead: number; vacuumed: Date | null }>(
          `select n_dead_tup::int as dead, last_vacuum as vacuumed
               from pg_stat_user_tables where relname = 'counter'`,
        )
      ).rows[0]!;
    };
    expect((await stats()).dead).toBeGreaterThan(100);
    await maintainTables(client);
    const after = await stats();
    expect(after.vacuumed).not.toBeNull();
    expect(after.dead).toBeLessThan(10);
    expect((await client.query<{ n: number }>('select n from counter')).rows).toEqual([{ n: 300 }]);
  });
});

describe('DATA_DIR', () => {
  const mode = async (p: string) => (await stat(p)).mode & 0o777;

  it('is created private', async () => {
    const dir = path.join(await tempDir(), 'data');
    secureDataDir(dir, () => {
      throw new Error('no warning expected');
    });
    expect(await mode(dir)).toBe(0o700);
  });

  it('an existing one open to others is made private at start, with a warning', async () => {
    const dir = await tempDir();
    await chmod(dir, 0o755);
    await mkdir(path.join(dir, 'pglite', 'global'), { recursive: true, mode: 0o755 });
    await writeFile(path.join(dir, 'pglite', 'global', 'pg_control'), 'x', { mode: 0o666 });
    const warnings: string[] = [];
    secureDataDir(dir, (m) => warnings.push(m));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('0700');
    expect(await mode(dir)).toBe(0o700);
    expect(await mode(path.join(dir, 'pglite'))).toBe(0o700);
    expect(await mode(path.join(dir, 'pglite', 'global', 'pg_control'))).toBe(0o600);
  });

  it.each(['/usr/local/talentforge-data', '/lib/talentforge', '/bin/data'])(
    'is refused under a system folder: %s',
    async (dir) => {
      expect(() => secureDataDir(dir)).toThrow(DataDirError);
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/under \/(usr|lib|bin)/);
      expect(existsSync(dir)).toBe(false);
    },
  );
});
