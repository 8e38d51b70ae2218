import type { Role } from '../../domain/constants';
import { MIN_PASSWORD_LENGTH } from '../../domain/constants';
import type { Auth } from './auth';

export interface NewAccount {
  email: string;
  password: string;
  name: string;
  role: Role;
}

/**
 * Creates an account with a password outside any request: the only way an
 * admin comes to exist (scripts/create-admin.ts), also used by the demo seed
 * and by tests. Sign-up through the API can never reach this.
 */
export async function createAccount(auth: Auth, account: NewAccount) {
  const email = account.email.trim().toLowerCase();
  if (account.password.length < MIN_PASSWORD_LENGTH) {
    throw new Error(`The password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  if (!account.name.trim()) throw new Error('The name must not be empty.');
  const ctx = await auth.$context;
  if (await ctx.internalAdapter.findUserByEmail(email)) {
    throw new Error(`An account with the email ${email} already exists.`);
  }
  const user = await ctx.internalAdapter.createUser(
    {
      email,
      name: account.name.trim(),
      role: account.role,
      emailVerified: true,
    },
    { method: 'admin' },
  );
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: await ctx.password.hash(account.password),
  });
  return user;
}
