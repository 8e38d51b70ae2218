import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import {
  type Account,
  disposeAll,
  expect,
  expectAccessible,
  finishSignUp,
  logIn,
  newAccount,
  test,
  uniqueEmail,
} from './support/fixtures';
import { E2E } from './support/paths';

const contexts: APIRequestContext[] = [];
test.afterAll(() => disposeAll(contexts));

const suffix = () =>
  Array.from({ length: 6 }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)])
    .join('')
    .replace(/^./, (c) => c.toUpperCase());

/** A candidate with a profile, signed up and kept signed in through the API. */
async function candidateWithProfile(name: string, details: Record<string, unknown>) {
  const account: Account = { ...newAccount('candidate', name), email: uniqueEmail('cand') };
  const api = await playwrightRequest.newContext({
    baseURL: E2E.baseUrl,
    extraHTTPHeaders: { Origin: E2E.baseUrl },
  });
  contexts.push(api);
  const res = await api.post('/api/auth/sign-up/email', {
    data: { name, email: account.email, password: account.password, accountType: 'candidate' },
  });
  expect(res.status(), await res.text()).toBe(200);
  const id = await finishSignUp(api, account.email);
  const saved = await api.put('/api/profile', {
    data: { name, jobPreferences: {}, ...details },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return { account, id };
}

const saved = (page: import('@playwright/test').Page) =>
  page.locator('#main-content').getByText('Profile updated successfully!');

async function recruiter() {
  const account = { ...newAccount('recruiter', 'Rhea Recruiter'), email: uniqueEmail('rec') };
  const api = await playwrightRequest.newContext({
    baseURL: E2E.baseUrl,
    extraHTTPHeaders: { Origin: E2E.baseUrl },
  });
  contexts.push(api);
  const res = await api.post('/api/auth/sign-up/email', {
    data: {
      name: account.name,
      email: account.email,
      password: account.password,
      accountType: 'recruiter',
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  await finishSignUp(api, account.email);
  return account;
}

test('a recruiter finds a candidate by a misspelt skill, opens the profile and messages them', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const tag = suffix();
  const name = `Elsa ${tag}`;
  const candidate = await candidateWithProfile(name, {
    title: 'Search Engineer',
    location: 'Oslo',
    skills: 'Elasticsearch, Kotlin',
    experience: '3-5',
    bio: 'Relevance tuning for marketplaces.',
    jobPreferences: { jobType: ['contract'], remote: true, location: ['Bergen'] },
  });
  await logIn(page, await recruiter());

  await page.getByRole('link', { name: 'Find Candidates' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Find Candidates' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search candidates' }).fill(`Elasticsarch ${tag}`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/q=Elasticsarch/);
  const card = page.getByRole('article', { name });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Search Engineer');
  await expect(card).toContainText('Elasticsearch');
  await expect(page.getByRole('status').filter({ hasText: '1 candidate' })).toBeVisible();

  // A filter that excludes them, then one that keeps them.
  // (Clicked, not check(): the box follows the address, which updates a moment later.)
  const senior = page.getByRole('checkbox', { name: '10+ years' });
  await senior.click();
  await expect(page.getByText('No candidates match your search.')).toBeVisible();
  await expect(page).toHaveURL(/experience=10%2B/);
  await senior.click();
  await expect(senior).not.toBeChecked();
  await page.getByRole('checkbox', { name: 'Contract' }).click();
  await expect(page).toHaveURL(/jobType=contract/);
  await expect(card).toBeVisible();

  await card.getByRole('link', { name: `View profile of ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/recruiter/candidates/${candidate.id}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Relevance tuning for marketplaces.')).toBeVisible();
  await expect(page.getByText('Bergen')).toBeVisible();

  await page.getByRole('link', { name: `Message ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/messages/new\\?to=${candidate.id}`));
  await expect(page.getByRole('button', { name: `Remove ${name}` })).toBeVisible();
  await page.getByRole('textbox', { name: 'Subject' }).fill(`Your profile ${tag}`);
  await page.getByRole('textbox', { name: 'Message' }).fill('Would you talk to us this week?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await page.waitForURL(/\/messages\/conversation\//);
  await expect(page.getByText(`With: ${name}`)).toBeVisible();
});

test('a recruiter assigns an assessment from a search result, the candidate chosen already', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const tag = suffix();
  const name = `Assia ${tag}`;
  await candidateWithProfile(name, { title: 'Backend Developer', skills: 'Elixir' });
  const admin = await playwrightRequest.newContext({
    baseURL: E2E.baseUrl,
    extraHTTPHeaders: { Origin: E2E.baseUrl },
  });
  contexts.push(admin);
  await admin.post('/api/auth/sign-in/email', {
    data: { email: E2E.admin.email, password: E2E.admin.password },
  });
  const template = await admin.post('/api/templates', {
    data: {
      title: `Elixir task ${tag}`,
      roleName: 'Full Stack Developer',
      description: '',
      active: true,
      authorizedRecruiters: [],
      tasks: [{ title: 'A', description: '', type: 'code' }],
    },
  });
  expect(template.status(), await template.text()).toBe(201);

  await logIn(page, await recruiter());
  await page.goto(`/recruiter/candidates?q=${encodeURIComponent(name)}`);
  const card = page.getByRole('article', { name });
  await card.getByRole('button', { name: `Assign an assessment to ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Assign an assessment to ${name}` });
  await dialog.getByRole('combobox', { name: 'Assessment template' }).click();
  await page.getByRole('option', { name: new RegExp(`Elixir task ${tag}`) }).click();
  await expect(dialog.getByRole('combobox', { name: 'Candidate' })).toHaveValue(
    new RegExp(`^${name} \\(`),
  );
  await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(page.getByText(`Elixir task ${tag} was sent to ${name}.`)).toBeVisible();
});

test('a candidate who turned "Let recruiters find me" off is not found', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const tag = suffix();
  const name = `Hidde ${tag}`;
  const candidate = await candidateWithProfile(name, {
    title: 'Platform Engineer',
    skills: 'Terraform',
  });

  // The candidate turns it off in their profile.
  await logIn(page, candidate.account);
  await page.goto('/profile');
  const visible = page.getByRole('switch', { name: 'Let recruiters find me' });
  await expect(visible).toBeChecked();
  await visible.uncheck();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(saved(page)).toBeVisible();

  const recruiterPage = await (await browser.newContext()).newPage();
  await logIn(recruiterPage, await recruiter());
  await recruiterPage.goto(`/recruiter/candidates?q=${encodeURIComponent(name)}`);
  await expect(recruiterPage.getByText('No candidates match your search.')).toBeVisible();
  await recruiterPage.goto(`/recruiter/candidates/${candidate.id}`);
  await expect(recruiterPage.getByText('Candidate not found')).toBeVisible();

  // On again: found again.
  await visible.check();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(saved(page)).toBeVisible();
  await recruiterPage.goto(`/recruiter/candidates?q=${encodeURIComponent(name)}`);
  await expect(recruiterPage.getByRole('article', { name })).toBeVisible();
  await recruiterPage.context().close();
});

test('candidates are sent away from Find Candidates', async ({ page }) => {
  const candidate = await candidateWithProfile(`Nosy ${suffix()}`, {});
  await logIn(page, candidate.account);
  await page.goto('/recruiter/candidates');
  await expect(page).toHaveURL(/\/unauthorized$/);
});

test.describe('accessibility and small screens (axe)', () => {
  test('Find Candidates and a profile at 1280 px and 375 px', async ({ page }) => {
    test.setTimeout(90_000);
    const tag = suffix();
    const name = `Axel ${tag}`;
    const candidate = await candidateWithProfile(name, {
      title: 'Accessibility Specialist with a very long title that has to wrap on phones',
      location: 'Vienna',
      skills:
        'ARIA, WCAG, React, TypeScript, CSS, Testing Library, Playwright, axe, Screen readers',
      experience: '5-10',
      bio: 'x'.repeat(260),
      jobPreferences: { jobType: ['full-time', 'part-time'], remote: true },
    });
    await logIn(page, await recruiter());
    await page.goto(`/recruiter/candidates?q=${encodeURIComponent(tag)}`);
    await expect(page.getByRole('article', { name })).toBeVisible();
    await expectAccessible(page);
    await page.goto(`/recruiter/candidates/${candidate.id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expectAccessible(page);

    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/recruiter/candidates?q=${encodeURIComponent(tag)}`);
    await expect(page.getByRole('article', { name })).toBeVisible();
    await page.getByRole('button', { name: /^Filters/ }).click();
    await expect(page.getByRole('checkbox', { name: 'Internship' })).toBeVisible();
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await page.goto(`/recruiter/candidates/${candidate.id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
  });
});
