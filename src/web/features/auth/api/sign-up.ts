import { useMutation } from '@tanstack/react-query';
import type { SignUpInput } from '../../../../domain/auth';
import { authErrorMessage } from '../../../api/auth-errors';
import { loadAuthClient } from '../../../api/load-auth-client';
import { reloadSession } from '../../../lib/session';

/** Creates the account; the server turns accountType into the role. Resolves to the role. */
export async function signUp({ name, email, password, role }: SignUpInput): Promise<string> {
  const authClient = await loadAuthClient();
  const { data, error } = await authClient.signUp.email({
    name,
    email,
    password,
    accountType: role,
  });
  if (error) throw new Error(authErrorMessage(error));
  // The guards of the next screen read the session: it must know the user first.
  await reloadSession();
  const created = (data?.user as { role?: unknown } | undefined)?.role;
  return typeof created === 'string' ? created : role;
}

export const useSignUp = () => useMutation({ mutationFn: signUp });
