import type { Page } from '@playwright/test';
import {
  type Account,
  adminAccount,
  apiClients,
  expect,
  expectAccessible,
  logIn,
  newAccount,
  startAssessment,
  test,
} from './support/fixtures';

// The server runs the tests in bubblewrap; this journey needs it like CI does.
const session = apiClients();

function inAWeek(): string {
  const d = new Date(Date.now() + 7 * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

async function assignedCart(starterProject = 'javascript') {
  const admin = await session(adminAccount, 'sign-in');
  const templateRes = await admin.api.post('/api/templates', {
    data: {
      title: `${starterProject === 'python' ? 'Late Fees' : 'Cart Discounts'} ${Date.now().toString(36)}`,
      roleName: 'Frontend Developer',
      tasks: [{ title: 'Implement SHOP-7', description: '', type: 'code' }],
      starterProject,
    },
  });
  expect(templateRes.status(), await templateRes.text()).toBe(201);
  const template = (await templateRes.json()) as { id: string };
  const recruiter = newAccount('recruiter', 'Riley Recruiter');
  const candidate = newAccount('candidate', 'Casey Candidate');
  const recruiterSession = await session(recruiter, 'sign-up');
  const candidateSession = await session(candidate, 'sign-up');
  const assignRes = await recruiterSession.api.post('/api/assessments', {
    data: { templateId: template.id, candidateId: candidateSession.id, dueDate: inAWeek() },
  });
  expect(assignRes.status(), await assignRes.text()).toBe(201);
  const assessment = (await assignRes.json()) as { id: string; title: string };
  return { assessment, candidate, recruiter };
}

const FIXED_TOTAL = `  totalCents(discountCode) {
    const subtotal = this.subtotalCents();
    if (discountCode === undefined) return subtotal;
    if (discountCode === 'SAVE10') return Math.floor(subtotal * 0.9);
    if (discountCode === 'FIVEOFF') return Math.max(0, subtotal - 500);
    throw new Error('Unknown discount code');
  }`;

async function replaceTotal(page: Page, candidate: Account, assessmentId: string) {
  await page
    .getByRole('navigation', { name: 'Project files' })
    .getByRole('button', { name: 'cart.js', exact: true })
    .click();
  const editor = page.getByRole('textbox', { name: 'Code editor: cart.js' });
  await expect(editor).toBeVisible();
  // The stored text (the editor's DOM holds only the lines on screen), fixed, pasted whole.
  const { api } = await session(candidate, 'sign-in');
  const files = (await (await api.get(`/api/assessments/${assessmentId}/files`)).json()) as {
    fileName: string;
    content: string;
  }[];
  const current = files.find((f) => f.fileName === 'cart.js')?.content ?? '';
  const start = current.indexOf('  totalCents(discountCode) {');
  const end = current.indexOf('\n  }', start) + '\n  }'.length;
  expect(start).toBeGreaterThan(0);
  const fixed = current.slice(0, start) + FIXED_TOTAL + current.slice(end);
  await editor.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.insertText(fixed);
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
}

test('the candidate runs the tests, sees the failures, fixes the code and sees them pass', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { assessment, candidate } = await assignedCart();
  await logIn(page, candidate);
  await startAssessment(page, assessment.id);
  await expect(page.getByRole('heading', { level: 1, name: assessment.title })).toBeVisible();

  const panel = page.getByRole('region', { name: 'Tests' });
  await expect(panel.getByTestId('runnable-badge')).toHaveText('Tests can run');
  await expect(panel.getByText('No test runs yet.')).toBeVisible();
  await panel.getByRole('button', { name: 'Run Tests' }).click();

  const result = panel.getByTestId('test-run-result').first();
  await expect(result.getByTestId('run-status')).toHaveText('Failed', { timeout: 30_000 });
  await expect(result.getByTestId('run-counts')).toHaveText('3 passed, 3 failed');
  const firstFailure = result.getByRole('listitem').first();
  await expect(firstFailure).toContainText('✖ SAVE10 takes 10% off, rounded down');
  await expect(firstFailure).toContainText('1295 !== 1165');
  await expectAccessible(page);

  await replaceTotal(page, candidate, assessment.id);
  await panel.getByRole('button', { name: 'Run Tests' }).click();
  await expect(result.getByTestId('run-status')).toHaveText('Passed', { timeout: 30_000 });
  await expect(result.getByTestId('run-counts')).toHaveText('6 passed, 0 failed');
  await expect(panel.getByText('Earlier runs (1)')).toBeVisible();
  await page.screenshot({ path: '.tmp/shots/workspace-tests-1280.png' });

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(panel.getByRole('button', { name: 'Run Tests' })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth > window.innerWidth + 1,
  );
  expect(overflow).toBe(false);
  await page.screenshot({ path: '.tmp/shots/workspace-tests-375.png', fullPage: true });
  await expectAccessible(page);
});

test('a candidate runs Python tests in the workspace', async ({ page }) => {
  test.setTimeout(60_000);
  const { assessment, candidate } = await assignedCart('python');
  await logIn(page, candidate);
  await startAssessment(page, assessment.id);
  const panel = page.getByRole('region', { name: 'Tests' });
  await expect(panel.getByTestId('runnable-badge')).toHaveText('Tests can run');
  await panel.getByRole('button', { name: 'Run Tests' }).click();
  const result = panel.getByTestId('test-run-result').first();
  await expect(result.getByTestId('run-status')).toHaveText('Failed', { timeout: 30_000 });
  // The visible tests only (pytest's JUnit report): the hidden ones are for reviewers.
  await expect(result.getByTestId('run-counts')).toHaveText('2 passed, 2 failed');
  await expect(result.getByRole('listitem').first()).toContainText('assert 0 == 75');
  await page.screenshot({ path: '.tmp/shots/workspace-python-tests-1280.png' });
});

test('a project without tests says so and offers no Run Tests', async ({ page }) => {
  const admin = await session(adminAccount, 'sign-in');
  const templateRes = await admin.api.post('/api/templates', {
    data: {
      title: `SQL ${Date.now().toString(36)}`,
      roleName: 'Data Analyst',
      starterProject: 'sql',
    },
  });
  const template = (await templateRes.json()) as { id: string };
  const candidate = newAccount('candidate', 'Sam Sql');
  const recruiter = newAccount('recruiter', 'Rex Recruiter');
  const recruiterSession = await session(recruiter, 'sign-up');
  const candidateSession = await session(candidate, 'sign-up');
  const assignRes = await recruiterSession.api.post('/api/assessments', {
    data: { templateId: template.id, candidateId: candidateSession.id, dueDate: inAWeek() },
  });
  const assessment = (await assignRes.json()) as { id: string };
  await logIn(page, candidate);
  await startAssessment(page, assessment.id);
  const panel = page.getByRole('region', { name: 'Tests' });
  await expect(panel.getByTestId('runnable-badge')).toHaveText('No automated tests');
  await expect(panel.getByRole('button', { name: 'Run Tests' })).toHaveCount(0);
  await expect(
    page
      .getByRole('navigation', { name: 'Project files' })
      .getByRole('button', { name: 'queries.sql', exact: true }),
  ).toBeVisible();
});

test('an admin creates a template on the JavaScript project, and its candidate gets those files', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const title = `Cart Exercise ${Date.now().toString(36)}`;
  await logIn(page, adminAccount);
  await expect(page).toHaveURL('/admin');
  await page.getByRole('tab', { name: 'Assessments' }).click();
  await page.getByRole('button', { name: 'Create New Assessment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Assessment' });
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  await dialog.getByLabel('Role', { exact: true }).fill('Frontend Developer');
  const starter = dialog.getByRole('radiogroup', { name: 'Starter project' });
  await expect(starter.getByRole('radio', { name: /TypeScript/ })).toBeChecked();
  await expect(starter.getByText('No automated tests')).toHaveCount(1);
  await starter.getByRole('radio', { name: /JavaScript: shopping cart/ }).check();
  await page.setViewportSize({ width: 375, height: 800 });
  await expectAccessible(page);
  await page.screenshot({ path: '.tmp/shots/template-form-375.png' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await starter.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '.tmp/shots/template-form-1280.png' });
  await dialog.getByRole('button', { name: 'Create Template' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('article', { name: title, exact: true })).toBeVisible();

  const admin = await session(adminAccount, 'sign-in');
  const templates = (await (await admin.api.get('/api/templates')).json()) as {
    id: string;
    title: string;
    project: { name: string; runner?: string };
  }[];
  const created = templates.find((t) => t.title === title);
  expect(created?.project).toMatchObject({ name: 'corner-shop-cart', runner: 'node' });
});

test('the assigning recruiter runs the tests with the hidden ones and sees every run', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { assessment, candidate, recruiter } = await assignedCart();
  // The candidate opens it (in progress) and runs the visible tests once.
  const candidateSession = await session(candidate, 'sign-in');
  await candidateSession.api.post(`/api/assessments/${assessment.id}/start`);
  const run = await candidateSession.api.post(`/api/assessments/${assessment.id}/test-runs`);
  expect(run.status()).toBe(202);

  await logIn(page, recruiter);
  await page.goto(`/recruiter/results?assessment=${assessment.id}`);
  const panel = page.getByRole('region', { name: 'Tests' });
  await expect(panel.getByTestId('run-status').first()).toHaveText('Failed', { timeout: 30_000 });
  await expect(panel.getByText(/^Candidate · /)).toBeVisible();
  await panel.getByRole('button', { name: 'Run Tests (with hidden tests)' }).click();
  await expect(panel.getByText(/^Reviewer \(with hidden tests\)/)).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByTestId('run-status').first()).toHaveText('Failed', { timeout: 30_000 });
  await page.screenshot({ path: '.tmp/shots/reviewer-tests-1280.png', fullPage: true });
  await expectAccessible(page);
});
