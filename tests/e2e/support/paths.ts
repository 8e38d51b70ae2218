import path from 'node:path';

export const e2eDir = path.resolve(import.meta.dirname, '../../../.tmp/e2e');
export const mailDir = path.join(e2eDir, 'mails');
/** The suite's data directory as it is right after the admin was created (own-server.ts copies it). */
export const freshDataDir = path.join(e2eDir, 'fresh-data');
export const googleIdentityFile = path.join(e2eDir, 'google-identity.json');

const port = Number(process.env.E2E_PORT ?? 4173);
export const E2E = {
  port,
  baseUrl: `http://localhost:${port}`,
  /** The server's inbound SMTP port (replies by e-mail), next to its HTTP port. */
  inboundSmtpPort: port + 1,
  replyDomain: 'replies.talentforge.test',
  admin: { email: 'admin@talentforge.test', password: 'admin-password', name: 'Ada Admin' },
};
