import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, desc, eq, like } from 'drizzle-orm';
import postgres from 'postgres';
import type { Role } from '../../domain/constants';
import { createAccount } from '../auth/users';
import { type Database, openDatabase } from '../db/client';
import { outbox } from '../db/schema';
import { parseEnv } from '../env';
import { createLogger } from '../lib/logger';
import { createServices, type Services } from '../server';
import { borrowPglite } from './pglite-pool';
import { migrationsFingerprint } from './pglite-template';

export const TEST_APP_URL = 'http://localhost:3000';

/**
 * A fresh database per test file: an empty in-memory PGlite (one the previous file
 * gave back, emptied: test/pglite-pool.ts), or with TEST_DATABASE_URL a new database on
 * that PostgreSQL server, dropped afterwards.
 */
async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const { database, giveBack } = await borrowPglite();
    return { database, drop: giveBack };
  }
  const name = `test_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}" template "${await postgresTemplate(url)}"`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ url: target.toString(), dataDir: '', max: 5 });
  return {
    database,
    drop: async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

let postgresTemplateName: Promise<string> | undefined;

/**
 * A migrated, empty database on the test server to copy each test file's database from
 * (CREATE DATABASE ... TEMPLATE copies files: much faster than running every migration
 * again). Named by the migrations' fingerprint, so a changed migration makes a new one;
 * made once by whichever worker gets there first (an advisory lock orders the others),
 * and left in place for the next run.
 */
function postgresTemplate(url: string): Promise<string> {
  postgresTemplateName ??= (async () => {
    const name = `tf_template_${migrationsFingerprint()}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await admin`select pg_advisory_lock(7263542)`;
      const [found] = await admin`select 1 from pg_database where datname = ${name}`;
      if (!found) {
        const building = `${name}_building`;
        await admin.unsafe(`drop database if exists "${building}" with (force)`);
        await admin.unsafe(`create database "${building}"`);
        const target = new URL(url);
        target.pathname = `/${building}`;
        const database = await openDatabase({ url: target.toString(), dataDir: '', max: 1 });
        await database.close();
        await admin.unsafe(`alter database "${building}" rename to "${name}"`);
      }
      await admin`select pg_advisory_unlock(7263542)`;
      return name;
    } finally {
      await admin.end();
    }
  })();
  return postgresTemplateName;
}

export interface TestUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  password: string;
  cookie: string;
}

let counter = 0;
const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${++counter}@example.test`;

export interface TestApp extends Services {
  dataDir: string;
  /** A request through the real app, as the given user (or signed out). */
  request(
    path: string,
    init?: RequestInit & { as?: TestUser | null; json?: unknown },
  ): Promise<Response>;
  signUp(
    input?: Partial<{ name: string; email: string; password: string; accountType: string }>,
  ): Promise<TestUser>;
  signIn(email: string, password: string): Promise<string>;
  /** Follows the newest verification link mailed to the address (signing in): the cookie. */
  followVerificationMail(email: string): Promise<string>;
  /** Any role, admins included, through the server-side path scripts use. */
  createUser(
    role: Role,
    overrides?: Partial<{ name: string; email: string; password: string }>,
  ): Promise<TestUser>;
}

export async function createTestApp(envOverrides: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'talentforge-test-'));
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_URL: TEST_APP_URL,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: '1000',
    // Tests that send many messages are not about the abuse limits (limits.test.ts is).
    MESSAGE_RATE_LIMIT: '100000',
    CONVERSATION_RATE_LIMIT: '100000',
    // Nor about the hiring limits (jobs/limits.test.ts is).
    JOB_RATE_LIMIT: '100000',
    INVITATION_RATE_LIMIT: '100000',
    CANDIDATE_INVITATION_RATE_LIMIT: '100000',
    APPLICATION_RATE_LIMIT: '100000',
    ...envOverrides,
  });
  const { database, drop } = await freshDatabase();
  const services = await createServices(env, createLogger('silent'), { database });

  const request: TestApp['request'] = (p, init = {}) => {
    const { as, json, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (as) headers.set('cookie', as.cookie);
    let body = rest.body;
    if (json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(json);
    }
    return Promise.resolve(services.app.request(`${TEST_APP_URL}${p}`, { ...rest, headers, body }));
  };

  const signIn: TestApp['signIn'] = async (email, password) => {
    const res = await request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email, password },
    });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
    return cookieOf(res);
  };

  /** Opens the newest verification link mailed to the address; answers the session cookie. */
  const followVerificationMail: TestApp['followVerificationMail'] = async (email) => {
    const link = await verificationLink(services, email);
    const res = await request(link);
    if (res.status !== 302)
      throw new Error(`verify-email failed: ${res.status} ${await res.text()}`);
    // Read and used: the tests' own counts of mail to the address start after it.
    await services.database.db
      .delete(outbox)
      .where(
        and(eq(outbox.to, email.toLowerCase()), like(outbox.text, '%/api/auth/verify-email?%')),
      );
    return cookieOf(res);
  };

  return {
    ...services,
    dataDir,
    request,
    signIn,
    async signUp(input = {}) {
      const body = {
        name: 'Test Person',
        email: uniqueEmail('user'),
        password: 'secret-password',
        accountType: 'candidate',
        ...input,
      };
      const res = await request('/api/auth/sign-up/email', { method: 'POST', json: body });
      if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
      // Unverified accounts cannot sign in: follow the link of the mail sign-up queued, which
      // verifies the address and signs in (docs/decisions/019).
      const cookie = await followVerificationMail(body.email);
      const session = await request('/api/auth/get-session', { headers: { cookie } });
      const { user } = (await session.json()) as { user: { id: string; role: Role } };
      return {
        id: user.id,
        email: body.email,
        name: body.name,
        role: user.role,
        password: body.password,
        cookie,
      };
    },
    followVerificationMail,
    async createUser(role, overrides = {}) {
      const account = {
        name: overrides.name ?? `Test ${role}`,
        email: overrides.email ?? uniqueEmail(role),
        password: overrides.password ?? 'secret-password',
        role,
      };
      const user = await createAccount(services.auth, account);
      const cookie = await signIn(account.email, account.password);
      return { id: user.id, ...account, cookie };
    },
    async close() {
      await services.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The path of the newest verification link queued to an address (the outbox is where mail
 * waits when no SMTP server is set, as in these tests).
 */
export async function verificationLink(services: Services, email: string): Promise<string> {
  const [mail] = await services.database.db
    .select({ text: outbox.text })
    .from(outbox)
    .where(and(eq(outbox.to, email.toLowerCase()), like(outbox.text, '%/api/auth/verify-email?%')))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  const url = mail?.text.match(/https?:\/\/\S+\/api\/auth\/verify-email\?\S+/)?.[0];
  if (!url) throw new Error(`no verification mail to ${email}`);
  return url.slice(new URL(url).origin.length);
}

/** The session cookie a response set, ready for a Cookie header. */
export function cookieOf(res: Response): string {
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  if (cookies.length === 0) throw new Error('no cookie was set');
  return cookies.join('; ');
}

/**
 * Another server process on the test app's PostgreSQL database (TEST_DATABASE_URL only):
 * its own services, connections and event-bus listener, as a second server behind a load
 * balancer would have. Close it when done.
 */
export async function secondServer(t: TestApp): Promise<Services> {
  if (!t.database.url) throw new Error('a second server needs TEST_DATABASE_URL');
  return createServices(t.env, createLogger('silent'), {
    database: await openDatabase({ url: t.database.url, dataDir: '' }),
  });
}
