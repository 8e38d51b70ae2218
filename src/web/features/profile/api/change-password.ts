import { useMutation } from '@tanstack/react-query';
import { authErrorMessage } from '../../../api/auth-errors';
import { loadAuthClient } from '../../../api/load-auth-client';

/** The current password was wrong: shown at its field. */
export class WrongCurrentPasswordError extends Error {}

export type ChangePasswordRequest = {
  currentPassword: string;
  newPassword: string;
  revokeOtherSessions: boolean;
};

/** better-auth's change-password; with revokeOtherSessions every other device is signed out. */
export async function changePassword(input: ChangePasswordRequest) {
  const authClient = await loadAuthClient();
  const { error } = await authClient.changePassword(input);
  if (error) {
    if (error.code === 'INVALID_PASSWORD') {
      throw new WrongCurrentPasswordError('Your current password is incorrect');
    }
    throw new Error(authErrorMessage(error));
  }
}

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
