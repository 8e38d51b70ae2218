import { useMutation } from '@tanstack/react-query';
import type { LogInInput } from '../../../../domain/auth';
import { authClient, authErrorMessage } from '../../../api/auth-client';

/** Signs in with e-mail and password; resolves to the user's role (null if unknown). */
export async function logIn({ email, password }: LogInInput): Promise<string | null> {
  const { data, error } = await authClient.signIn.email({ email, password });
  if (error) throw new Error(authErrorMessage(error));
  const role = (data?.user as { role?: unknown } | undefined)?.role;
  return typeof role === 'string' ? role : null;
}

export const useLogIn = () => useMutation({ mutationFn: logIn });
