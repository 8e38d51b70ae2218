import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  test as base,
  type ConsoleMessage,
  expect,
  type Page,
  type PlaywrightWorkerArgs,
  request,
} from '@playwright/test';
import type { CaughtMail } from '../../../src/server/test/smtp-catcher';
import { E2E, googleIdentityFile, mailDir } from './paths';
import {
  type JourneyPage,
  journeyPageFixture,
  type SharedPages,
  sharedPagesFixture,
} from './shared-page';

export { expect };

let counter = 0;
export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${process.pid}-${++counter}@example.test`;

export interface Account {
  name: string;
  email: string;
  password: string;
  role: 'candidate' | 'recruiter' | 'admin';
}

/**
 * A mail of the sink, or null when another journey removed it between listing the folder
 * and reading it (followVerificationMail removes the verification mail it followed).
 */
async function readMail(file: string): Promise<CaughtMail | null> {
  try {
    return JSON.parse(await readFile(path.join(mailDir, file), 'utf8')) as CaughtMail;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export function newAccount(role: 'candidate' | 'recruiter', name?: string): Account {
  return {
    name: name ?? (role === 'candidate' ? 'Casey Candidate' : 'Riley Recruiter'),
    email: uniqueEmail(role),
    password: 'secret-password',
    role,
  };
}

export const adminAccount: Account = { ...E2E.admin, role: 'admin' };

/** Creates an account through the API (fast), leaving the page signed out. */
export async function signUpViaApi(request: APIRequestContext, account: Account) {
  const res = await request.post('/api/auth/sign-up/email', {
    data: {
      name: account.name,
      email: account.email,
      password: account.password,
      accountType: account.role,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  await followVerificationMail(request, account.email);
  await request.post('/api/auth/sign-out', { data: {} });
}

/**
 * The link of the newest verification mail sign-up sent to an address (docs/decisions/019),
 * from the test SMTP sink, waiting for it to arrive.
 */
export async function verificationLink(to: string, timeoutMs = 15_000): Promise<string> {
  return (await verificationMail(to, timeoutMs)).link;
}

async function verificationMail(to: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const file of (await readdir(mailDir)).sort().reverse()) {
      const mail = await readMail(file);
      if (!mail?.to.includes(to)) continue;
      const link = mailText(mail).match(/https?:\/\/\S+\/api\/auth\/verify-email\?\S+/)?.[0];
      if (link) return { link, file };
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no verification mail to ${to} within ${timeoutMs} ms`);
}

/**
 * Opens the verification link mailed to the address: verified, and the client signed in.
 * The mail is then removed from the sink, so a journey's waitForMail(address) finds only
 * the mail it is about.
 */
export async function followVerificationMail(api: APIRequestContext, email: string) {
  const { link, file } = await verificationMail(email, 15_000);
  const res = await api.get(link);
  expect(res.status()).toBe(200);
  await rm(path.join(mailDir, file), { force: true });
}

/** After an API sign-up: follows the mailed link (signing the client in); the user's id. */
export async function finishSignUp(api: APIRequestContext, email: string): Promise<string> {
  await followVerificationMail(api, email);
  const session = await api.get('/api/auth/get-session');
  return ((await session.json()) as { user: { id: string } }).user.id;
}

/** An API client signed in as the account (same-origin requests, as the browser sends them). */
export async function apiAs(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
  account: Pick<Account, 'email' | 'password'>,
) {
  const ctx = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Origin: baseURL },
  });
  const res = await ctx.post('/api/auth/sign-in/email', {
    data: { email: account.email, password: account.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ctx;
}

/**
 * Frees a spec file's API clients after its journeys. One already closed with its
 * connection (a worker torn down after a failure) has nothing left to free, and must not
 * fail the file's last journey (it did once in CI).
 */
export async function disposeAll(contexts: APIRequestContext[]) {
  await Promise.allSettled(contexts.splice(0).map((c) => c.dispose()));
}

/** Fills in and submits the Log In screen. */
export async function attemptLogIn(page: Page, account: Pick<Account, 'email' | 'password'>) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
}

/**
 * Signs the page's browser in and opens the app at its start page (the user's dashboard).
 * Through the sign-in API in the browser's own context (its cookies), not the Log In
 * screen: most journeys start signed in, and the screen has journeys of its own
 * (accounts, password-reset, security use attemptLogIn). Saves each journey a page load,
 * two lazy chunks and the typing (docs/decisions/018).
 */
export async function logIn(
  page: Page,
  account: Pick<Account, 'email' | 'password'>,
  origin = E2E.baseUrl,
) {
  const res = await page.request.post('/api/auth/sign-in/email', {
    data: { email: account.email, password: account.password },
    headers: { Origin: origin },
  });
  const body = await res.text();
  expect(res.status(), body).toBe(200);
  expect(body, 'two-factor accounts sign in through attemptLogIn').not.toContain(
    'twoFactorRedirect',
  );
  await page.goto('/');
  await page.waitForURL((url) => url.pathname !== '/' && !url.pathname.startsWith('/login'));
}

/** The newest mail to an address, waiting for it to arrive. */
export async function waitForMail(to: string, timeoutMs = 15_000): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = (await readdir(mailDir)).sort().reverse();
    for (const file of files) {
      const mail = await readMail(file);
      if (mail?.to.includes(to)) return mail;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}

/** Every mail caught so far to an address. */
export async function mailsTo(to: string): Promise<CaughtMail[]> {
  const mails: CaughtMail[] = [];
  for (const file of (await readdir(mailDir)).sort()) {
    const mail = await readMail(file);
    if (mail?.to.includes(to)) mails.push(mail);
  }
  return mails;
}

/** The plain-text body of a raw mail, with quoted-printable soft breaks undone. */
export function mailText(mail: CaughtMail): string {
  return mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
}

/** Chooses who the local OpenID provider says is signing in with "Google". */
export async function setGoogleIdentity(identity: { sub: string; email: string; name: string }) {
  await writeFile(googleIdentityFile, JSON.stringify(identity));
}

/** Waits for the page to settle: no transitions, and every toast on screen opaque or gone. */
async function settle(page: Page) {
  // Judge the settled page: a toast or modal caught mid-fade has colours no one reads.
  await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
  // A toast on its way out is faded by inline styles (set from script, not by a CSS
  // transition): wait until every toast on screen is fully opaque or gone.
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.querySelectorAll('.mantine-Notification-root')].every((toast) => {
          for (let el: Element | null = toast; el; el = el.parentElement) {
            if (getComputedStyle(el).opacity !== '1') return false;
          }
          return true;
        }),
      ),
    )
    .toBe(true);
}

/** An axe scan with no serious or critical violation. */
export async function expectAccessible(page: Page) {
  // The app has no frames (its CSP forbids framing it, and it frames nothing), which is what
  // lets axe run in the page itself: see below.
  expect(await page.locator('iframe, frame').count(), 'frames the scan would not see').toBe(0);
  const serious = async () => {
    await settle(page);
    // Only violations are read: axe then skips building selectors for every passing node.
    // Legacy mode runs axe.run() in the page: the default runs each frame's part and joins
    // the parts in a blank page it opens for every scan, a renderer process started and
    // torn down per scan (about twice the CPU and wall time of a scan, decision 018).
    const results = await new AxeBuilder({ page })
      .setLegacyMode(true)
      .options({ resultTypes: ['violations'] })
      .analyze();
    return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  };
  // A toast that starts to leave (or a live one that arrives) during the scan is caught
  // half-faded; a real violation is still there a moment later, so only a second scan counts.
  let bad = await serious();
  if (bad.length > 0) {
    await page.waitForTimeout(500);
    bad = await serious();
  }
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

/**
 * Every journey fails on a Content-Security-Policy violation in its browser
 * context: the policy must hold on every screen the journeys visit.
 *
 * `context` and `page` are the worker's shared ones (shared-page.ts): a journey starts
 * signed out, with no cookies or storage, on a page that is not the app. A journey that
 * must start from a new browser context (its first run's retry always does) says
 * `test.use({ freshContext: true })`.
 */
export const test = base.extend<
  { cspViolations: string[]; freshContext: boolean; journeyPage: JourneyPage },
  { sharedPages: SharedPages }
>({
  freshContext: [false, { option: true }],
  sharedPages: [sharedPagesFixture, { scope: 'worker' }],
  journeyPage: journeyPageFixture,
  context: async ({ journeyPage }, use) => {
    await use(journeyPage.context);
  },
  page: async ({ journeyPage }, use) => {
    await use(journeyPage.page ?? (await journeyPage.context.newPage()));
  },
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      const onConsole = (message: ConsoleMessage) => {
        if (/Content Security Policy/i.test(message.text())) {
          violations.push(`${message.page()?.url() ?? ''}: ${message.text()}`);
        }
      };
      context.on('console', onConsole);
      await use(violations);
      context.off('console', onConsole);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * A spec file's API clients: each its own device, signed up or signed in as an account,
 * sending the Origin a browser sends, and freed after the file's journeys. Call once at
 * the top of the file; the function it answers makes the clients.
 */
export function apiClients() {
  const contexts: APIRequestContext[] = [];
  test.afterAll(() => disposeAll(contexts));
  return async (account: Account, how: 'sign-up' | 'sign-in') => {
    const api = await request.newContext({
      baseURL: E2E.baseUrl,
      extraHTTPHeaders: { Origin: E2E.baseUrl },
    });
    contexts.push(api);
    const res =
      how === 'sign-up'
        ? await api.post('/api/auth/sign-up/email', {
            data: {
              name: account.name,
              email: account.email,
              password: account.password,
              accountType: account.role,
            },
          })
        : await api.post('/api/auth/sign-in/email', {
            data: { email: account.email, password: account.password },
          });
    expect(res.status(), await res.text()).toBe(200);
    if (how === 'sign-up') return { api, id: await finishSignUp(api, account.email) };
    return { api, id: ((await res.json()) as { user: { id: string } }).user.id };
  };
}

/**
 * Presses Start assessment on the start screen the page shows: an assessment never opened
 * starts only there (issue 31), and the workspace replaces the screen.
 */
export async function pressStart(page: Page) {
  const start = page.getByRole('button', { name: 'Start assessment' });
  await start.click();
  await expect(start).toHaveCount(0);
}

/** Opens a never-started assessment as its candidate and starts it (the clock runs from here). */
export async function startAssessment(page: Page, assessmentId: string) {
  await page.goto(`/assessment/${assessmentId}`);
  await pressStart(page);
}
