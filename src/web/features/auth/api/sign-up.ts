import { useMutation } from '@tanstack/react-query';
import type { SignUpInput } from '../../../../domain/auth';
import { VERIFIED_CALLBACK_PATH } from '../../../../domain/verification';
import { authErrorMessage } from '../../../api/auth-errors';
import { loadAuthClient } from '../../../api/load-auth-client';

/**
 * Asks for the account; the server turns accountType into the role. It answers the same
 * whether the address is new or taken (docs/decisions/019): the mailed link finishes it.
 */
export async function signUp({ name, email, password, role }: SignUpInput): Promise<void> {
  const authClient = await loadAuthClient();
  const { error } = await authClient.signUp.email({
    name,
    email,
    password,
    accountType: role,
    callbackURL: VERIFIED_CALLBACK_PATH,
  });
  if (error) throw new Error(authErrorMessage(error));
}

export const useSignUp = () => useMutation({ mutationFn: signUp });
