import { useSearchParams } from 'react-router';
import { humanizeCode } from '../../../api/auth-errors';
import { translateMessage } from '../../../lib/messages';

/**
 * The reason Google sign-in failed, when the server sent the browser back with
 * ?error=google (our errorCallbackURL) and possibly better-auth's own
 * ?error=<code>&error_description=...; null otherwise.
 */
export function useGoogleErrorParam(): string | null {
  const [params] = useSearchParams();
  const codes = params.getAll('error');
  if (codes.length === 0) return null;
  const description = params.get('error_description');
  if (description) return description;
  const code = codes.find((c) => c !== 'google');
  return code ? humanizeCode(code) : translateMessage('Google did not complete the sign-in');
}
