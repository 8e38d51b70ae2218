import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Integrations, SandboxMode, TestMailResult } from '../../../domain/integrations';
import { TEST_LANGUAGE_LABELS, TEST_LANGUAGES } from '../../../domain/test-runs';
import type { Database } from '../../db/client';
import { outbox } from '../../db/schema';
import { type Env, googleConfigured } from '../../env';
import { type Actor, assertRole } from '../../lib/http';
import { consumeLimit } from '../../lib/usage-limit';
import { mailTexts } from '../../mail/i18n';
import type { Mailer } from '../../mail/outbox';
import { recipientLanguage } from '../../mail/recipient-language';
import { toolchainMissing } from '../../sandbox/languages';
import { detectSandbox } from '../../sandbox/runner';
import { type AiReviewDeps, aiConnection } from '../ai-review/ai-review.service';
import { recordAudit } from '../audit/audit';

export interface IntegrationDeps {
  env: Env;
  database: Database;
  mailer: Mailer;
  /** Why test runs are refused on this server (no bubblewrap), or null. */
  sandboxUnavailable: () => string | null;
  /** How runs are limited (cgroup or the operator's override); the sandbox's own answer by default. */
  sandboxMode?: () => SandboxMode;
  /** AI-assisted review's client (its connection is shown; none: AI is off). */
  ai?: AiReviewDeps;
}

/** Test mails: 5 in 10 minutes per admin, so the button cannot flood a mailbox. */
const TEST_MAIL_LIMIT = { max: 5, windowSeconds: 600 };

/** host[:port] of a URL, never its user or password. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'unknown';
  }
}

/** What this server is connected to, from its configuration and its database (admins). */
export async function integrationStatus(
  deps: IntegrationDeps,
  actor: Actor,
): Promise<Integrations> {
  assertRole(actor, 'admin');
  const { env, database } = deps;
  const [counts] = await database.db
    .select({
      pending: sql<number>`count(*) filter (where ${outbox.status} = 'pending')::int`,
      failed: sql<number>`count(*) filter (where ${outbox.status} = 'failed')::int`,
      sent: sql<number>`count(*) filter (where ${outbox.status} = 'sent')::int`,
      oldest: sql<
        number | null
      >`floor(extract(epoch from (now() - min(${outbox.createdAt}) filter (where ${outbox.status} = 'pending'))))::int`,
    })
    .from(outbox);
  const [version] = await database.query<{ server_version: string }>('show server_version');
  let location: string;
  if (database.kind === 'postgres' && database.url) {
    const url = new URL(database.url);
    location = `${url.host}${url.pathname}`;
  } else {
    location = path.join(env.DATA_DIR, 'pglite');
  }
  const sandboxReason = deps.sandboxUnavailable();
  const ai = deps.ai
    ? await aiConnection(deps.ai)
    : { configured: false, reachable: false, models: 0, model: null, lastError: null };
  return {
    mail: {
      mode: env.SMTP_URL ? 'smtp' : 'log',
      smtpHost: env.SMTP_URL ? hostOf(env.SMTP_URL) : null,
      from: env.MAIL_FROM,
      pending: Number(counts?.pending ?? 0),
      failed: Number(counts?.failed ?? 0),
      sent: Number(counts?.sent ?? 0),
      oldestPendingSeconds:
        counts?.oldest === null || counts?.oldest === undefined ? null : Number(counts.oldest),
    },
    google: { configured: googleConfigured(env), discoveryHost: hostOf(env.GOOGLE_DISCOVERY_URL) },
    sandbox: {
      available: sandboxReason === null,
      reason: sandboxReason,
      mode:
        sandboxReason === null
          ? (deps.sandboxMode?.() ?? detectSandbox().mode ?? 'unavailable')
          : 'unavailable',
      languages: TEST_LANGUAGES.map((language) => {
        const reason = sandboxReason ?? toolchainMissing(language);
        return { label: TEST_LANGUAGE_LABELS[language], available: reason === null, reason };
      }),
    },
    ai,
    database: {
      kind: database.kind,
      location,
      serverVersion: version?.server_version ?? null,
    },
  };
}

/** Queues a test mail to the admin through the outbox, like every other mail. */
export async function sendTestMail(deps: IntegrationDeps, actor: Actor): Promise<TestMailResult> {
  assertRole(actor, 'admin');
  await consumeLimit(deps.database.db, `test-mail:${actor.id}`, TEST_MAIL_LIMIT, 'wait-test-mails');
  // In the admin's own language (docs/decisions/023).
  const language = await recipientLanguage(deps.database.db, actor.id);
  const t = mailTexts(language);
  const mailId = await deps.mailer.send({
    to: actor.email,
    language,
    subject: t('testMail.subject'),
    text: t('testMail.text', { url: deps.env.APP_URL }),
  });
  await recordAudit(deps.database.db, {
    actor,
    action: 'integrations.test-mail',
    targetType: 'mail',
    targetId: mailId,
  });
  return { mailId, to: actor.email, mode: deps.env.SMTP_URL ? 'smtp' : 'log' };
}
