import { z } from 'zod';
import { authErrorMessage } from '../../../api/auth-errors';

/**
 * better-auth's two-factor endpoints (/api/auth/two-factor/*) with a plain
 * fetch: its client plugin would only wrap these four calls.
 */
async function authPost<T extends z.ZodType>(path: string, body: unknown, schema: T) {
  let response: Response;
  try {
    response = await fetch(`/api/auth${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(body),
    });
  } catch {
    throw new Error('Could not reach the server. Check your connection.');
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const failure = (payload ?? {}) as { message?: string; code?: string };
    throw new Error(
      authErrorMessage({ ...failure, status: response.status, statusText: response.statusText }),
    );
  }
  return schema.parse(payload) as z.infer<T>;
}

const enableSchema = z.object({ totpURI: z.string(), backupCodes: z.array(z.string()) });

/** Starts enrolment: a new secret (as an otpauth:// URI) and ten backup codes. */
export const startEnrolment = (password: string | undefined) =>
  authPost('/two-factor/enable', password ? { password } : {}, enableSchema);

/** A code from the app: finishes enrolment when signed in, or a sign-in challenge. */
export const verifyCode = (code: string, trustDevice = false) =>
  authPost('/two-factor/verify-totp', { code, trustDevice }, z.unknown());

export const verifyBackupCode = (code: string) =>
  authPost('/two-factor/verify-backup-code', { code }, z.unknown());

export const disableTwoFactor = (password: string | undefined) =>
  authPost('/two-factor/disable', password ? { password } : {}, z.unknown());
