import type { Locator, Page } from '@playwright/test';
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

const suffix = () => Math.random().toString(36).slice(2, 8);

/** Chooses an option of a Mantine Select by its label (within `scope`, e.g. a dialog). */
async function choose(page: Page, label: string, option: string, scope: Locator | Page = page) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function expectNoOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth > window.innerWidth + 1,
  );
  expect(overflow).toBe(false);
}

async function waitForToasts(page: Page) {
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
}

function inAWeek(): string {
  const d = new Date(Date.now() + 7 * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

test('an admin adds and renames a department, files a template in it; a recruiter posts a job there and a candidate finds it by department', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const id = suffix();
  const first = `Data ${id}`;
  const renamed = `Insights ${id}`;
  const templateTitle = `Pipeline review ${id}`;

  // 1. The admin adds a department, is refused a duplicate, and renames it.
  await logIn(page, adminAccount);
  await page.goto('/admin?tab=departments');
  await expect(page.getByRole('heading', { level: 2, name: 'Departments' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Engineering', exact: true })).toBeVisible();
  await page.getByLabel('New department').fill(`  ${first}  `);
  await page.getByRole('button', { name: 'Add Department' }).click();
  const card = page.getByRole('region', { name: first, exact: true });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('department-usage')).toHaveText('0 templates · 0 jobs');
  await page.getByLabel('New department').fill(first.toUpperCase());
  await page.getByRole('button', { name: 'Add Department' }).click();
  await expect(page.getByText(`A department named “${first}” already exists`)).toBeVisible();
  await page.getByLabel('New department').fill('');

  await card.getByRole('button', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: `Rename “${first}”` });
  await rename.getByLabel('Name').fill(renamed);
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(rename).toBeHidden();
  const renamedCard = page.getByRole('region', { name: renamed, exact: true });
  await expect(renamedCard).toBeVisible();
  await waitForToasts(page);
  await expectAccessible(page);

  // 2. A template in it, from the admin's form.
  await page.getByRole('tab', { name: 'Assessments' }).click();
  await page.getByRole('button', { name: 'Create New Assessment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Assessment' });
  await dialog.getByLabel('Title', { exact: true }).fill(templateTitle);
  await dialog.getByLabel('Role', { exact: true }).fill('Data Engineer');
  await choose(page, 'Department', renamed, dialog);
  await dialog.getByRole('button', { name: 'Create Template' }).click();
  await expect(dialog).toBeHidden();
  const templateCard = page.getByRole('article', { name: templateTitle, exact: true });
  await expect(templateCard).toContainText(`Department: ${renamed}`);
  // The template list filters by department.
  await choose(page, 'Department', renamed);
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByText(`1 of`)).toBeVisible();

  // 3. A recruiter posts a job in it.
  const recruiter = newAccount('recruiter', `Rhea Recruiter ${id}`);
  const candidate = newAccount('candidate', `Cleo Candidate ${id}`);
  await signUpViaApi(request, recruiter);
  await signUpViaApi(request, candidate);
  const rec = await (await browser.newContext({ baseURL })).newPage();
  await logIn(rec, recruiter);
  await rec.goto('/recruiter/post-job');
  const jobTitle = `Analytics Engineer ${id}`;
  await rec.getByLabel('Job title').fill(jobTitle);
  await choose(rec, 'Department', renamed);
  await rec.getByRole('combobox', { name: 'Locations' }).fill('Porto');
  await rec.keyboard.press('Enter');
  await rec.getByRole('combobox', { name: 'Country', exact: true }).fill('Portugal');
  await rec.getByRole('option', { name: 'Portugal', exact: true }).click();
  await choose(rec, 'Workplace type', 'Remote');
  await choose(rec, 'Job type', 'Full-time');
  await choose(rec, 'Experience (years)', '3-5');
  await rec.getByLabel('Description (Markdown)').fill('Dashboards and **pipelines**.');
  await rec.getByRole('button', { name: 'Publish Job' }).click();
  await expect(rec).toHaveURL('/recruiter/job-listings');
  await expect(rec.getByRole('article', { name: jobTitle })).toContainText('Published');

  // 4. The candidate finds it by department, and not under another.
  const cand = await (await browser.newContext({ baseURL })).newPage();
  await logIn(cand, candidate);
  await cand.goto('/candidate/jobs');
  await choose(cand, 'Department', renamed);
  const link = cand.getByRole('link', { name: jobTitle });
  await expect(link).toBeVisible();
  await expect(cand.getByRole('link', { name: /^Platform Engineer/ })).toHaveCount(0);
  await expect(cand.getByRole('listitem')).toHaveCount(1);
  await expect(cand.getByRole('listitem')).toContainText(renamed);
  await choose(cand, 'Department', 'Design');
  await expect(link).toBeHidden();
  await expectAccessible(cand);

  // 5. The Departments tab counts and lists what uses it; deleting it is refused, saying so.
  await page.getByRole('tab', { name: 'Departments' }).click();
  await expect(renamedCard.getByTestId('department-usage')).toHaveText('1 template · 1 job');
  await expect(renamedCard.getByRole('list', { name: `Templates in ${renamed}` })).toContainText(
    templateTitle,
  );
  await renamedCard.getByRole('button', { name: 'Delete' }).click();
  const del = page.getByRole('dialog', { name: `Delete “${renamed}”?` });
  await del.getByRole('button', { name: 'Delete' }).click();
  await expect(del.getByRole('alert')).toHaveText(
    `“${renamed}” cannot be deleted: 1 template and 1 job use it. Move them to another department or archive it instead.`,
  );
  await del.getByRole('button', { name: 'Cancel' }).click();

  // 6. Archived, it is no longer offered for a new job; the job that has it keeps it.
  await renamedCard.getByRole('button', { name: 'Archive' }).click();
  await expect(renamedCard.getByText('Archived', { exact: true })).toBeVisible();
  await rec.goto('/recruiter/post-job');
  await rec.getByRole('combobox', { name: 'Department', exact: true }).click();
  await expect(rec.getByRole('option', { name: 'Engineering', exact: true })).toBeVisible();
  await expect(rec.getByRole('option', { name: renamed, exact: true })).toHaveCount(0);

  // At 375 px the tab fits the screen.
  await waitForToasts(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoOverflow(page);
  await page.screenshot({ path: '.tmp/shots/departments-375.png', fullPage: true });
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: '.tmp/shots/departments-1280.png', fullPage: true });
});

test('the admin picks the feedback detail and the reviewer sees the matching automated feedback', async ({
  page,
  browser,
  request,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const id = suffix();
  const admin = await apiAs(playwright, baseURL as string, adminAccount);
  const templateRes = await admin.post('/api/templates', {
    data: {
      title: `Cart feedback ${id}`,
      roleName: 'Frontend Developer',
      department: 'Engineering',
      tasks: [{ title: 'Implement SHOP-7', description: '', type: 'code' }],
      starterProject: 'javascript',
    },
  });
  expect(templateRes.status(), await templateRes.text()).toBe(201);
  const template = (await templateRes.json()) as { id: string };
  const recruiter = newAccount('recruiter', `Rex Reviewer ${id}`);
  const candidate = newAccount('candidate', `Cal Coder ${id}`);
  await signUpViaApi(request, recruiter);
  await signUpViaApi(request, candidate);
  const recApi = await apiAs(playwright, baseURL as string, recruiter);
  const candApi = await apiAs(playwright, baseURL as string, candidate);
  const me = (await (await candApi.get('/api/profile')).json()) as { id: string };
  const assigned = await recApi.post('/api/assessments', {
    data: { templateId: template.id, candidateId: me.id, dueDate: inAWeek() },
  });
  expect(assigned.status(), await assigned.text()).toBe(201);
  const assessment = (await assigned.json()) as { id: string };
  await candApi.post(`/api/assessments/${assessment.id}/start`);
  // Submitting runs the tests (visible and hidden) in the sandbox.
  expect((await candApi.post(`/api/assessments/${assessment.id}/submit`)).status()).toBe(200);

  // 1. The admin chooses Detailed in AI Configuration; AI models say why they are off.
  await logIn(page, adminAccount);
  await page.goto('/admin?tab=ai');
  await expect(page.getByTestId('ai-models-reason')).toHaveText(
    'No AI model is configured on this server, so AI-written feedback, code review and scoring suggestions are off. Nothing is sent to an AI service.',
  );
  const detail = page.getByLabel('Feedback detail');
  await expect(detail).toHaveValue('standard');
  await expect(page.getByRole('switch', { name: /^Automated feedback/ })).toBeChecked();
  await detail.selectOption('detailed');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved' })).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoOverflow(page);
  await page.screenshot({ path: '.tmp/shots/ai-configuration-375.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await expect(page.getByLabel('Feedback detail')).toHaveValue('detailed');

  // 2. The reviewer sees the failing tests with their messages beside the score form.
  const rev = await (await browser.newContext({ baseURL })).newPage();
  await logIn(rev, recruiter);
  await rev.goto(`/recruiter/results?assessment=${assessment.id}`);
  const feedback = rev.getByTestId('automated-feedback-card');
  const body = feedback.getByTestId('automated-feedback');
  await expect(body).toHaveAttribute('data-detail', 'detailed', { timeout: 45_000 });
  await expect(feedback.getByTestId('feedback-pass-rate')).toHaveText(/^Pass rate \d+%$/);
  const failures = feedback.getByTestId('feedback-failures');
  await expect(failures).toContainText('SAVE10 takes 10% off, rounded down');
  await expect(failures).toContainText('1295 !== 1165');
  await expect(rev.getByRole('form', { name: 'Evaluation' }).getByLabel('Score')).toBeVisible();
  await expectAccessible(rev);
  await rev.setViewportSize({ width: 375, height: 800 });
  await expectNoOverflow(rev);
  await feedback.scrollIntoViewIfNeeded();
  await rev.screenshot({ path: '.tmp/shots/automated-feedback-375.png' });
  await rev.setViewportSize({ width: 1280, height: 900 });

  // 3. Basic: the reviewer gets only the result and the pass rate.
  await page.getByLabel('Feedback detail').selectOption('basic');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved' })).toBeVisible();
  await rev.reload();
  await expect(body).toHaveAttribute('data-detail', 'basic');
  await expect(feedback.getByTestId('feedback-pass-rate')).toBeVisible();
  await expect(feedback.getByTestId('feedback-failures')).toHaveCount(0);
  await feedback.scrollIntoViewIfNeeded();
  await rev.screenshot({ path: '.tmp/shots/automated-feedback-basic-1280.png' });

  // 4. Shared with candidates: once scored, the candidate sees it with the score (Standard).
  await page.getByLabel('Feedback detail').selectOption('standard');
  await page.getByRole('switch', { name: /^Share with the candidate/ }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved' })).toBeVisible();
  const cand = await (await browser.newContext({ baseURL })).newPage();
  await logIn(cand, candidate);
  await cand.goto(`/assessment/${assessment.id}`);
  await expect(cand.getByText('Submitted, awaiting review')).toBeVisible();
  await expect(cand.getByTestId('automated-feedback-card')).toHaveCount(0);
  const scored = await recApi.put(`/api/assessments/${assessment.id}/evaluation`, {
    data: { score: 70, feedback: 'Two discount rules to fix.' },
  });
  expect(scored.status(), await scored.text()).toBe(200);
  await expect(cand.getByText('Score: 70 / 100')).toBeVisible();
  const shared = cand.getByTestId('automated-feedback-card');
  await expect(shared.getByTestId('automated-feedback')).toHaveAttribute('data-detail', 'standard');
  await expect(shared.getByTestId('feedback-failures')).toContainText(
    'SAVE10 takes 10% off, rounded down',
  );
  await expect(shared.getByTestId('feedback-failures')).not.toContainText('1295 !== 1165');
  await expectAccessible(cand);
  await cand.screenshot({ path: '.tmp/shots/automated-feedback-candidate-1280.png' });

  // Put the product defaults back for other journeys.
  await page.getByRole('switch', { name: /^Share with the candidate/ }).uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved' })).toBeVisible();
  await admin.dispose();
  await recApi.dispose();
  await candApi.dispose();
});
