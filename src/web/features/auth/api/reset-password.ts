import { useMutation } from '@tanstack/react-query';
import { authErrorMessage } from '../../../api/auth-errors';
import { loadAuthClient } from '../../../api/load-auth-client';

export class InvalidResetTokenError extends Error {}

/** Sets the new password with the token from the e-mailed link. */
export async function resetPassword(input: { newPassword: string; token: string }) {
  const authClient = await loadAuthClient();
  const { error } = await authClient.resetPassword(input);
  if (error) {
    if (error.code === 'INVALID_TOKEN' || /invalid token|expired/i.test(error.message ?? '')) {
      throw new InvalidResetTokenError(authErrorMessage(error));
    }
    throw new Error(authErrorMessage(error));
  }
}

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
