import path from 'node:path';
import { createApp } from './app';
import { createAuth } from './auth/auth';
import { type Database, openDatabase } from './db/client';
import { type Env, loadOrCreateSecret } from './env';
import { markNotificationSent } from './features/messaging/messaging.service';
import { TestRunQueue } from './features/test-runs/queue';
import type { Logger } from './lib/logger';
import { Mailer } from './mail/outbox';
import { type EventBus, memoryBus, postgresBus } from './realtime/event-bus';
import { RealtimeHub } from './realtime/hub';
import { diskStorage } from './storage/storage';

export interface Services {
  env: Env;
  database: Database;
  auth: ReturnType<typeof createAuth>;
  mailer: Mailer;
  bus: EventBus;
  hub: RealtimeHub;
  /** The sandboxed test-run queue (its worker runs in every server process). */
  testRuns: TestRunQueue;
  app: ReturnType<typeof createApp>;
  close(): Promise<void>;
}

/** Boot order: configuration, database, mail, auth, then the HTTP app. */
export async function createServices(
  env: Env,
  logger: Logger,
  options: { webRoot?: string; database?: Database } = {},
): Promise<Services> {
  const database =
    options.database ?? (await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR }));
  const secret = await loadOrCreateSecret(env);
  const mailer = new Mailer({
    db: database.db,
    logger,
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
  });
  mailer.onSent(markNotificationSent);
  const auth = createAuth({ env, secret, db: database.db, mailer, logger });
  const storage = diskStorage(path.join(env.DATA_DIR, 'files'));
  const bus = database.url ? await postgresBus(database.url, logger) : memoryBus();
  const hub = new RealtimeHub({ auth, bus, logger, appOrigin: new URL(env.APP_URL).origin });
  const testRuns = new TestRunQueue({
    db: database.db,
    bus,
    logger,
    singleProcess: database.kind === 'pglite',
  });
  const sandbox = testRuns.unavailableReason();
  if (sandbox) logger.warn(sandbox);
  await testRuns.start();
  const app = createApp({
    env,
    database,
    auth,
    storage,
    logger,
    bus,
    mailer,
    testRuns,
    webRoot: options.webRoot,
  });
  return {
    env,
    database,
    auth,
    mailer,
    bus,
    hub,
    testRuns,
    app,
    async close() {
      await testRuns.stop();
      await hub.close();
      await mailer.stop();
      await bus.close();
      await database.close();
    },
  };
}
