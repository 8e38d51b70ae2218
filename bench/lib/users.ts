import { randomUUID } from 'node:crypto';
import type { CaughtMail } from '../../src/server/test/smtp-catcher';

export interface BenchUser {
  name: string;
  email: string;
  password: string;
  accountType: 'candidate' | 'recruiter';
}

/** A unique user (not yet created). */
export function newUser(accountType: BenchUser['accountType'] = 'candidate'): BenchUser {
  const id = randomUUID().slice(0, 8);
  return {
    name: `Bench ${accountType} ${id}`,
    email: `bench-${accountType}-${id}@example.com`,
    password: `bench-password-${id}`,
    accountType,
  };
}

async function post(baseUrl: string, path: string, body: unknown): Promise<Response> {
  // better-auth refuses a POST without an Origin header (MISSING_OR_NULL_ORIGIN),
  // so send the app's own origin, as a browser on the app would.
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(body),
  });
}

/**
 * Creates the user through the public sign-up endpoint and opens the verification link the
 * server mailed (to the bench's SMTP sink), so the account can sign in.
 */
export async function signUp(
  server: { url: string; mails: CaughtMail[] },
  user: BenchUser,
): Promise<void> {
  const response = await post(server.url, '/api/auth/sign-up/email', user);
  if (!response.ok) {
    throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  }
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mail = server.mails.find((m) => m.to.includes(user.email));
    const text = mail?.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const link = text?.match(/https?:\/\/\S+\/api\/auth\/verify-email\?\S+/)?.[0];
    if (link) {
      const verified = await fetch(link, { redirect: 'manual' });
      if (verified.status !== 302) throw new Error(`verify-email failed: ${verified.status}`);
      return;
    }
    if (Date.now() > deadline) throw new Error(`no verification mail to ${user.email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Signs in and returns the session as a Cookie header value. */
export async function signIn(
  baseUrl: string,
  user: Pick<BenchUser, 'email' | 'password'>,
): Promise<string> {
  const response = await post(baseUrl, '/api/auth/sign-in/email', {
    email: user.email,
    password: user.password,
  });
  if (!response.ok) {
    throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  }
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  if (cookies.length === 0) throw new Error('sign-in answered without a Set-Cookie header');
  return cookies.join('; ');
}

/** Parses a Cookie header value into name/value pairs (for a browser context). */
export function parseCookieHeader(header: string): { name: string; value: string }[] {
  return header
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const eq = part.indexOf('=');
      return { name: part.slice(0, eq), value: part.slice(eq + 1) };
    });
}
