import type { Env } from '../env';

export const ROOT_REFUSED =
  'TalentForge refuses to run the web server as root in production: run it as an unprivileged ' +
  'user (README, Production: with DATABASE_URL only `npm run runner` needs root, for the ' +
  'test-run sandbox), or set ALLOW_ROOT=1 (a single server on the embedded database runs ' +
  'test runs itself and needs it).';

/**
 * The web server parses untrusted input all day; it never needs root (test
 * runs execute in the runner). In production it refuses to start as root
 * unless ALLOW_ROOT=1; development and tests (CI runs as root) are left alone.
 */
export function rootRefusal(
  env: Pick<Env, 'NODE_ENV' | 'ALLOW_ROOT'>,
  uid: number | undefined = process.getuid?.(),
): string | null {
  if (env.NODE_ENV !== 'production' || env.ALLOW_ROOT || uid !== 0) return null;
  return ROOT_REFUSED;
}
