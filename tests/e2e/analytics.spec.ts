import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import {
  type Account,
  adminAccount,
  disposeAll,
  expect,
  expectAccessible,
  finishSignUp,
  logIn,
  mailText,
  newAccount,
  test,
  uniqueEmail,
  waitForMail,
} from './support/fixtures';
import { E2E } from './support/paths';

const contexts: APIRequestContext[] = [];
test.afterAll(() => disposeAll(contexts));

const suffix = () =>
  Array.from({ length: 6 }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)])
    .join('')
    .replace(/^./, (c) => c.toUpperCase());

/** A signed-up account whose API context stays signed in. */
async function person(role: 'candidate' | 'recruiter', name: string) {
  const account: Account = { ...newAccount(role, name), email: uniqueEmail(role) };
  const api = await playwrightRequest.newContext({
    baseURL: E2E.baseUrl,
    extraHTTPHeaders: { Origin: E2E.baseUrl },
  });
  contexts.push(api);
  const res = await api.post('/api/auth/sign-up/email', {
    data: { name, email: account.email, password: account.password, accountType: role },
  });
  expect(res.status(), await res.text()).toBe(200);
  const id = await finishSignUp(api, account.email);
  if (role === 'candidate') {
    const saved = await api.put('/api/profile', {
      data: { name, jobPreferences: {}, title: 'Software Engineer', skills: 'TypeScript' },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  return { account, api, id, name };
}

async function postJob(api: APIRequestContext, title: string) {
  const res = await api.post('/api/jobs', {
    data: {
      title,
      department: 'Engineering',
      locations: ['Lisbon'],
      workplaceType: 'remote',
      jobType: 'full-time',
      experience: '3-5',
      description: 'Build the platform.',
      status: 'published',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function apply(api: APIRequestContext, jobId: string) {
  const res = await api.post(`/api/jobs/${jobId}/applications`, {
    multipart: { coverLetter: 'I would like to join.' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function move(api: APIRequestContext, jobId: string, id: string, stage: string) {
  const res = await api.post(`/api/jobs/${jobId}/applications/move`, {
    data: { applicationIds: [id], stage, ...(stage === 'rejected' ? { reason: 'Not now' } : {}) },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * A recruiter with one job and three applicants: one hired (through screening and
 * interview), one rejected after screening, one new. Another recruiter has one applicant.
 */
async function hiringStory(tag: string) {
  const rita = await person('recruiter', `Rita ${tag}`);
  const rob = await person('recruiter', `Rob ${tag}`);
  const job = await postJob(rita.api, `Platform Engineer ${tag}`);
  const robsJob = await postJob(rob.api, `Payments Engineer ${tag}`);
  const [a, b, c, d] = await Promise.all(
    ['Ana', 'Ben', 'Cy', 'Dot'].map((n) => person('candidate', `${n} ${tag}`)),
  );
  const hired = await apply(a!.api, job);
  for (const stage of ['screening', 'interview', 'hired']) await move(rita.api, job, hired, stage);
  const rejected = await apply(b!.api, job);
  await move(rita.api, job, rejected, 'screening');
  await move(rita.api, job, rejected, 'rejected');
  await apply(c!.api, job);
  await apply(d!.api, robsJob);
  return { rita, rob, job, robsJob };
}

const FUNNEL_ROWS = [
  ['Applied', '3', '1', '67%'],
  ['Screening', '2', '0', '50%'],
  ['Assessment', '1', '0', '100%'],
  ['Interview', '1', '0', '100%'],
  ['Offer', '1', '0', '100%'],
  ['Hired', '1', '1', '—'],
  ['Rejected', '1', '1', '—'],
  ['Withdrawn', '0', '0', '—'],
];

/** The rows of a chart's table fallback, cell by cell. */
async function tableRows(page: Page, caption: string) {
  const table = page.getByRole('table', { name: caption });
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent?.trim() ?? '')),
    );
}

/** The numbers written on a chart's bars. */
const barLabels = (page: Page, chart: string) =>
  page.locator(`[data-chart="${chart}"] .recharts-label-list text`).allTextContents();

test('an admin reads the funnel of one recruiter: the chart and its table say the same', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const tag = suffix();
  const { rita } = await hiringStory(tag);

  await logIn(page, adminAccount);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Analytics' })
    .click();
  await expect(page).toHaveURL('/admin/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Recruiter', exact: true }).fill(rita.name);
  await page.getByRole('option', { name: rita.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`recruiterId=${rita.id}`));

  await expect(page.locator('[data-stat="Applications"]')).toHaveText('3');
  await expect(page.locator('[data-stat="Hired"]')).toHaveText('1');
  // The charts are drawn…
  await expect(page.locator('[data-chart="Funnel by stage"] svg.recharts-surface')).toBeVisible();
  await expect(
    page.locator('[data-chart="Applications over time"] svg.recharts-surface'),
  ).toBeVisible();
  await expect
    .poll(() => barLabels(page, 'Funnel by stage'))
    .toEqual(['3', '2', '1', '1', '1', '1']);
  // …and the table fallback (for screen readers, shown on demand) holds the same numbers.
  expect(await tableRows(page, 'Funnel by stage')).toEqual(FUNNEL_ROWS);
  const reached = (await tableRows(page, 'Funnel by stage')).slice(0, 6).map((r) => r[1]);
  expect(reached).toEqual(await barLabels(page, 'Funnel by stage'));
  const overTime = await tableRows(page, 'Applications over time');
  expect(overTime.reduce((sum, r) => sum + Number(r[1]), 0)).toBe(3);
  const funnel = page.getByRole('region', { name: 'Funnel by stage' });
  await funnel.getByRole('button', { name: 'Show table' }).click();
  await expect(page.getByRole('table', { name: 'Funnel by stage' })).toBeVisible();
  await expect(funnel.getByRole('button', { name: 'Hide table' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  // No assessment was assigned: the card says so instead of an empty chart.
  await expect(page.getByText('No assessments were assigned in this range.')).toBeVisible();
  await expectAccessible(page);

  // A range with nothing in it says what is missing.
  await page.getByRole('textbox', { name: 'To', exact: true }).fill('2020-01-31');
  await page.getByRole('textbox', { name: 'From', exact: true }).fill('2020-01-01');
  await expect(page).toHaveURL(/from=2020-01-01&to=2020-01-31/);
  await expect(page.getByText('Jan 1, 2020 – Jan 31, 2020 (UTC)', { exact: false })).toBeVisible();
  await expect(page.getByText('No applications in this range.').first()).toBeVisible();
  await expect(page.locator('[data-stat="Applications"]')).toHaveText('0');
});

test('a recruiter sees only their own jobs’ figures, whatever the address says', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const tag = suffix();
  const { rita, rob, robsJob } = await hiringStory(tag);

  await logIn(page, rita.account);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'My Listings' })
    .click();
  await page.getByRole('link', { name: 'Analytics' }).click();
  await expect(page).toHaveURL('/recruiter/analytics');
  await expect(page.locator('[data-stat="Applications"]')).toHaveText('3');
  expect(await tableRows(page, 'Funnel by stage')).toEqual(FUNNEL_ROWS);
  // The job filter offers Rita's job only.
  await page.getByRole('combobox', { name: 'Job', exact: true }).click();
  await expect(page.getByRole('option', { name: `Platform Engineer ${tag}` })).toBeVisible();
  await expect(page.getByRole('option', { name: `Payments Engineer ${tag}` })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expectAccessible(page);

  // Rob's id in the address changes nothing; the API refuses it outright.
  await page.goto(`/recruiter/analytics?recruiterId=${rob.id}`);
  await expect(page.locator('[data-stat="Applications"]')).toHaveText('3');
  const byRecruiter = await rita.api.get(`/api/analytics?recruiterId=${rob.id}`);
  expect(byRecruiter.status()).toBe(403);
  const byJob = await rita.api.get(`/api/analytics?jobId=${robsJob}`);
  expect(byJob.status()).toBe(404);
  // Rob's job in the address: the page says it is not found, and shows no figure of it.
  await page.goto(`/recruiter/analytics?jobId=${robsJob}`);
  await expect(page.getByRole('alert')).toContainText('Job not found');
  await expect(page.locator('[data-stat="Applications"]')).toHaveCount(0);

  // At 375 px nothing overflows sideways.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/recruiter/analytics');
  await expect(page.locator('[data-stat="Applications"]')).toHaveText('3');
  await expect(page.locator('[data-chart="Funnel by stage"] svg.recharts-surface')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page);
});

test('a recruiter invites a candidate from Find Candidates; the candidate sees it and applies', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = suffix();
  const rita = await person('recruiter', `Rita ${tag}`);
  const title = `Search Engineer ${tag}`;
  const jobId = await postJob(rita.api, title);
  const draft = await rita.api.post('/api/jobs', {
    data: {
      title: `Draft role ${tag}`,
      department: 'Engineering',
      locations: ['Lisbon'],
      workplaceType: 'remote',
      jobType: 'full-time',
      experience: '3-5',
      description: 'Later.',
      status: 'draft',
    },
  });
  expect(draft.status()).toBe(201);
  const ivy = await person('candidate', `Ivy ${tag}`);

  await logIn(page, rita.account);
  await page.goto(`/recruiter/candidates?q=${encodeURIComponent(ivy.name)}`);
  const card = page.getByRole('article', { name: ivy.name });
  await card.getByRole('button', { name: `Invite ${ivy.name} to apply` }).click();
  const dialog = page.getByRole('dialog', { name: `Invite ${ivy.name} to apply` });
  // Sending without a job says what is missing.
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(dialog.getByText('Choose one of your open jobs')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Job' }).click();
  // Drafts are not offered.
  await expect(page.getByRole('option', { name: `Draft role ${tag}` })).toHaveCount(0);
  await page.getByRole('option', { name: title, exact: true }).click();
  await dialog
    .getByRole('textbox', { name: 'Message (optional)' })
    .fill('Your search work fits us.');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(page.getByText(`${ivy.name} was invited to apply to ${title}.`)).toBeVisible();
  await expect(dialog).toBeHidden();

  // A second time, the job is marked and cannot be chosen; the API refuses it with a reason.
  await card.getByRole('button', { name: `Invite ${ivy.name} to apply` }).click();
  await dialog.getByRole('combobox', { name: 'Job' }).click();
  await expect(page.getByRole('option', { name: `${title} (already invited)` })).toBeDisabled();
  await page.keyboard.press('Escape');
  const again = await rita.api.post(`/api/jobs/${jobId}/invitations`, {
    data: { candidateId: ivy.id },
  });
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { message: string }).message).toBe(
    'This candidate has already been invited to this job',
  );

  // The mail links to the job page.
  const mail = await waitForMail(ivy.account.email);
  expect(mailText(mail)).toContain(`${rita.name} found your profile and invites you to apply`);
  expect(mailText(mail)).toContain(`${E2E.baseUrl}/candidate/jobs/${jobId}`);

  // The candidate: the bell, then the job page, then My Applications.
  const candidatePage = await (await browser.newContext()).newPage();
  await logIn(candidatePage, ivy.account);
  const bell = candidatePage.getByRole('button', { name: /^Notifications \(1 unread\)/ });
  await expect(bell).toBeVisible();
  await candidatePage.goto('/candidate/applications');
  const invited = candidatePage.getByRole('region', { name: 'Invited to apply' });
  await expect(invited.getByRole('article', { name: `Invitation: ${title}` })).toContainText(
    'Your search work fits us.',
  );
  await expectAccessible(candidatePage);
  await candidatePage.getByRole('button', { name: /^Notifications/ }).click();
  await candidatePage.getByRole('link', { name: new RegExp(`Invited to apply: ${title}`) }).click();
  await expect(candidatePage).toHaveURL(`/candidate/jobs/${jobId}`);
  await expect(
    candidatePage.getByText(`${rita.name} invited you to apply on`, { exact: false }),
  ).toBeVisible();
  await expect(
    candidatePage.getByRole('button', { name: 'Notifications', exact: true }),
  ).toBeVisible();
  await expectAccessible(candidatePage);

  // Applying from the invitation; it then leaves "Invited to apply".
  await candidatePage.getByLabel('Cover letter').fill('Happy to apply.');
  await candidatePage.getByRole('button', { name: 'Submit Application' }).click();
  await expect(candidatePage.getByText('You applied on')).toBeVisible();
  await candidatePage.goto('/candidate/applications');
  await expect(candidatePage.getByRole('article', { name: `Application: ${title}` })).toBeVisible();
  await expect(candidatePage.getByRole('region', { name: 'Invited to apply' })).toHaveCount(0);

  // At 375 px the invitation and the job page fit.
  await candidatePage.setViewportSize({ width: 375, height: 800 });
  await candidatePage.goto(`/candidate/jobs/${jobId}`);
  await expect(candidatePage.getByText(`${rita.name} invited you to apply on`)).toBeVisible();
  expect(
    await candidatePage.evaluate(() => document.documentElement.scrollWidth),
  ).toBeLessThanOrEqual(375);
  await candidatePage.context().close();
});
