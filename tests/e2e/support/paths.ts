import path from 'node:path';

export const e2eDir = path.resolve(import.meta.dirname, '../../../.tmp/e2e');
export const mailDir = path.join(e2eDir, 'mails');
export const googleIdentityFile = path.join(e2eDir, 'google-identity.json');

const port = Number(process.env.E2E_PORT ?? 4173);
export const E2E = {
  port,
  baseUrl: `http://localhost:${port}`,
  admin: { email: 'admin@talentforge.test', password: 'admin-password', name: 'Ada Admin' },
};
