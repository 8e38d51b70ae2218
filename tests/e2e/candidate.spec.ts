import type { APIRequestContext, Page } from '@playwright/test';
import {
  adminAccount,
  apiAs,
  expect,
  expectAccessible,
  logIn,
  newAccount,
  signUpViaApi,
  test,
} from './support/fixtures';

/** An API client signed in as the account, apart from the page's cookies. */
const suffix = () => Math.random().toString(36).slice(2, 8);

/** A template every recruiter may use (the admin's), with a title unique to the test. */
async function createTemplate(admin: APIRequestContext, title: string, taskCount = 1) {
  const res = await admin.post('/api/templates', {
    data: {
      title,
      roleName: 'Full Stack Developer',
      description: 'Add the password rule to the auth service.',
      active: true,
      authorizedRecruiters: [],
      tasks: ['A', 'B', 'C'].slice(0, taskCount).map((t) => ({
        title: t,
        description: '',
        type: 'code',
      })),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string };
}

async function assign(
  recruiter: APIRequestContext,
  templateId: string,
  candidateId: string,
  dueDate: string,
) {
  const res = await recruiter.post('/api/assessments', {
    data: { templateId, candidateId, dueDate, message: 'Good luck!' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; tasks: { id: string }[] };
}

/** The signed-in page's own user id. */
async function ownId(page: Page) {
  const res = await page.request.get('/api/profile');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

const card = (page: Page, title: string) => page.getByRole('article', { name: title });
const stats = (page: Page) => page.getByRole('region', { name: 'Assessment Stats' });
const completeness = (page: Page) => page.getByRole('region', { name: 'Profile Completeness' });
const filter = (page: Page, label: string) =>
  page.getByRole('radiogroup', { name: 'Show assessments' }).getByText(label, { exact: true });

test('a candidate sees the empty dashboard, fills in the profile, and an assignment arrives live', async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  const candidate = newAccount('candidate', 'Casey Live');
  const recruiter = newAccount('recruiter');
  await signUpViaApi(request, candidate);
  await signUpViaApi(request, recruiter);
  await logIn(page, candidate);
  await expect(page).toHaveURL('/candidate');

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Casey Live');
  await expect(page.getByText("You don't have any assessments yet.")).toBeVisible();
  await expect(
    page.getByText("You'll be notified when a company invites you to complete an assessment."),
  ).toBeVisible();
  await expect(stats(page).getByRole('term')).toHaveText(['In Progress', 'Upcoming', 'Completed']);
  await expect(stats(page).getByRole('definition')).toHaveText(['0', '0', '0']);

  // Computed from the profile: a fresh account has only its name (1 of 12 fields).
  await expect(completeness(page)).toContainText('8%');
  await expect(
    completeness(page).getByRole('progressbar', { name: 'Profile completeness: 8%' }),
  ).toBeVisible();
  const help = page.getByRole('region', { name: 'Need Help?' }).getByRole('link');
  await expect(help).toHaveAttribute('href', /^mailto:[^@\s]+@[^@\s]+$/);
  await expectAccessible(page);

  await completeness(page).getByRole('link', { name: 'Complete your profile' }).click();
  await expect(page).toHaveURL('/profile');
  await page.getByLabel('Title').fill('Frontend Developer');
  await page.getByLabel('Skills').fill('React, TypeScript');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully!').first()).toBeVisible();
  await page.getByRole('link', { name: 'Dashboard', exact: true }).first().click();
  await expect(page).toHaveURL('/candidate');
  // Name, title and skills: 3 of 12.
  await expect(completeness(page)).toContainText('25%');

  // While the dashboard stays open, an admin's template reaches the candidate through a recruiter.
  const title = `Password Rules ${suffix()}`;
  const admin = await apiAs(playwright, baseURL!, adminAccount);
  const template = await createTemplate(admin, title);
  const recruiterApi = await apiAs(playwright, baseURL!, recruiter);
  const assessment = await assign(recruiterApi, template.id, await ownId(page), '2030-11-28');

  // No reload: the realtime client refreshes the list.
  const arrived = card(page, title);
  await expect(arrived).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText("You don't have any assessments yet.")).toBeHidden();
  await expect(arrived.getByText('Upcoming', { exact: true })).toBeVisible();
  await expect(arrived).toContainText('Role: Full Stack Developer');
  await expect(arrived).toContainText('Due by Nov 28, 2030');
  await expect(arrived.getByRole('progressbar')).toHaveCount(0);
  await expect(arrived.getByRole('link', { name: 'Continue Assessment' })).toHaveAttribute(
    'href',
    `/assessment/${assessment.id}`,
  );
  await expect(stats(page).getByRole('definition')).toHaveText(['0', '1', '0']);
  // The profile's 'saved' toast has an unnamed close button (profile feature); scan without it.
  await expect(page.getByText('Profile updated successfully!')).toHaveCount(0, {
    timeout: 10_000,
  });
  await expectAccessible(page);

  // /assessments and its filters (Upcoming means scheduled).
  await page.getByRole('link', { name: 'Assessments', exact: true }).first().click();
  await expect(page).toHaveURL('/assessments');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Assessments');
  const listed = card(page, title);
  await expect(listed).toContainText('Add the password rule to the auth service.');
  await expect(listed.getByRole('link', { name: 'Continue Assessment' })).toHaveAttribute(
    'href',
    `/assessment/${assessment.id}`,
  );
  await filter(page, 'Upcoming').click();
  await expect(page).toHaveURL('/assessments?status=scheduled');
  await expect(listed).toBeVisible();
  await filter(page, 'Completed').click();
  await expect(page.getByText('No assessments found')).toBeVisible();
  await expect(listed).toBeHidden();
  await filter(page, 'In Progress').click();
  await expect(page.getByText('No assessments found')).toBeVisible();
  // The filter survives a reload.
  await page.reload();
  await expect(page.getByText('No assessments found')).toBeVisible();
  await filter(page, 'All').click();
  await expect(page).toHaveURL('/assessments');
  await expect(listed).toBeVisible();
  await expectAccessible(page);

  await admin.dispose();
  await recruiterApi.dispose();
});

test('progress shows only while in progress, and a completed assessment offers its results', async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  const candidate = newAccount('candidate');
  const recruiter = newAccount('recruiter');
  await signUpViaApi(request, candidate);
  await signUpViaApi(request, recruiter);
  await logIn(page, candidate);
  const admin = await apiAs(playwright, baseURL!, adminAccount);
  const recruiterApi = await apiAs(playwright, baseURL!, recruiter);
  const started = `Started ${suffix()}`;
  const finished = `Finished ${suffix()}`;
  const candidateId = await ownId(page);
  const a = await assign(
    recruiterApi,
    (await createTemplate(admin, started, 3)).id,
    candidateId,
    '2030-01-05',
  );
  const b = await assign(
    recruiterApi,
    (await createTemplate(admin, finished, 1)).id,
    candidateId,
    '2030-02-10',
  );
  // One task of three done: in progress at 33%; the other one all done and submitted: completed.
  expect((await page.request.post(`/api/assessments/${a.id}/start`)).status()).toBe(200);
  expect(
    (
      await page.request.put(`/api/assessments/${a.id}/tasks/${a.tasks[0]!.id}`, {
        data: { completed: true },
      })
    ).status(),
  ).toBe(200);
  expect((await page.request.post(`/api/assessments/${b.id}/toggle-all`)).status()).toBe(200);
  expect((await page.request.post(`/api/assessments/${b.id}/submit`)).status()).toBe(200);

  await page.goto('/candidate');
  const inProgress = card(page, started);
  await expect(inProgress.getByText('In Progress', { exact: true })).toBeVisible();
  await expect(inProgress.getByRole('progressbar', { name: 'Progress: 33%' })).toBeVisible();
  await expect(inProgress).toContainText('33%');
  await expect(inProgress.getByRole('link', { name: 'Continue Assessment' })).toBeVisible();
  const done = card(page, finished);
  await expect(done.getByText('Completed', { exact: true })).toBeVisible();
  await expect(done.getByRole('progressbar')).toHaveCount(0);
  await expect(done.getByRole('link', { name: 'View Results' })).toHaveAttribute(
    'href',
    `/assessment/${b.id}`,
  );
  await expect(stats(page).getByRole('definition')).toHaveText(['1', '0', '1']);

  await page.goto('/assessments?status=in-progress');
  await expect(card(page, started)).toBeVisible();
  await expect(card(page, finished)).toBeHidden();
  await filter(page, 'Completed').click();
  await expect(card(page, finished)).toBeVisible();
  await expect(card(page, started)).toBeHidden();
  await expect(page.getByText('Due by Feb 10, 2030')).toBeVisible();

  await admin.dispose();
  await recruiterApi.dispose();
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the filters stay reachable on a phone', async ({ page, request }) => {
    const candidate = newAccount('candidate');
    await signUpViaApi(request, candidate);
    await logIn(page, candidate);
    await page.goto('/assessments');
    for (const label of ['All', 'In Progress', 'Upcoming', 'Completed']) {
      await expect(filter(page, label)).toBeInViewport();
    }
    await filter(page, 'Completed').click();
    await expect(page.getByText('No assessments found')).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  });
});

test('a recruiter cannot open /assessments', async ({ page, request }) => {
  const recruiter = newAccount('recruiter');
  await signUpViaApi(request, recruiter);
  await logIn(page, recruiter);
  await page.goto('/assessments');
  await expect(page).toHaveURL('/unauthorized');
  await expect(page.getByText("You don't have permission to view this page.")).toBeVisible();
});
