import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import {
  APPLICATION_LIMIT,
  type HiringLimits,
  INVITATION_RECEIVE_LIMIT,
  INVITATION_SEND_LIMIT,
  JOB_POST_LIMIT,
} from '../domain/hiring-limits';
import { CONVERSATION_START_LIMIT, MESSAGE_SEND_LIMIT } from '../domain/messaging';

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((v) => v === 'true' || v === '1');

/**
 * Configuration, parsed once at start-up (STYLE point 6). Nothing else reads
 * process.env: a bad value stops the server with a message naming the variable.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  APP_URL: z.url().optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().default('TalentForge <no-reply@localhost>'),
  SUPPORT_EMAIL: z.email().default('support@talentforge.example'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_DISCOVERY_URL: z
    .url()
    .default('https://accounts.google.com/.well-known/openid-configuration'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Trust X-Forwarded-For for the client address (only behind a proxy you run). */
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /**
   * Requests per minute allowed on sign-up and reset per client address, and sign-in
   * attempts per minute per account.
   */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Sign-ins per minute per client address (an office behind one address); default 10 × AUTH_RATE_LIMIT. */
  AUTH_ADDRESS_RATE_LIMIT: z.coerce.number().int().min(1).optional(),
  /** Messages a user may send per minute (the abuse limit; raised by the bench). */
  MESSAGE_RATE_LIMIT: z.coerce.number().int().min(1).default(MESSAGE_SEND_LIMIT.max),
  /** Conversations a user may start per ten minutes. */
  CONVERSATION_RATE_LIMIT: z.coerce.number().int().min(1).default(CONVERSATION_START_LIMIT.max),
  /** Hiring abuse limits (src/domain/hiring-limits.ts): jobs a recruiter may post per hour, */
  JOB_RATE_LIMIT: z.coerce.number().int().min(1).default(JOB_POST_LIMIT.max),
  /** invitations a recruiter may send per hour, */
  INVITATION_RATE_LIMIT: z.coerce.number().int().min(1).default(INVITATION_SEND_LIMIT.max),
  /** invitations a candidate may receive per day, */
  CANDIDATE_INVITATION_RATE_LIMIT: z.coerce
    .number()
    .int()
    .min(1)
    .default(INVITATION_RECEIVE_LIMIT.max),
  /** and applications a candidate may send per hour. */
  APPLICATION_RATE_LIMIT: z.coerce.number().int().min(1).default(APPLICATION_LIMIT.max),
  /** Reply by e-mail (docs/decisions/021): the inbound SMTP port; unset = off, 0 = any free port. */
  INBOUND_SMTP_PORT: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(0).max(65535).optional(),
  ),
  INBOUND_SMTP_HOST: z.string().default('127.0.0.1'),
  /** PEM files for STARTTLS on the inbound port (both or neither). */
  INBOUND_SMTP_TLS_CERT: z.string().optional(),
  INBOUND_SMTP_TLS_KEY: z.string().optional(),
  /** The domain of reply+<token>@… Reply-To addresses; APP_URL's host when inbound SMTP is on. */
  REPLY_DOMAIN: z
    .string()
    .regex(/^[A-Za-z0-9.-]+$/, 'must be a domain name')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Tests only (refused in production): the idle timeout in seconds, whatever the admin chose. */
  SESSION_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(4).max(86_400).optional(),
  // --- running as a service (docs/decisions/022) ---
  /** Where files live: s3://bucket/prefix, or file:///folder; DATA_DIR/files without it. */
  STORAGE_URL: z
    .string()
    .regex(
      /^(s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?|file:\/\/\/.+)$/,
      'must be s3://bucket/prefix or file:///folder',
    )
    .optional()
    .or(z.literal('').transform(() => undefined)),
  AWS_ENDPOINT_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  AWS_REGION: z.string().min(1).default('us-east-1'),
  AWS_S3_FORCE_PATH_STYLE: flag,
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  /** Bearer token for GET /metrics (or serve it on METRICS_PORT only). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Production refuses to start the web server as root unless this is set. */
  ALLOW_ROOT: flag,
  /** Where test runs execute: in the server (the embedded database's default) or separate runners. */
  RUNNER_MODE: z.enum(['server', 'separate']).optional(),
  /** Runs one runner process executes at once. */
  RUNNER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** A run claimed by a runner that stops renewing it is retried after this long. */
  RUNNER_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(30),
  // --- the sandbox of test runs (docs/decisions/010) ---
  /** Where runs are staged (root's, 0711); $TMPDIR/talentforge-sandbox without it. */
  SANDBOX_STAGING_DIR: z.string().optional(),
  /** `1`: the operator's choice to run without a cgroup (rlimits and prlimit --as only). */
  SANDBOX_ALLOW_NO_CGROUP: z.string().optional(),
  // --- AI-assisted review (docs/decisions/030); unset AI_BASE_URL: nothing is ever sent ---
  /** Any OpenAI-compatible endpoint, e.g. http://localhost:11434/v1 (Ollama). */
  AI_BASE_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  AI_API_KEY: z.string().optional(),
  /** Comma-separated allow-list of model ids the admin may pick; empty: any the endpoint lists. */
  AI_MODELS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((m) => m.trim())
        .filter(Boolean),
    ),
  /** The whole answer's time limit. */
  AI_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  /** Model requests at once per server; the rest wait their turn. */
  AI_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** Tokens (in + out) all servers may use per UTC day; unset: no limit. */
  AI_DAILY_TOKEN_LIMIT: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(1).optional(),
  ),
  /** The model's context in tokens when the endpoint does not say. */
  AI_CONTEXT_TOKENS: z.coerce.number().int().min(1024).default(8192),
});

const sandboxSchema = envSchema.pick({ SANDBOX_STAGING_DIR: true, SANDBOX_ALLOW_NO_CGROUP: true });

/**
 * The sandbox's settings alone: the sandbox is started by the web server, the separate
 * runner, tests and the bench, none of which hands it the whole configuration. Read at
 * each call, as before, so a run sees the value in force.
 */
export function sandboxSettings(source: NodeJS.ProcessEnv = process.env) {
  const env = sandboxSchema.parse(source);
  return {
    stagingDir: env.SANDBOX_STAGING_DIR ?? path.join(os.tmpdir(), 'talentforge-sandbox'),
    allowNoCgroup: env.SANDBOX_ALLOW_NO_CGROUP === '1',
  };
}

/** Every variable the configuration knows (deploy files are checked against it). */
export const CONFIG_KEYS: readonly string[] = Object.keys(envSchema.shape);

export type Env = Omit<z.infer<typeof envSchema>, 'RUNNER_MODE'> & {
  RUNNER_MODE: 'server' | 'separate';
  APP_URL: string;
  AUTH_SECRET: string;
  DATA_DIR: string;
};

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = result.data;
  const dataDir = path.resolve(env.DATA_DIR);
  if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
    throw new Error('Invalid configuration:\n  AUTH_SECRET: required in production');
  }
  // Servers sharing a database must share the secret: one generated per DATA_DIR would
  // make each server refuse the others' sessions.
  if (env.DATABASE_URL && !env.AUTH_SECRET) {
    throw new Error(
      'Invalid configuration:\n  AUTH_SECRET: required with DATABASE_URL (every server sharing the database must use the same one)',
    );
  }
  if (env.NODE_ENV === 'production' && env.SESSION_IDLE_TIMEOUT_SECONDS) {
    throw new Error(
      'Invalid configuration:\n  SESSION_IDLE_TIMEOUT_SECONDS: for tests only, not allowed in production',
    );
  }
  if (Boolean(env.INBOUND_SMTP_TLS_CERT) !== Boolean(env.INBOUND_SMTP_TLS_KEY)) {
    throw new Error(
      'Invalid configuration:\n  INBOUND_SMTP_TLS_CERT: set both INBOUND_SMTP_TLS_CERT and INBOUND_SMTP_TLS_KEY, or neither',
    );
  }
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const runnerMode = env.RUNNER_MODE ?? (env.DATABASE_URL ? 'separate' : 'server');
  if (runnerMode === 'separate' && !env.DATABASE_URL) {
    throw new Error(
      'Invalid configuration:\n  RUNNER_MODE: separate runners need DATABASE_URL (the embedded database allows one process)',
    );
  }
  return {
    ...env,
    RUNNER_MODE: runnerMode,
    REPLY_DOMAIN:
      env.REPLY_DOMAIN ??
      (env.INBOUND_SMTP_PORT !== undefined ? new URL(appUrl).hostname : undefined),
    DATA_DIR: dataDir,
    APP_URL: appUrl,
    // Without a configured secret, one is kept in DATA_DIR (see loadOrCreateSecret).
    AUTH_SECRET: env.AUTH_SECRET ?? '',
  };
}

/** Sessions must survive a restart, so a generated secret is stored beside the data. */
export async function loadOrCreateSecret(env: Env): Promise<string> {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const { mkdir, readFile, writeFile } = await import('node:fs/promises');
  const file = path.join(env.DATA_DIR, 'auth-secret');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    await mkdir(env.DATA_DIR, { recursive: true, mode: 0o700 });
    const secret = randomBytes(32).toString('hex');
    await writeFile(file, secret, { mode: 0o600 });
    return secret;
  }
}

/** The messaging abuse limits: the domain's windows, with the maxima configured. */
export const messagingLimits = (env: Env) => ({
  messages: { ...MESSAGE_SEND_LIMIT, max: env.MESSAGE_RATE_LIMIT },
  conversations: { ...CONVERSATION_START_LIMIT, max: env.CONVERSATION_RATE_LIMIT },
});

/** The hiring abuse limits: the domain's windows, with the maxima configured. */
export const hiringLimits = (env: Env): HiringLimits => ({
  jobs: { ...JOB_POST_LIMIT, max: env.JOB_RATE_LIMIT },
  invitationsSent: { ...INVITATION_SEND_LIMIT, max: env.INVITATION_RATE_LIMIT },
  invitationsReceived: { ...INVITATION_RECEIVE_LIMIT, max: env.CANDIDATE_INVITATION_RATE_LIMIT },
  applications: { ...APPLICATION_LIMIT, max: env.APPLICATION_RATE_LIMIT },
});

export const googleConfigured = (env: Env) =>
  Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
