import { useMutation } from '@tanstack/react-query';
import type { ResetRequestInput } from '../../../../domain/auth';
import { authErrorMessage } from '../../../api/auth-errors';
import { loadAuthClient } from '../../../api/load-auth-client';

/** Asks for the reset e-mail; the server answers success for unknown addresses too. */
export async function requestPasswordReset({ email }: ResetRequestInput): Promise<void> {
  const authClient = await loadAuthClient();
  const { error } = await authClient.requestPasswordReset({
    email,
    redirectTo: '/reset-password/new',
  });
  if (error) throw new Error(authErrorMessage(error));
}

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
