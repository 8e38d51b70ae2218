import { createApp } from './app';
import { createAuth } from './auth/auth';
import { SessionCache } from './auth/session-cache';
import { type Database, openDatabase } from './db/client';
import { type Env, loadOrCreateSecret, messagingLimits } from './env';
import { AiClient, AiPromptSweep, aiReviewDeps } from './features/ai-review/ai-review.service';
import { AssessmentJobs } from './features/assessments/jobs';
import { InterviewReminders } from './features/interviews/reminders';
import { InboundSmtp } from './features/mail-replies/inbound-smtp';
import { DigestWorker } from './features/messaging/digests';
import { markNotificationSent } from './features/messaging/messaging.service';
import { PadRunQueue, PadSockets } from './features/pads/pads.service';
import { ResumeIndexer } from './features/resumes/resume-indexer';
import { createSessionPolicy } from './features/security/session-policy';
import { TestRunQueue } from './features/test-runs/queue';
import type { Logger } from './lib/logger';
import { mailDecorator } from './mail/mail-headers';
import { MailTokens } from './mail/mail-tokens';
import { Mailer } from './mail/outbox';
import { Metrics } from './ops/metrics';
import { type EventBus, memoryBus, postgresBus } from './realtime/event-bus';
import { RealtimeHub, SESSIONS_CHANGED } from './realtime/hub';
import { openStorage } from './storage/open';
import type { Storage } from './storage/storage';

export interface Services {
  env: Env;
  database: Database;
  auth: ReturnType<typeof createAuth>;
  /** Session reads kept per cookie, for the API's session check. */
  sessions: SessionCache;
  /** Sessions ended or their users changed: every server forgets its session reads. */
  sessionsChanged: () => void;
  mailer: Mailer;
  bus: EventBus;
  hub: RealtimeHub;
  /** Live pads' WebSockets (attached by main beside the hub). */
  pads: PadSockets;
  /** Message digest mails; started by main (tests flush them by hand). */
  digests: DigestWorker;
  /** Submits assessments whose time ran out, sends due-date reminders (started by main). */
  jobs: AssessmentJobs;
  /** Interview reminder mails, a day before (started by main). */
  interviewReminders: InterviewReminders;
  /** Clears AI review prompts past their retention, hourly (started by main). */
  aiPromptSweep: AiPromptSweep;
  /** The sandboxed test-run queue (its worker runs here on the embedded database, else in runners). */
  testRuns: TestRunQueue;
  /** Live pads' run queue: its worker runs here with RUNNER_MODE=server, else in the runners. */
  padRuns: PadRunQueue;
  /** Signed Reply-To and unsubscribe tokens (docs/decisions/021). */
  mailTokens: MailTokens;
  /** Replies by e-mail, when INBOUND_SMTP_PORT is set (listening once services are made). */
  inbound?: InboundSmtp;
  storage: Storage;
  metrics: Metrics;
  /** Marks the process as stopping: /readyz answers 503 so that balancers drain it. */
  drain(): void;
  app: ReturnType<typeof createApp>;
  /** Reads résumés' text in the background (Find Candidates' résumé search). */
  resumes: ResumeIndexer;
  close(): Promise<void>;
}

/** Boot order: configuration, database, mail, auth, then the HTTP app. */
export async function createServices(
  env: Env,
  logger: Logger,
  options: { webRoot?: string; database?: Database; processMetrics?: boolean } = {},
): Promise<Services> {
  const database =
    options.database ?? (await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR }));
  const secret = await loadOrCreateSecret(env);
  const mailTokens = new MailTokens(secret);
  const mailer = new Mailer({
    db: database.db,
    logger,
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    soleWorker: database.kind === 'pglite',
    logMailText: env.NODE_ENV !== 'production',
    decorate: mailDecorator({
      tokens: mailTokens,
      appUrl: env.APP_URL,
      replyDomain: env.REPLY_DOMAIN,
    }),
  });
  mailer.onSent(markNotificationSent);
  const bus = database.url ? await postgresBus(database.url, logger) : memoryBus();
  /**
   * Sessions ended or their users changed: this process forgets its session reads
   * at once; every process (this one too) hears it on the bus, forgets its own and
   * closes the sockets of ended sessions.
   */
  const sessionsChanged = () => {
    sessions.clear();
    void bus.publish(SESSIONS_CHANGED).catch(() => {});
  };
  const auth = createAuth({
    env,
    secret,
    db: database.db,
    mailer,
    logger,
    onSessionsChanged: sessionsChanged,
  });
  const sessions = new SessionCache(auth);
  bus.subscribe(({ event }) => {
    if (event.type === 'sessions.changed') sessions.clear();
  });
  const storage = openStorage(env);
  // Idle timeout and required two-factor sign-in, for the API and the live events alike.
  const sessionPolicy = createSessionPolicy({ database, env, onRevoked: sessionsChanged });
  const hub = new RealtimeHub({
    auth,
    sessions,
    policy: sessionPolicy,
    bus,
    logger,
    appOrigin: new URL(env.APP_URL).origin,
  });
  const pads = new PadSockets({ db: database.db, bus, logger, hub });
  const digests = new DigestWorker({ db: database.db, mailer, bus, appUrl: env.APP_URL, logger });
  const testRuns = new TestRunQueue({
    db: database.db,
    bus,
    logger,
    singleProcess: database.kind === 'pglite',
    // With DATABASE_URL runs execute on separate runners (npm run runner).
    remote: env.RUNNER_MODE === 'separate',
    concurrency: env.RUNNER_CONCURRENCY,
    leaseMs: env.RUNNER_LEASE_SECONDS * 1000,
  });
  const sandbox = testRuns.unavailableReason();
  if (sandbox) logger.warn(sandbox);
  await testRuns.start();
  const padRuns = new PadRunQueue({
    db: database.db,
    bus,
    logger,
    concurrency: env.RUNNER_CONCURRENCY,
    leaseMs: env.RUNNER_LEASE_SECONDS * 1000,
  });
  if (env.RUNNER_MODE !== 'separate') padRuns.start();
  let stopping = false;
  const metrics = new Metrics({
    database,
    openSockets: () => hub.size,
    processMetrics: options.processMetrics,
  });
  const resumes = new ResumeIndexer({ db: database.db, storage, logger });
  // One AI client per server: its gate caps this server's calls (AI_CONCURRENCY).
  // Its steps travel on the bus, so any server answers a reviewer with the same progress.
  const ai = aiReviewDeps(database.db, new AiClient(env, database.db), logger, bus);
  const app = createApp({
    env,
    database,
    auth,
    storage,
    logger,
    bus,
    mailer,
    testRuns,
    sessions,
    sessionsChanged,
    sessionPolicy,
    webRoot: options.webRoot,
    mailTokens,
    metrics,
    stopping: () => stopping,
    resumes,
    ai,
  });
  // Résumés stored before résumé search (or while no server ran) are read in the background.
  void resumes
    .backfill()
    .catch((error: unknown) => logger.warn({ err: error }, 'résumé backfill stopped'));
  const jobs = new AssessmentJobs(
    { db: database.db, bus, mailer, appUrl: env.APP_URL, ai },
    logger,
  );
  const aiPromptSweep = new AiPromptSweep(database.db, logger);
  const interviewReminders = new InterviewReminders(
    { db: database.db, bus, mailer, appUrl: env.APP_URL },
    logger,
  );
  const inbound =
    env.INBOUND_SMTP_PORT === undefined
      ? undefined
      : new InboundSmtp({
          deps: { db: database.db, bus, mailer, appUrl: env.APP_URL, limits: messagingLimits(env) },
          tokens: mailTokens,
          logger,
          host: env.INBOUND_SMTP_HOST,
          port: env.INBOUND_SMTP_PORT,
          replyDomain: env.REPLY_DOMAIN ?? new URL(env.APP_URL).hostname,
          tls:
            env.INBOUND_SMTP_TLS_CERT && env.INBOUND_SMTP_TLS_KEY
              ? { certFile: env.INBOUND_SMTP_TLS_CERT, keyFile: env.INBOUND_SMTP_TLS_KEY }
              : undefined,
        });
  await inbound?.start();
  return {
    env,
    database,
    auth,
    sessions,
    sessionsChanged,
    mailer,
    bus,
    hub,
    pads,
    digests,
    jobs,
    interviewReminders,
    aiPromptSweep,
    testRuns,
    padRuns,
    mailTokens,
    inbound,
    storage,
    metrics,
    app,
    resumes,
    drain() {
      stopping = true;
    },
    async close() {
      resumes.stop();
      await resumes.idle();
      await inbound?.close();
      await jobs.stop();
      await interviewReminders.stop();
      await aiPromptSweep.stop();
      await testRuns.stop(5_000);
      await padRuns.stop();
      await hub.close();
      await pads.close();
      await digests.stop();
      await mailer.stop();
      await bus.close();
      await storage.close();
      await database.close();
    },
  };
}
