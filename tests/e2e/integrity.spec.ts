import type { APIRequestContext, Page } from '@playwright/test';
import {
  adminAccount,
  apiAs,
  expect,
  expectAccessible,
  logIn,
  mailsTo,
  mailText,
  newAccount,
  signUpViaApi,
  startAssessment,
  test,
} from './support/fixtures';

async function createTemplate(
  admin: APIRequestContext,
  title: string,
  roleName: string,
  tasks = [
    { title: 'Fix the endpoint', description: '', type: 'code' },
    { title: 'Explain your fix', description: 'A few sentences.', type: 'text' },
    { title: 'Write the design note', description: 'In Markdown.', type: 'document' },
  ],
) {
  const res = await admin.post('/api/templates', {
    data: { title, roleName, description: 'Review the orders API', tasks },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; title: string };
}

const suffix = () => Math.random().toString(36).slice(2, 8);
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const noSidewaysScroll = async (page: Page) =>
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBeLessThanOrEqual(0);

test('a Backend template is found and assigned; the candidate answers and submits; the recruiter is told, reads the answers and scores; the candidate sees the score', async ({
  page,
  browser,
  request,
  playwright,
  baseURL,
}) => {
  test.slow();
  const id = suffix();
  const admin = await apiAs(playwright, baseURL as string, adminAccount);
  const template = await createTemplate(admin, `Orders API ${id}`, 'Backend');
  await createTemplate(admin, `Other role ${id}`, 'Full Stack Developer');
  await admin.dispose();
  const candidate = newAccount('candidate', `Cleo Candidate ${id}`);
  const recruiter = newAccount('recruiter', `Remy Recruiter ${id}`);
  await signUpViaApi(request, candidate);
  await signUpViaApi(request, recruiter);

  // --- the recruiter finds the Backend template (All Positions by default) and assigns it
  await logIn(page, recruiter);
  await page.getByRole('button', { name: 'New Assessment' }).click();
  const assignButton = page.getByRole('button', { name: `Assign to Candidate: ${template.title}` });
  await expect(assignButton).toBeVisible();
  await page.getByRole('button', { name: 'Backend', exact: true }).click();
  await expect(assignButton).toBeVisible();
  await expect(
    page.getByRole('button', { name: `Assign to Candidate: Other role ${id}` }),
  ).toHaveCount(0);
  await expect(page.getByTestId('hidden-by-filter')).toContainText(
    /templates? hidden by the filter/,
  );
  await assignButton.click();
  const assign = page.getByRole('dialog', { name: 'Assign Assessment' });
  await assign.getByRole('combobox', { name: 'Candidate' }).fill(candidate.email);
  await page.getByRole('option', { name: new RegExp(candidate.name) }).click();
  await assign.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(assign).toBeHidden();
  const row = page
    .getByRole('table', { name: 'Recent Assignments' })
    .getByRole('row')
    .filter({ hasText: candidate.name });
  await expect(row).toContainText('Upcoming');
  const href = await row.getByRole('link', { name: /^View/ }).getAttribute('href');
  const assessmentId = new URL(href as string, 'http://x').searchParams.get('assessment')!;
  // The choice is remembered on this browser.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Backend', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // --- the candidate writes the answers and submits after confirming
  const candidateContext = await browser.newContext();
  const cand = await candidateContext.newPage();
  await logIn(cand, candidate);
  await startAssessment(cand, assessmentId);
  const tasks = cand.getByRole('tabpanel', { name: 'Tasks' });
  const text = tasks.getByRole('textbox', { name: 'Your answer: Explain your fix' });
  await text.fill('I validated the quantity before saving.');
  const doc = tasks.getByRole('textbox', {
    name: 'Your document (Markdown): Write the design note',
  });
  await doc.fill(
    '# Orders design\n\nWe keep **one** table.\n\n<img src=x alt="" onerror=alert(1)>',
  );
  await expect(tasks.getByRole('status').filter({ hasText: 'Saved' })).toHaveCount(2);
  await tasks.getByText('Preview', { exact: true }).click();
  await expect(tasks.getByRole('heading', { name: 'Orders design' })).toBeVisible();
  await expect(tasks.locator('img[onerror]')).toHaveCount(0);
  await expectAccessible(cand);

  // Saved on the server: a reload brings the answers back.
  await cand.reload();
  await expect(text).toHaveValue('I validated the quantity before saving.');

  await cand.getByRole('button', { name: 'Submit Assessment' }).click();
  const confirm = cand.getByRole('dialog', { name: 'Submit your assessment?' });
  await expect(confirm.getByText('Not marked as done (3)')).toBeVisible();
  await expect(confirm.getByText('Without a written answer')).toHaveCount(0);
  await expectAccessible(cand);
  await confirm.getByRole('button', { name: 'Submit Assessment' }).click();
  await expect(confirm).toBeHidden();
  await expect(cand.getByTestId('submission-banner')).toContainText('Submitted, awaiting review');
  await expect(text).toHaveAttribute('readonly', '');

  // --- the recruiter: a bell item and an e-mail, the answers beside the tasks, the score
  await expect(bell(page)).toHaveAccessibleName('Notifications (1 unread)');
  await expect
    .poll(async () => (await mailsTo(recruiter.email)).map(mailText).join('\n'))
    .toContain(`/recruiter/results?assessment=${assessmentId}`);
  await bell(page).click();
  await page
    .getByRole('dialog')
    .getByRole('link')
    .filter({ hasText: `Submitted: ${template.title}` })
    .click();
  await expect(page).toHaveURL(`/recruiter/results?assessment=${assessmentId}`);
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  const answers = page.getByTestId('written-answer');
  await expect(answers.nth(0)).toContainText('I validated the quantity before saving.');
  await expect(answers.nth(1).getByRole('heading', { name: 'Orders design' })).toBeVisible();
  await expect(answers.nth(1).locator('img[onerror]')).toHaveCount(0);
  await expectAccessible(page);
  await page.getByLabel('Score').fill('85');
  await page.getByLabel('Feedback').fill('Clear reasoning.');
  await page.getByRole('button', { name: 'Save Evaluation' }).click();
  await expect(page.getByText(/^Reviewed /)).toBeVisible();

  // --- the candidate sees the score and feedback live, and is told by bell and e-mail
  await expect(cand.getByTestId('submission-banner')).toContainText('Score: 85 / 100');
  await expect(cand.getByTestId('submission-banner')).toContainText('Clear reasoning.');
  await expect(bell(cand)).toHaveAccessibleName('Notifications (1 unread)');
  await expect
    .poll(async () => (await mailsTo(candidate.email)).map(mailText).join('\n'))
    .toContain('scored it 85 out of 100');
  await candidateContext.close();
});

test('Message Recruiter reopens the conversation about the assessment', async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  test.slow();
  const id = suffix();
  const admin = await apiAs(playwright, baseURL as string, adminAccount);
  const template = await createTemplate(admin, `Queue worker ${id}`, 'Backend');
  await admin.dispose();
  const candidate = newAccount('candidate', `Mia Candidate ${id}`);
  const recruiter = newAccount('recruiter', `Ravi Recruiter ${id}`);
  await signUpViaApi(request, candidate);
  await signUpViaApi(request, recruiter);
  const recruiterApi = await apiAs(playwright, baseURL as string, recruiter);
  await logIn(page, candidate);
  const me = (await (await page.request.get('/api/profile')).json()) as {
    id?: string;
    user?: { id: string };
  };
  const candidateId = me.user?.id ?? me.id;
  const assigned = await recruiterApi.post('/api/assessments', {
    data: {
      templateId: template.id,
      candidateId,
      dueDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
    },
  });
  expect(assigned.status(), await assigned.text()).toBe(201);
  const assessmentId = ((await assigned.json()) as { id: string }).id;
  await recruiterApi.dispose();

  await page.goto(`/assessment/${assessmentId}`);
  await page.getByRole('link', { name: 'Message Recruiter' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New Message' })).toBeVisible();
  await page.getByRole('checkbox', { name: new RegExp(recruiter.name) }).check();
  await page.getByRole('textbox', { name: 'Message' }).fill('Is the queue at-least-once?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page).toHaveURL(/\/messages\/conversation\//);
  const first = page.url();

  await page.goto(`/assessment/${assessmentId}`);
  await page.getByRole('link', { name: 'Message Recruiter' }).click();
  await expect(page).toHaveURL(first);
  await expect(
    page.getByRole('heading', { level: 1, name: `Re: ${template.title}` }),
  ).toBeVisible();
});

test('the recruiter extends the due date; the candidate sees it live and gets an e-mail', async ({
  page,
  browser,
  request,
  playwright,
  baseURL,
}) => {
  test.slow();
  const id = suffix();
  const admin = await apiAs(playwright, baseURL as string, adminAccount);
  const template = await createTemplate(admin, `Due date ${id}`, 'Backend');
  await admin.dispose();
  const candidate = newAccount('candidate', `Dana Candidate ${id}`);
  const recruiter = newAccount('recruiter', `Dex Recruiter ${id}`);
  await signUpViaApi(request, candidate);
  await signUpViaApi(request, recruiter);
  const candidateApi = await apiAs(playwright, baseURL as string, candidate);
  const recruiterApi = await apiAs(playwright, baseURL as string, recruiter);
  const profile = (await (await candidateApi.get('/api/profile')).json()) as { id: string };
  const res = await recruiterApi.post('/api/assessments', {
    data: { templateId: template.id, candidateId: profile.id, dueDate: '2030-03-01' },
  });
  const assessmentId = ((await res.json()) as { id: string }).id;
  await candidateApi.dispose();
  await recruiterApi.dispose();

  const candidateContext = await browser.newContext();
  const cand = await candidateContext.newPage();
  await logIn(cand, candidate);
  await startAssessment(cand, assessmentId);
  await cand.getByRole('tab', { name: 'Assessment' }).click();
  await expect(cand.getByText('Mar 1, 2030')).toBeVisible();

  await logIn(page, recruiter);
  await page.goto(`/recruiter/results?assessment=${assessmentId}`);
  const form = page.getByRole('form', { name: 'Extend the due date' });
  await form.getByLabel('New due date').fill('2030-02-01');
  await form.getByRole('button', { name: 'Extend due date' }).click();
  await expect(form.getByText('The new due date must be after the current one')).toBeVisible();
  await form.getByLabel('New due date').fill('2030-03-15');
  await form.getByRole('button', { name: 'Extend due date' }).click();
  await expect(page.getByText('Mar 15, 2030').first()).toBeVisible();

  await expect(cand.getByText('Mar 15, 2030')).toBeVisible();
  await expect
    .poll(async () => (await mailsTo(candidate.email)).map(mailText).join('\n'))
    .toContain('extended the due date');
  await candidateContext.close();
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the answers, the Submit step and the review details fit a phone', async ({
    page,
    request,
    playwright,
    baseURL,
  }) => {
    test.slow();
    const id = suffix();
    const admin = await apiAs(playwright, baseURL as string, adminAccount);
    const template = await createTemplate(admin, `Phone check ${id}`, 'Backend');
    await admin.dispose();
    const candidate = newAccount('candidate', `Pia Candidate ${id}`);
    const recruiter = newAccount('recruiter', `Rob Recruiter ${id}`);
    await signUpViaApi(request, candidate);
    await signUpViaApi(request, recruiter);
    const candidateApi = await apiAs(playwright, baseURL as string, candidate);
    const recruiterApi = await apiAs(playwright, baseURL as string, recruiter);
    const profile = (await (await candidateApi.get('/api/profile')).json()) as { id: string };
    const res = await recruiterApi.post('/api/assessments', {
      data: {
        templateId: template.id,
        candidateId: profile.id,
        dueDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      },
    });
    const assessmentId = ((await res.json()) as { id: string }).id;

    await logIn(page, candidate);
    await startAssessment(page, assessmentId);
    await page
      .getByRole('textbox', { name: 'Your answer: Explain your fix' })
      .fill('A long answer that wraps on a narrow screen without scrolling sideways at all.');
    await noSidewaysScroll(page);
    await page.getByRole('button', { name: 'Submit Assessment' }).click();
    await expect(page.getByRole('dialog', { name: 'Submit your assessment?' })).toBeVisible();
    await noSidewaysScroll(page);
    await expectAccessible(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Submit Assessment' }).click();
    await expect(page.getByTestId('submission-banner')).toBeVisible();
    await noSidewaysScroll(page);

    await page.context().clearCookies();
    await logIn(page, recruiter);
    await page.goto(`/recruiter/results?assessment=${assessmentId}`);
    await expect(page.getByTestId('written-answer').first()).toContainText('A long answer');
    await expect(page.getByLabel('Score')).toBeVisible();
    await noSidewaysScroll(page);
    await expectAccessible(page);
    await candidateApi.dispose();
    await recruiterApi.dispose();
  });
});
