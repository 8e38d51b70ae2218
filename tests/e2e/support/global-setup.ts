import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { OAuth2Server } from 'oauth2-mock-server';
import { startSmtpCatcher } from '../../../src/server/test/smtp-catcher';
import { E2E, e2eDir, freshDataDir, googleIdentityFile, mailDir } from './paths';

/**
 * Starts what the browser tests talk to: a local SMTP server (mail lands in
 * files the tests read), a local OpenID provider standing in for Google, and
 * the real app (built web + server) on a fresh embedded database with an admin.
 */
export default async function globalSetup(_config: FullConfig) {
  rmSync(e2eDir, { recursive: true, force: true });
  mkdirSync(mailDir, { recursive: true });
  const root = path.resolve(import.meta.dirname, '../../..');

  if (!process.env.E2E_SKIP_BUILD) {
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  }

  const smtp = await startSmtpCatcher();
  // Servers a journey starts itself (own-server.ts) mail the same sink; workers inherit this.
  process.env.E2E_SMTP_URL = smtp.url;
  let saved = 0;
  const push = smtp.mails.push.bind(smtp.mails);
  smtp.mails.push = (...mails) => {
    for (const mail of mails) {
      // Written beside the folder, then renamed in: a journey polling the folder never reads
      // a half-written file (JSON.parse failed on one once in CI).
      const name = `${Date.now()}-${++saved}.json`;
      const partial = path.join(e2eDir, `.mail-${name}`);
      writeFileSync(partial, JSON.stringify(mail));
      renameSync(partial, path.join(mailDir, name));
    }
    return push(...mails);
  };

  const oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, '127.0.0.1');
  // The identity the next Google sign-in returns, chosen by the test (a file it writes).
  // The mock's events are synchronous: the claims must be in place before it returns.
  const identity = () =>
    JSON.parse(readFileSync(googleIdentityFile, 'utf8')) as Record<string, unknown>;
  writeFileSync(
    googleIdentityFile,
    JSON.stringify({ sub: 'nobody', email: 'nobody@example.test', name: 'Nobody' }),
  );
  oidc.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, { email_verified: true, ...identity() });
  });
  oidc.service.on('beforeUserinfo', (response) => {
    response.body = { email_verified: true, ...identity() };
  });

  const dataDir = path.join(e2eDir, 'data');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(E2E.port),
    APP_URL: E2E.baseUrl,
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'TalentForge <no-reply@talentforge.test>',
    INBOUND_SMTP_PORT: String(E2E.inboundSmtpPort),
    REPLY_DOMAIN: E2E.replyDomain,
    AUTH_SECRET: 'e2e-secret-e2e-secret-e2e-secret-012345',
    AUTH_RATE_LIMIT: '100000',
    // Above the long-conversation journey's 120 sends; hardening.spec.ts floods past it.
    MESSAGE_RATE_LIMIT: '150',
    // The journeys share a few accounts; the hiring limits are tested on the server.
    JOB_RATE_LIMIT: '100000',
    INVITATION_RATE_LIMIT: '100000',
    CANDIDATE_INVITATION_RATE_LIMIT: '100000',
    APPLICATION_RATE_LIMIT: '100000',
    GOOGLE_CLIENT_ID: 'e2e-client',
    GOOGLE_CLIENT_SECRET: 'e2e-secret',
    GOOGLE_DISCOVERY_URL: `${oidc.issuer.url}/.well-known/openid-configuration`,
    LOG_LEVEL: 'warn',
  };
  // Not execFileSync: the OpenID provider above lives in this process and must keep answering.
  await run(
    'npx',
    [
      'tsx',
      'scripts/create-admin.ts',
      '--email',
      E2E.admin.email,
      '--password',
      E2E.admin.password,
      '--name',
      E2E.admin.name,
    ],
    { cwd: root, env },
  );
  // A migrated database with only the admin in it, for the servers a journey starts itself.
  cpSync(dataDir, freshDataDir, { recursive: true });

  const server: ChildProcess = spawn('npx', ['tsx', 'src/server/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  try {
    await waitForHealth(`${E2E.baseUrl}/api/health`, server);
  } catch (error) {
    // No teardown runs after a failed setup: do not leave the server holding the port.
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
    await oidc.stop();
    await smtp.close();
    throw error;
  }

  return async () => {
    if (server.pid) {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {}
    }
    await new Promise((resolve) => server.once('exit', resolve).once('error', resolve));
    await oidc.stop();
    await smtp.close();
  };
}

function run(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args[1]} exited with ${code}`)),
    );
  });
}

async function waitForHealth(url: string, server: ChildProcess) {
  // Generous: a loaded 2-core machine can take a minute to start tsx and migrate.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer ${url} within 180 s`);
}
