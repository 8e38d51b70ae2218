import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { verifyPassword } from 'better-auth/crypto';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: string,
  length: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/** Marks the hashes made this way, so nothing else is mistaken for one. */
const PREFIX = 'test-scrypt$';
const OPTIONS = { N: 1024, r: 8, p: 1, maxmem: 16 * 1024 * 1024 };

/**
 * Password hashing for NODE_ENV=test only: scrypt at a cost about 30 times lower than
 * better-auth's (N 16384, r 16), so the test suites' thousand sign-ups and sign-ins do not
 * spend minutes of CI on key stretching (docs/decisions/018). Same shape as the real one
 * (salted scrypt, compared in constant time); a hash made by better-auth's own function
 * still verifies. Never used outside tests: auth.ts picks it by NODE_ENV.
 */
export const testPasswordHashing = {
  async hash(password: string): Promise<string> {
    const salt = randomBytes(16).toString('hex');
    const key = await scryptAsync(password.normalize('NFKC'), salt, 64, OPTIONS);
    return `${PREFIX}${salt}$${key.toString('hex')}`;
  },
  async verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
    if (!hash.startsWith(PREFIX)) return verifyPassword({ hash, password });
    const [salt, keyHex] = hash.slice(PREFIX.length).split('$');
    if (!salt || !keyHex) return false;
    const expected = Buffer.from(keyHex, 'hex');
    const key = await scryptAsync(password.normalize('NFKC'), salt, expected.length, OPTIONS);
    return key.length === expected.length && timingSafeEqual(key, expected);
  },
};
