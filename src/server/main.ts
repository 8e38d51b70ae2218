import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { parseEnv } from './env';
import { rememberAppUrl } from './lib/app-url-file';
import { keepConnectionsAlive } from './lib/keep-alive';
import { createLogger } from './lib/logger';
import { webRootFolder } from './lib/paths';
import { handleUnhandledRejections } from './ops/process-policy';
import { rootRefusal } from './ops/root';
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
  const refused = rootRefusal(env);
  if (refused) {
    console.error(refused);
    process.exit(1);
  }
  const logger = createLogger(env.LOG_LEVEL);
  handleUnhandledRejections(logger, 'server');
  if (!existsSync(path.join(webRoot, 'index.html'))) {
    logger.warn({ webRoot }, 'the web app is not built; run `npm run build` (npm start does)');
  }
  const services = await createServices(env, logger, { webRoot, processMetrics: true });
  services.mailer.start();
  services.digests.start();
  services.jobs.start();
  services.interviewReminders.start();
  services.aiPromptSweep.start();
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
      rememberAppUrl(env.DATA_DIR, env.APP_URL);
    },
  );

  keepConnectionsAlive(server as unknown as import('node:http').Server);
  services.hub.attach(server as unknown as import('node:http').Server);
  services.pads.attach(server as unknown as import('node:http').Server);

  // Prometheus on a port of its own (for a network only the scraper reaches), no token.
  const metricsServer = env.METRICS_PORT
    ? createServer((req, res) => {
        if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
          res.writeHead(404).end();
          return;
        }
        services.metrics
          .text()
          .then((text) =>
            res.writeHead(200, { 'Content-Type': services.metrics.registry.contentType }).end(text),
          )
          .catch(() => res.writeHead(500).end());
      }).listen(env.METRICS_PORT, env.HOST)
    : undefined;

  /**
   * SIGTERM: /readyz turns 503 and no new connection is accepted; WebSockets
   * close with 1012 (restarting: the browser reconnects, through the balancer,
   * to another server); requests in flight get up to 10 s; a run in hand gets
   * 5 s more, then goes back to the queue for another runner.
   */
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    services.drain();
    const http = server as unknown as import('node:http').Server;
    const closed = new Promise<void>((resolve) => http.close(() => resolve()));
    // Idle keep-alive sockets would hold close() open.
    http.closeIdleConnections();
    metricsServer?.close();
    await services.hub.close();
    const late = setTimeout(() => http.closeAllConnections(), 10_000);
    await closed;
    clearTimeout(late);
    await services.testRuns.stop(5_000);
    await services.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
