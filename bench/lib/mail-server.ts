/**
 * Child process of the `mail-replies` bench stage (bench/mail-replies.ts), run as
 *
 *   node --import tsx bench/lib/mail-server.ts   (env PORT_APP, DATA_DIR)
 *
 * The real app (createServices, as main.ts builds it) on the embedded database, with its
 * realtime hub on PORT_APP and its inbound SMTP server on a free port. Signs a recruiter
 * and a candidate up, starts one conversation between them, and prints one JSON line
 * (MailServerReady). SIGTERM/SIGINT stop it.
 */
import { createLogger } from '../../src/server/lib/logger';
import { createServices } from '../../src/server/server';
import { childEnv, listen, required, stopOnSignal } from './child-server';

export const BENCH_REPLY_DOMAIN = 'replies.bench.test';

export interface MailServerReady {
  inboundPort: number;
  conversationId: string;
  /** The candidate: writes by browser (cookie) and by mail (address, Reply-To). */
  candidateCookie: string;
  candidateEmail: string;
  replyTo: string;
  /** The recruiter, whose open tab listens. */
  recruiterCookie: string;
}

async function main() {
  const portApp = Number(required('PORT_APP'));
  const env = {
    ...childEnv(portApp),
    INBOUND_SMTP_PORT: 0,
    INBOUND_SMTP_HOST: '127.0.0.1',
    REPLY_DOMAIN: BENCH_REPLY_DOMAIN,
  };
  const services = await createServices(env, createLogger('warn'));
  const appServer = await listen(services.app.fetch, portApp);
  services.hub.attach(appServer);
  stopOnSignal([appServer], services);

  const post = (path: string, body: unknown, cookie?: string) =>
    services.app.request(`${env.APP_URL}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const signUp = async (accountType: string, name: string) => {
    const email = `${accountType}-${Date.now()}@bench.test`;
    const res = await post('/api/auth/sign-up/email', {
      name,
      email,
      password: 'bench-password-1',
      accountType,
    });
    if (res.status !== 200) throw new Error(`sign-up answered ${res.status}`);
    const { user } = (await res.json()) as { user: { id: string } };
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    return { id: user.id, email, cookie };
  };
  const recruiter = await signUp('recruiter', 'Rita Bench');
  const candidate = await signUp('candidate', 'Casey Bench');
  const started = await post(
    '/api/conversations',
    { recipientIds: [candidate.id], subject: 'Bench', message: 'Hello from the bench' },
    recruiter.cookie,
  );
  if (started.status !== 201) throw new Error(`new conversation answered ${started.status}`);
  const { id } = (await started.json()) as { id: string };
  const ready: MailServerReady = {
    inboundPort: services.inbound!.port,
    conversationId: id,
    candidateCookie: candidate.cookie,
    candidateEmail: candidate.email,
    replyTo: `reply+${services.mailTokens.replyToken(id, candidate.id)}@${BENCH_REPLY_DOMAIN}`,
    recruiterCookie: recruiter.cookie,
  };
  console.log(JSON.stringify(ready));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
