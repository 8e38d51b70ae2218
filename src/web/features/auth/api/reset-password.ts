import { useMutation } from '@tanstack/react-query';
import { authClient, authErrorMessage } from '../../../api/auth-client';

export class InvalidResetTokenError extends Error {}

/** Sets the new password with the token from the e-mailed link. */
export async function resetPassword(input: { newPassword: string; token: string }) {
  const { error } = await authClient.resetPassword(input);
  if (error) {
    if (error.code === 'INVALID_TOKEN' || /invalid token|expired/i.test(error.message ?? '')) {
      throw new InvalidResetTokenError(authErrorMessage(error));
    }
    throw new Error(authErrorMessage(error));
  }
}

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
