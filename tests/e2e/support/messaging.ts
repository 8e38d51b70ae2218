import { randomUUID } from 'node:crypto';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  type Page,
  request as playwrightRequest,
} from '@playwright/test';
import {
  type Account,
  adminAccount,
  disposeAll,
  expect,
  finishSignUp,
  test,
  uniqueEmail,
} from './fixtures';
import { E2E } from './paths';

/** Set-up and page helpers of the messaging journeys (messaging*.spec.ts). */

// --- set-up through the API ----------------------------------------------------------

export type Session = { account: Account; id: string; api: APIRequestContext };

/**
 * A spec file's accounts, signed up or in through the API, each on an API client of its own
 * that is freed after the file's journeys. Call once at the top of the file.
 */
export function messagingAccounts() {
  const contexts: APIRequestContext[] = [];
  // Runs after each group of tests a worker ran: each context is disposed once.
  test.afterAll(() => disposeAll(contexts));

  async function apiContext(): Promise<APIRequestContext> {
    const context = await playwrightRequest.newContext({
      baseURL: E2E.baseUrl,
      extraHTTPHeaders: { Origin: E2E.baseUrl },
    });
    contexts.push(context);
    return context;
  }

  /** A new account, signed up through the API and kept signed in there. */
  async function signedUp(
    role: 'candidate' | 'recruiter',
    name: string,
    emailPrefix: string = role,
  ): Promise<Session> {
    const account: Account = {
      name,
      email: uniqueEmail(emailPrefix),
      password: 'secret-password',
      role,
    };
    const api = await apiContext();
    const res = await api.post('/api/auth/sign-up/email', {
      data: { name, email: account.email, password: account.password, accountType: role },
    });
    expect(res.status(), await res.text()).toBe(200);
    return { account, id: await finishSignUp(api, account.email), api };
  }

  async function signedInApi(account: Account): Promise<APIRequestContext> {
    const api = await apiContext();
    const res = await api.post('/api/auth/sign-in/email', {
      data: { email: account.email, password: account.password },
    });
    expect(res.status(), await res.text()).toBe(200);
    return api;
  }

  /** The admin makes a template and the recruiter assigns it: the recruiter becomes assigned. */
  async function assign(recruiter: Session, candidate: Session, title: string) {
    const admin = await signedInApi(adminAccount);
    const template = await admin.post('/api/templates', {
      data: {
        title,
        roleName: 'Full Stack Developer',
        description: 'Add the password rule to the auth service.',
        active: true,
        authorizedRecruiters: [],
        tasks: [{ title: 'A', description: '', type: 'code' }],
      },
    });
    expect(template.status(), await template.text()).toBe(201);
    const { id: templateId } = (await template.json()) as { id: string };
    const res = await recruiter.api.post('/api/assessments', {
      data: { templateId, candidateId: candidate.id, dueDate: '2030-11-28', message: 'Good luck!' },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: string; title: string };
  }

  return { signedUp, assign };
}

export const suffix = () => Math.random().toString(36).slice(2, 8);

export async function startConversation(
  from: Session,
  to: Session[],
  subject: string,
  message: string,
): Promise<string> {
  const res = await from.api.post('/api/conversations', {
    data: { recipientIds: to.map((s) => s.id), subject, message },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

export async function sendMessage(from: Session, conversationId: string, content: string) {
  const res = await from.api.post(`/api/conversations/${conversationId}/messages`, {
    data: { clientId: randomUUID(), content },
  });
  expect(res.status(), await res.text()).toBe(201);
}

// --- page helpers ----------------------------------------------------------------------

/** Signs the page's browser context in through the API (the Log In screen has its own tests). */
export async function signIn(page: Page, account: Pick<Account, 'email' | 'password'>) {
  const res = await page.request.post('/api/auth/sign-in/email', {
    data: { email: account.email, password: account.password },
    headers: { Origin: E2E.baseUrl },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** A page of its own browser context, signed in as the account. */
export async function pageAs(browser: Browser, account: Account, options?: BrowserContextOptions) {
  const page = await (await browser.newContext(options)).newPage();
  await signIn(page, account);
  return page;
}

export const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
export const inbox = (page: Page) => page.getByRole('navigation', { name: 'Inbox' });
export const inboxRow = (page: Page, subject: string) =>
  inbox(page).getByRole('link').filter({ hasText: subject });
export const messageBox = (page: Page) =>
  page.getByRole('region', { name: 'Conversation messages' });
export const messageItem = (page: Page, text: string) =>
  messageBox(page).getByRole('listitem').filter({ hasText: text });
export const unreadBadge = (page: Page) =>
  page.getByRole('status', { name: /unread conversation/ });
export const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
export const replyBox = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });
export const recipientSearch = (page: Page) =>
  page.getByRole('combobox', { name: 'To:', exact: true });
export const userOptions = (page: Page) =>
  page.getByRole('listbox', { name: 'Users to message' }).getByRole('option');

export const conversationIdOf = (page: Page) => {
  const match = new URL(page.url()).pathname.match(/^\/messages\/conversation\/([^/]+)$/);
  if (!match?.[1]) throw new Error(`not a conversation: ${page.url()}`);
  return decodeURIComponent(match[1]);
};

export async function expectNoHorizontalScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
}
