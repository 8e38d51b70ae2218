import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TEXTS } from '../../../../domain/texts';
import { authErrorMessage } from '../../../api/auth-errors';
import { loadAuthClient } from '../../../api/load-auth-client';
import { publicConfigQueryOptions } from './get-public-config';

type GoogleSignInInput = { from: 'login' | 'signup' };

/** Starts Google sign-in (the browser leaves for Google); refuses early when it is not set up. */
export function useGoogleSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ from }: GoogleSignInInput) => {
      const config = await queryClient.fetchQuery(publicConfigQueryOptions());
      if (!config.googleEnabled) throw new Error(TEXTS.googleNotConfigured);
      const authClient = await loadAuthClient();
      const { error } = await authClient.signIn.social({
        provider: 'google',
        callbackURL: '/',
        newUserCallbackURL: '/',
        errorCallbackURL: from === 'signup' ? '/signup?error=google' : '/login?error=google',
      });
      if (error) throw new Error(authErrorMessage(error));
    },
  });
}
