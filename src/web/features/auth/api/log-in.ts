import { useMutation } from '@tanstack/react-query';
import type { LogInInput } from '../../../../domain/auth';
import { EMAIL_NOT_VERIFIED, VERIFICATION_TEXTS } from '../../../../domain/verification';
import { authErrorMessage } from '../../../api/auth-errors';
import { loadAuthClient } from '../../../api/load-auth-client';
import { reloadSession } from '../../../lib/session';

/** Signs in with e-mail and password; resolves to the user's role (null if unknown). */
export async function logIn({ email, password }: LogInInput): Promise<string | null> {
  const authClient = await loadAuthClient();
  const { data, error } = await authClient.signIn.email({ email, password });
  if (error?.code === EMAIL_NOT_VERIFIED) throw new EmailNotVerifiedError(email);
  if (error) throw new Error(authErrorMessage(error));
  // Two-factor sign-in is on: no session yet, the code comes first.
  if (data && 'twoFactorRedirect' in data && data.twoFactorRedirect) return TWO_FACTOR_STEP;
  // The guards of the next screen read the session: it must know the user first.
  await reloadSession();
  const role = (data?.user as { role?: unknown } | undefined)?.role;
  return typeof role === 'string' ? role : null;
}

/** The password was right but the address is not verified yet: the screen offers a new link. */
export class EmailNotVerifiedError extends Error {
  constructor(readonly email: string) {
    super(VERIFICATION_TEXTS.notVerified);
  }
}

/** logIn's answer when a code is needed before the session exists. */
export const TWO_FACTOR_STEP = 'two-factor';

export const useLogIn = () => useMutation({ mutationFn: logIn });
