/**
 * What the bench's child servers (assessment-server.ts, messaging-server.ts) share:
 * reading their settings, listening, and stopping cleanly on SIGTERM/SIGINT.
 */
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { parseEnv } from '../../src/server/env';

export function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

/**
 * The app's settings in a bench child: always the embedded database and no SMTP (mail
 * stays queued; the mailer logs each at info level, which LOG_LEVEL=warn silences), and
 * no sign-in rate limit to trip over.
 */
export function childEnv(portApp: number) {
  return parseEnv({
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(portApp),
    DATA_DIR: required('DATA_DIR'),
    DATABASE_URL: '',
    SMTP_URL: '',
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT: '1000000',
    MESSAGE_RATE_LIMIT: '1000000000',
    JOB_RATE_LIMIT: '1000000000',
    INVITATION_RATE_LIMIT: '1000000000',
    CANDIDATE_INVITATION_RATE_LIMIT: '1000000000',
    APPLICATION_RATE_LIMIT: '1000000000',
    CONVERSATION_RATE_LIMIT: '1000000000',
    APP_URL: `http://localhost:${portApp}`,
  });
}

export function listen(fetch: (request: Request) => Response | Promise<Response>, port: number) {
  return new Promise<Server>((resolve, reject) => {
    const server = serve({ fetch, port }, () => resolve(server as unknown as Server));
    (server as unknown as Server).once('error', reject);
  });
}

/** On SIGTERM/SIGINT: close the servers and the app's services, then exit (forced after 5 s). */
export function stopOnSignal(servers: Server[], services: { close(): Promise<void> }) {
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(1), 5000).unref();
    for (const server of servers) server.closeAllConnections();
    Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))))
      .then(() => services.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
