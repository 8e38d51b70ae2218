import {
  chmodSync,
  closeSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { migrationsFolder as migrationsFolderPath } from '../lib/paths';
import { pgArrayTypes } from './pg-arrays';
import { createPgliteDataDir } from './pglite-init';
import { compiledPglite, PgliteThread } from './pglite-worker';
import * as schema from './schema';

/** The query builder both drivers share; PGlite's is typed as postgres-js's. */
export type Db = PostgresJsDatabase<typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL URL (for LISTEN/NOTIFY); none for the embedded database. */
  url?: string;
  /** Connections the pool may open (PostgreSQL). */
  poolSize?: number;
  /** Raw SQL returning rows, for the few places the query builder does not reach. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** The embedded database's files as one tarball (PGlite's dumpDataDir); none for PostgreSQL. */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

/** An open transaction of the query builder. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Raw SQL on the query builder's own connection or open transaction, for the
 * hottest statements: the query builder's own work per call (building the
 * statement, its result mapping, its type parsers copied per query on PGlite)
 * costs about 0.2 ms, a fifth of a send. Parameters are bound as usual
 * ($1, $2 …); never build the text from input.
 */
export function rawQuery(db: Db | Tx) {
  const client = (db as unknown as { session: { client: unknown } }).session.client;
  if (typeof (client as { unsafe?: unknown }).unsafe === 'function') {
    const sql = client as { unsafe(text: string, params: unknown[]): Promise<unknown[]> };
    return async <T>(text: string, params: unknown[]) => (await sql.unsafe(text, params)) as T[];
  }
  const pglite = client as { query(text: string, params: unknown[]): Promise<{ rows: unknown[] }> };
  return async <T>(text: string, params: unknown[]) =>
    (await pglite.query(text, params)).rows as T[];
}

// Found from src/ (tsx) and from the compiled dist/server alike.
const migrationsFolder = migrationsFolderPath();

export class DatabaseLockedError extends Error {}
export class DataDirError extends Error {}

/** System folders a data folder must never be in: test runs and other programs read them. */
const SYSTEM_FOLDERS = [
  '/usr',
  '/lib',
  '/lib32',
  '/lib64',
  '/libx32',
  '/bin',
  '/sbin',
  '/boot',
  '/proc',
  '/sys',
  '/dev',
];

/** The path with symlinks resolved as far as it exists (the rest appended). */
function resolveExisting(dir: string): string {
  const absolute = path.resolve(dir);
  let existing = absolute;
  const rest: string[] = [];
  while (!existsSync(existing)) {
    rest.unshift(path.basename(existing));
    const parent = path.dirname(existing);
    if (parent === existing) break;
    existing = parent;
  }
  try {
    return path.join(realpathSync(existing), ...rest);
  } catch {
    return absolute;
  }
}

/**
 * DATA_DIR is private to the server: refused under a system folder, created
 * 0700, and an existing one with group or other access is fixed at start with
 * a warning (folders 0700, files 0600, symlinks left alone). Files created
 * later inside it keep the umask's mode but sit behind the 0700 folder.
 */
export function secureDataDir(
  dataDir: string,
  warn: (message: string) => void = (message) => console.warn(message),
): void {
  const real = resolveExisting(dataDir);
  const system = SYSTEM_FOLDERS.find((f) => real === f || real.startsWith(`${f}/`));
  if (system) {
    throw new DataDirError(
      `DATA_DIR ${dataDir} is under ${system}: choose a private folder elsewhere (e.g. /var/lib/talentforge).`,
    );
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const top = lstatSync(dataDir);
  if (!top.isDirectory()) throw new DataDirError(`DATA_DIR ${dataDir} is not a folder.`);
  const loose = (top.mode & 0o077) !== 0;
  let fixed = 0;
  const tighten = (target: string, mode: number) => {
    const stat = lstatSync(target);
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & 0o077) !== 0) {
      chmodSync(target, mode);
      fixed += 1;
    }
    if (stat.isDirectory()) {
      for (const name of readdirSync(target)) {
        const child = path.join(target, name);
        tighten(child, lstatSync(child).isDirectory() ? 0o700 : 0o600);
      }
    }
  };
  tighten(dataDir, 0o700);
  if (loose) {
    warn(
      `DATA_DIR ${dataDir} was readable by other users; it is now 0700 (${fixed} folders and files made private).`,
    );
  }
}

/**
 * PGlite has no lock of its own: two processes opening one data directory
 * corrupt it. The first process takes `db.lock`, writing its pid and the
 * time the kernel started it; a second one is refused. A pid alone is not
 * enough: after a crash and a reboot the pid may belong to another program,
 * so the lock counts only while that pid still has the recorded start time.
 */
function takeLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'db.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, `${process.pid} ${processStartTime(process.pid) ?? ''}`.trim());
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const [pidText, started] = readFileSync(file, 'utf8').trim().split(/\s+/);
      const pid = Number(pidText);
      if (pid && pid !== process.pid && holdsLock(pid, started)) {
        throw new DatabaseLockedError(
          `The embedded database in ${dataDir} is in use by another process (pid ${pid}). ` +
            'Stop that process first, or use a PostgreSQL server with DATABASE_URL.',
        );
      }
      rmSync(file, { force: true }); // left behind by a process that died
    }
  }
  throw new DatabaseLockedError(`Could not take the database lock in ${dataDir}.`);
}

/** Whether the process that wrote the lock is still running (the same process, not a reused pid). */
function holdsLock(pid: number, recordedStart: string | undefined): boolean {
  if (!isAlive(pid)) return false;
  const current = processStartTime(pid);
  // Without /proc (not Linux) or an old lock without a start time, a live pid is all we know.
  if (!recordedStart || current === null) return true;
  return current === recordedStart;
}

/** The process's start time in clock ticks since boot (/proc/PID/stat, field 22), or null where unknown. */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // Killed (kill -9) but not yet reaped by its parent, a zombie still answers
  // signal 0, yet holds nothing: a restart right after the kill must go ahead.
  return !isZombie(pid);
}

/** State Z (zombie) or X (dead) in /proc/PID/stat (field 3); false where unknown. */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state === 'Z' || state === 'X';
  } catch {
    return false;
  }
}

export interface OpenOptions {
  /** postgres:// URL; without it the embedded database is used. */
  url?: string;
  /** Where the embedded database lives; 'memory://' for a throwaway one. */
  dataDir: string;
  /** Pool size for PostgreSQL. */
  max?: number;
  /** Where a warning about DATA_DIR's permissions goes (console.warn by default). */
  warn?: (message: string) => void;
  /**
   * For a 'memory://' database: a dump of one already migrated (PGlite's dumpDataDir) to
   * start from, which skips the half-second-to-seconds initdb of a fresh cluster. Tests
   * use it (src/server/test/pglite-template.ts); the migrations still run (a no-op when
   * the dump is current).
   */
  template?: Blob;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (!options.dataDir.startsWith('memory://')) {
    // With PostgreSQL the folder holds only the auth secret, if anything.
    if (!options.url || existsSync(options.dataDir)) secureDataDir(options.dataDir, options.warn);
  }
  if (options.url) return openPostgres(options.url, options.max ?? 10);
  return openPglite(options.dataDir, options.template);
}

const MAINTENANCE_CHECK_MS = 30_000;

/**
 * Autovacuum's rules, which PGlite lacks (it runs no background workers): a table is
 * vacuumed once its dead rows pass 50 plus 20 % of its live ones, and analyzed once more
 * than 50 rows plus 10 % of it changed since its last analyze. Without the vacuum, rows
 * updated on every request (a conversation and its participants on every message, the
 * send limits, the session clock) leave their old versions in the table and its indexes,
 * and every later read of them wades through more: a send slowed from 0.75 to 1.8 ms over
 * ten thousand messages in one conversation, and recovered at once after a vacuum.
 */
export async function maintainTables(client: {
  query<T>(text: string): Promise<{ rows: T[] }>;
  exec(text: string): Promise<unknown>;
}) {
  // Statistics counters reach the shared view only when flushed.
  await client.query('select pg_stat_force_next_flush()');
  const { rows } = await client.query<{ name: string; vacuum: boolean }>(
    `select quote_ident(schemaname) || '.' || quote_ident(relname) as name,
            n_dead_tup > 50 + 0.2 * n_live_tup as vacuum
       from pg_stat_user_tables
      where n_dead_tup > 50 + 0.2 * n_live_tup
         or n_mod_since_analyze > 50 + 0.1 * n_live_tup`,
  );
  for (const { name, vacuum } of rows) {
    await client.exec(vacuum ? `vacuum (analyze) ${name}` : `analyze ${name}`);
  }
}

async function openPglite(dataDir: string, template?: Blob): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  const release = inMemory ? () => {} : takeLock(dataDir);
  try {
    if (!inMemory) await createPgliteDataDir(path.join(dataDir, 'pglite'), migrationsFolder);
    // On a thread of its own (db/pglite-worker.ts); pg_trgm, Find Candidates' fuzzy
    // matching, is loaded there (the migrations create the extension).
    const wasmModule = await compiledPglite();
    const client = new PgliteThread(
      inMemory
        ? {
            wasmModule,
            ...(template
              ? {
                  template: {
                    bytes: new Uint8Array(await template.arrayBuffer()),
                    type: template.type,
                  },
                }
              : {}),
          }
        : { wasmModule, dataDir: path.join(dataDir, 'pglite') },
    );
    try {
      await client.waitReady;
    } catch (error) {
      await client.close().catch(() => {});
      throw error;
    }
    const db = drizzlePglite(client as unknown as PGlite, { schema }) as unknown as Db;
    await client.migrate(migrationsFolder);
    // PGlite runs no autovacuum: without this the planner never learns that a conversation
    // has 10,000 messages and sorts them all instead of reading the newest 50 from the index.
    // A template (the tests' migrated, empty database) was analyzed when it was made, by
    // this same line: again would cost ~0.2 CPU-s per test file and change nothing.
    if (!template) await client.exec('analyze');
    const maintenance = setInterval(() => {
      maintainTables(client).catch(() => {});
    }, MAINTENANCE_CHECK_MS);
    maintenance.unref();
    return {
      db,
      kind: 'pglite',
      async query(text, params) {
        const result = await client.query(text, params as unknown[]);
        return result.rows as never[];
      },
      dumpDataDir: () => client.dumpDataDir('none'),
      async close() {
        clearInterval(maintenance);
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** How this process's connections are named in pg_stat_activity (the pool-use metric reads it). */
export const APPLICATION_NAME = `talentforge-${process.pid}`;

/**
 * Every postgres.js client's options: no type lookup on connect (its un-awaited query
 * ends the process when a connection drops at that moment), the array types declared instead.
 */
export const POSTGRES_OPTIONS = {
  onnotice: () => {},
  fetch_types: false,
  types: pgArrayTypes,
} as const;

async function openPostgres(url: string, max: number): Promise<Database> {
  const client = postgres(url, {
    ...POSTGRES_OPTIONS,
    max,
    connection: { application_name: APPLICATION_NAME },
  });
  const db = drizzlePostgres(client, { schema });
  // Several servers may start at once: one migrates, the others wait for it.
  // One connection, so the session-level lock covers every migration query.
  const migrator = postgres(url, { ...POSTGRES_OPTIONS, max: 1 });
  try {
    await migrator`select pg_advisory_lock(7263541)`;
    await migratePostgres(drizzlePostgres(migrator, { schema }), { migrationsFolder });
    await migrator`select pg_advisory_unlock(7263541)`;
  } finally {
    await migrator.end({ timeout: 5 });
  }
  return {
    db,
    kind: 'postgres',
    url,
    poolSize: max,
    async query(text, params) {
      return (await client.unsafe(text, params as never[])) as never[];
    },
    async close() {
      await client.end({ timeout: 5 });
    },
  };
}
