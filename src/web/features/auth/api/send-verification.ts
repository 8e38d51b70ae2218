import { useMutation } from '@tanstack/react-query';
import { VERIFIED_CALLBACK_PATH } from '../../../../domain/verification';
import { authErrorMessage } from '../../../api/auth-errors';
import { loadAuthClient } from '../../../api/load-auth-client';

/** Mails a new verification link (the server answers alike for any address). */
export async function sendVerification(email: string): Promise<void> {
  const authClient = await loadAuthClient();
  const { error } = await authClient.sendVerificationEmail({
    email,
    callbackURL: VERIFIED_CALLBACK_PATH,
  });
  if (error) throw new Error(authErrorMessage(error));
}

export const useSendVerification = () => useMutation({ mutationFn: sendVerification });
