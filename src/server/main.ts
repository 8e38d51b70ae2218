import { existsSync } from 'node:fs';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { parseEnv } from './env';
import { keepConnectionsAlive } from './lib/keep-alive';
import { createLogger } from './lib/logger';
import { webRootFolder } from './lib/paths';
import { createServices } from './server';

const webRoot = webRootFolder();

async function main() {
  let env: ReturnType<typeof parseEnv>;
  try {
    env = parseEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const logger = createLogger(env.LOG_LEVEL);
  if (!existsSync(path.join(webRoot, 'index.html'))) {
    logger.warn({ webRoot }, 'the web app is not built; run `npm run build` (npm start does)');
  }
  const services = await createServices(env, logger, { webRoot });
  services.mailer.start();
  services.digests.start();
  services.jobs.start();
  const server = serve(
    { fetch: services.app.fetch, port: env.PORT, hostname: env.HOST },
    (info) => {
      logger.info(
        {
          port: info.port,
          url: env.APP_URL,
          database: services.database.kind,
          smtp: services.mailer.enabled,
        },
        `TalentForge is listening on ${env.APP_URL}`,
      );
    },
  );

  keepConnectionsAlive(server as unknown as import('node:http').Server);
  services.hub.attach(server as unknown as import('node:http').Server);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close(async () => {
      await services.close();
      logger.info('stopped');
      process.exit(0);
    });
    // Idle keep-alive sockets would hold close() open.
    (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
