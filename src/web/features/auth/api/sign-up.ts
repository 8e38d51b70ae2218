import { useMutation } from '@tanstack/react-query';
import type { SignUpInput } from '../../../../domain/auth';
import { authClient, authErrorMessage } from '../../../api/auth-client';

/** Creates the account; the server turns accountType into the role. Resolves to the role. */
export async function signUp({ name, email, password, role }: SignUpInput): Promise<string> {
  const { data, error } = await authClient.signUp.email({
    name,
    email,
    password,
    accountType: role,
  });
  if (error) throw new Error(authErrorMessage(error));
  const created = (data?.user as { role?: unknown } | undefined)?.role;
  return typeof created === 'string' ? created : role;
}

export const useSignUp = () => useMutation({ mutationFn: signUp });
