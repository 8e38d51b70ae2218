import type { APIRequestContext, Page } from '@playwright/test';
import { defaultDueDate } from '../../src/domain/assessments';
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

/** An API client signed in as the account (the Origin header satisfies the CSRF check). */
/** A template every recruiter may use, created by the admin; unique title per test. */
async function createTemplate(admin: APIRequestContext, title: string) {
  const res = await admin.post('/api/templates', {
    data: {
      title,
      roleName: 'Full Stack Developer',
      description: 'Fix the sign-up flow',
      active: true,
      authorizedRecruiters: [],
      tasks: [
        { title: 'Task one', description: '', type: 'code' },
        { title: 'Task two', description: '', type: 'text' },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; title: string };
}

const suffix = () => Math.random().toString(36).slice(2, 8);

async function openAssignTab(page: Page) {
  await page.getByRole('button', { name: 'New Assessment' }).click();
  await expect(page.getByRole('tab', { name: 'Assign Assessment' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
}

test('a recruiter assigns a template, follows it in the results and scores it', async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  test.slow(); // a whole journey with four accessibility scans
  const id = suffix();
  const admin = await apiAs(playwright, baseURL as string, adminAccount);
  const template = await createTemplate(admin, `Auth ticket ${id}`);
  await admin.dispose();
  const candidate = newAccount('candidate', `Cara Candidate ${id}`);
  const recruiter = newAccount('recruiter', `Rex Recruiter ${id}`);
  await signUpViaApi(request, candidate);
  await signUpViaApi(request, recruiter);

  await logIn(page, recruiter);
  await expect(page).toHaveURL('/recruiter');
  await expect(
    page.getByRole('heading', { level: 1, name: `Welcome, ${recruiter.name}` }),
  ).toBeVisible();
  // A fresh recruiter's figures are computed, not samples.
  await expect(page.getByText('Total assigned').locator('..')).toContainText('0');
  await expect(page.getByText('Average score').locator('..')).toContainText('—');
  await expectAccessible(page);

  await openAssignTab(page);
  await page.getByRole('button', { name: `Assign to Candidate: ${template.title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Assign Assessment' });
  await expect(dialog).toBeVisible();
  const dueDate = dialog.getByLabel('Due Date');
  await expect(dueDate).toHaveValue(defaultDueDate().replace(/(\d+)-(\d+)-(\d+)/, '$2/$3/$1'));

  // Submitting with nothing chosen names both missing fields.
  await dueDate.fill('');
  await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(dialog.getByText('Please select a candidate')).toBeVisible();
  await expect(dialog.getByText('Please set a due date')).toBeVisible();
  await expect(dialog).toBeVisible();

  await dueDate.fill(defaultDueDate());
  await dialog.getByRole('combobox', { name: 'Candidate' }).fill(candidate.email);
  await page.getByRole('option', { name: new RegExp(candidate.name) }).click();
  await dialog.getByLabel('Message (optional)').fill('Good luck!');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${template.title} was sent to ${candidate.name}.`)).toBeVisible();

  const table = page.getByRole('table', { name: 'Recent Assignments' });
  const row = table.getByRole('row').filter({ hasText: candidate.name });
  await expect(row).toContainText(template.title);
  await expect(row).toContainText('Upcoming');
  const href = await row.getByRole('link', { name: /^View/ }).getAttribute('href');
  const assessmentId = new URL(href as string, 'http://x').searchParams.get('assessment');
  expect(assessmentId).toBeTruthy();

  // The position filter starts at All Positions; its chips are the roles that exist.
  await expect(page.getByRole('button', { name: 'All Positions' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('button', { name: 'Full Stack Developer' }).click();
  await expect(row).toBeVisible();
  await page.getByRole('button', { name: 'All Positions' }).click();
  await expect(row).toBeVisible();

  // Results: the status filters.
  await page.getByRole('tab', { name: 'Assessment Results' }).click();
  const viewDetails = page.getByRole('button', { name: `View Details: ${candidate.name}` });
  await expect(viewDetails).toBeVisible();
  await page.getByRole('button', { name: 'Completed', exact: true }).click();
  await expect(viewDetails).toBeHidden();
  await expect(page.getByText('No assessments found')).toBeVisible();
  // The filter says what the cards' badges say (issue 31).
  await page.getByRole('button', { name: 'Upcoming', exact: true }).click();
  await expect(viewDetails).toBeVisible();
  await expect(page.getByText('Not completed yet')).toBeVisible();

  await viewDetails.click();
  const details = page.getByRole('dialog', { name: `${candidate.name} · ${template.title}` });
  await expect(details.getByText(candidate.email)).toBeVisible();
  await expect(details.getByText('Task one')).toBeVisible();
  await expect(details.getByText('Pending')).toHaveCount(2);
  // The candidate's files, read-only.
  await expect(details.getByRole('region', { name: /^Contents of / })).toBeVisible();
  await expect(details.getByRole('textbox', { name: /^Contents of / })).toHaveCount(0);
  // Nothing to score before the candidate submits.
  await expect(details.getByTestId('evaluation-waiting')).toBeVisible();
  await expect(details.getByLabel('Score')).toHaveCount(0);
  await expectAccessible(page);

  // The candidate starts and submits: the form appears live.
  const candidateApi = await apiAs(playwright, baseURL as string, candidate);
  expect((await candidateApi.post(`/api/assessments/${assessmentId}/start`)).status()).toBe(200);
  expect((await candidateApi.post(`/api/assessments/${assessmentId}/submit`)).status()).toBe(200);
  await candidateApi.dispose();
  await expect(details.getByLabel('Score')).toBeVisible();

  // Out of range, fractional and negative scores are refused with a message, not rounded.
  for (const [entry, message] of [
    ['101', 'Score must be a number from 0 to 100'],
    ['7.5', 'Score must be a whole number'],
    ['-3', 'Score must be a number from 0 to 100'],
  ]) {
    await details.getByLabel('Score').fill(entry!);
    await details.getByRole('button', { name: 'Save Evaluation' }).click();
    await expect(details.getByText(message!)).toBeVisible();
    await expect(details.getByLabel('Score')).toHaveValue(entry!);
    await expect(details.getByText('Not reviewed yet')).toBeVisible();
  }

  await details.getByLabel('Score').fill('85');
  await details.getByLabel('Feedback').fill('Clear code, good tests.');
  await details.getByRole('button', { name: 'Save Evaluation' }).click();
  await expect(details.getByText(/^Reviewed /)).toBeVisible();

  await page.goto(`/recruiter/results?assessment=${assessmentId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Assessment Details' })).toBeVisible();
  await expect(page.getByLabel('Score')).toHaveValue('85');
  await expect(page.getByLabel('Feedback')).toHaveValue('Clear code, good tests.');
  await expect(page.getByText(candidate.email)).toBeVisible();
  await expectAccessible(page);

  // From the details, a message to the candidate about this assessment.
  await page.getByRole('link', { name: 'Message Candidate' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New Message' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Remove ${candidate.name}` })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue(template.title);
});

test('another recruiter sees none of it and is refused the details', async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  const id = suffix();
  const admin = await apiAs(playwright, baseURL as string, adminAccount);
  const template = await createTemplate(admin, `Private ticket ${id}`);
  await admin.dispose();
  const candidate = newAccount('candidate', `Cody Candidate ${id}`);
  const owner = newAccount('recruiter', `Olive Owner ${id}`);
  const other = newAccount('recruiter', `Otto Other ${id}`);
  for (const account of [candidate, owner, other]) await signUpViaApi(request, account);

  const ownerApi = await apiAs(playwright, baseURL as string, owner);
  const candidates = (await (
    await ownerApi.get(`/api/users/candidates?q=${encodeURIComponent(candidate.email)}`)
  ).json()) as { id: string }[];
  expect(candidates).toHaveLength(1);
  const assigned = await ownerApi.post('/api/assessments', {
    data: {
      templateId: template.id,
      candidateId: candidates[0]?.id,
      dueDate: defaultDueDate(),
      message: '',
    },
  });
  expect(assigned.ok(), await assigned.text()).toBe(true);
  const assessment = (await assigned.json()) as { id: string };
  await ownerApi.dispose();

  await logIn(page, other);
  await page.goto('/recruiter?tab=assign');
  await expect(page.getByRole('heading', { name: 'Recent Assignments' })).toBeVisible();
  await expect(page.getByText('No assignments yet.')).toBeVisible();
  await expect(page.getByText(candidate.name)).toHaveCount(0);

  await page.goto(`/recruiter/results?assessment=${assessment.id}`);
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'You do not have permission to view this assessment' }),
  ).toBeVisible();
  await expect(page.getByText(candidate.email)).toHaveCount(0);

  await page.goto('/recruiter/results?assessment=does-not-exist');
  await expect(page.getByRole('alert').filter({ hasText: 'Assessment not found' })).toBeVisible();
});
