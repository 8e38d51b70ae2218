import type { Page } from '@playwright/test';
import {
  adminAccount,
  expect,
  expectAccessible,
  logIn,
  newAccount,
  signUpViaApi,
  test,
} from './support/fixtures';

const CONFIRM_DELETE =
  'Are you sure you want to delete this assessment template? This action cannot be undone.';

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}-${process.pid}`;

async function openAdminSettings(page: Page) {
  await logIn(page, adminAccount);
  await expect(page).toHaveURL('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'System Settings' })).toBeVisible();
}

/** The templates: the admin arrives on General and opens the Assessments tab. */
async function openTemplates(page: Page) {
  await openAdminSettings(page);
  await page.getByRole('tab', { name: 'Assessments' }).click();
}

/** The card of a template, found by its title (each card is an article named after it). */
const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });

async function fillTask(page: Page, index: number, title: string, description: string) {
  const row = page.getByRole('dialog').getByRole('group', { name: `Task ${index}` });
  await row.getByLabel('Task title').fill(title);
  await row.getByLabel('Task description').fill(description);
}

test('an admin creates, edits and deletes a template', async ({ page }) => {
  const title = unique('Backend Login Exercise');
  const renamed = `${title} v2`;
  await openAdminSettings(page);
  await expect(page.getByText(`Welcome, ${adminAccount.name}`)).toBeVisible();
  // General is the tab selected on arrival; the template search shows on Assessments only.
  await expect(page.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('searchbox', { name: 'Search templates' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Assessments' }).click();

  await page.getByRole('button', { name: 'Create New Assessment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Assessment' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  await dialog.getByLabel('Role', { exact: true }).fill('Backend Developer');
  await dialog.getByLabel('Description', { exact: true }).fill('Fix the login flow.');
  await expect(dialog.getByLabel('Active')).toBeChecked();
  await expect(
    dialog.getByText('Leave all unchecked to make it available to every recruiter'),
  ).toBeVisible();

  await fillTask(page, 1, 'Read the ticket', 'Understand the password rule');
  await dialog.getByRole('button', { name: 'Add task' }).click();
  await fillTask(page, 2, 'Implement the rule', 'Eight characters, upper, lower, digit');
  await dialog.getByRole('group', { name: 'Task 2' }).getByLabel('Task type').selectOption({
    label: 'Code Challenge',
  });
  // A third row left without a title is dropped when saving.
  await dialog.getByRole('button', { name: 'Add task' }).click();
  await dialog
    .getByRole('group', { name: 'Task 3' })
    .getByLabel('Task description')
    .fill('No title, so not kept');
  await dialog.getByRole('button', { name: 'Create Template' }).click();
  await expect(dialog).toBeHidden();

  const created = card(page, title);
  await expect(created).toBeVisible();
  await expect(created.getByText('Active', { exact: true })).toBeVisible();
  await expect(created.getByText('Backend Developer')).toBeVisible();
  await expect(created.getByText('2 tasks')).toBeVisible();
  await expect(created.getByText(/Created: N\/A|Created: \w{3} \d{1,2}, \d{4}/)).toBeVisible();

  // The edit modal opens filled in, and works.
  await created.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Assessment Template' });
  await expect(edit.getByLabel('Title', { exact: true })).toHaveValue(title);
  await expect(edit.getByRole('group', { name: 'Task 2' }).getByLabel('Task title')).toHaveValue(
    'Implement the rule',
  );
  await expect(edit.getByRole('group', { name: 'Task 2' }).getByLabel('Task type')).toHaveValue(
    'code',
  );
  await expect(edit.getByRole('group', { name: 'Task 3' })).toHaveCount(0);
  await edit.getByLabel('Title', { exact: true }).fill(renamed);
  await edit.getByLabel('Active').uncheck();
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();

  await page.reload();
  const edited = card(page, renamed);
  await expect(edited).toBeVisible();
  await expect(edited.getByText('Inactive', { exact: true })).toBeVisible();
  await expect(card(page, title)).toHaveCount(0);

  // The search box filters the cards by title or role.
  const search = page.getByRole('searchbox', { name: 'Search templates' });
  await search.fill('no template is called this');
  await expect(edited).toHaveCount(0);
  await expect(page.getByText('No templates match “no template is called this”.')).toBeVisible();
  await search.fill(renamed);
  await expect(edited).toBeVisible();
  await search.fill('');

  // Delete asks first; Cancel keeps it.
  await edited.getByRole('button', { name: `Delete ${renamed}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete assessment template' });
  await expect(confirm.getByText(CONFIRM_DELETE)).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(edited).toBeVisible();

  await edited.getByRole('button', { name: `Delete ${renamed}` }).click();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(card(page, renamed)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Create New Assessment' })).toBeVisible();
  await expect(card(page, renamed)).toHaveCount(0);
});

test('the empty state, load and delete failures show the spec texts', async ({ page }) => {
  // Other tests create templates in parallel, so an empty list is served here.
  await page.route('**/api/templates', (route) =>
    route.request().method() === 'GET' ? route.fulfill({ json: [] }) : route.fallback(),
  );
  await openTemplates(page);
  await expect(
    page.getByText('No assessment templates found. Create a new template to get started.'),
  ).toBeVisible();

  await page.unroute('**/api/templates');
  await page.route('**/api/templates', (route) =>
    route.fulfill({ status: 500, json: { message: 'Database unavailable' } }),
  );
  await page.reload();
  // Server errors are retried twice (1 s, then 2 s) before the error shows.
  await expect(page.getByRole('alert')).toHaveText('Error loading assessment templates', {
    timeout: 15_000,
  });
});

test('a failed delete says so and keeps the template', async ({ page }) => {
  const title = unique('Undeletable');
  await openAdminSettings(page);
  const res = await page.request.post('/api/templates', {
    data: { title, roleName: 'QA Engineer', tasks: [] },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await page.route(`**/api/templates/${id}`, (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({ status: 500, json: { message: 'boom' } })
      : route.fallback(),
  );
  await page.reload();
  await page.getByRole('tab', { name: 'Assessments' }).click();
  await card(page, title)
    .getByRole('button', { name: `Delete ${title}` })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Delete assessment template' });
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(confirm.getByRole('alert')).toHaveText('Failed to delete assessment template');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(card(page, title)).toBeVisible();
  await page.unroute(`**/api/templates/${id}`);
  await page.request.delete(`/api/templates/${id}`);
});

test('title and role are required, and a failed create says so', async ({ page }) => {
  await openTemplates(page);
  await page.getByRole('button', { name: 'Create New Assessment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Assessment' });
  await dialog.getByRole('button', { name: 'Create Template' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await expect(dialog.getByText('Role is required')).toBeVisible();
  await expect(dialog).toBeVisible();

  await page.route('**/api/templates', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, json: { message: 'boom' } })
      : route.fallback(),
  );
  await dialog.getByLabel('Title', { exact: true }).fill('Never saved');
  await dialog.getByLabel('Role', { exact: true }).fill('Nobody');
  await expect(dialog.getByText('Title is required')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Create Template' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Failed to create assessment template. Please try again.',
  );
});

test('the recruiter list: names to tick, or the spec texts when empty or failing', async ({
  page,
  request,
}) => {
  const recruiter = newAccount('recruiter', `Rita Listed ${Date.now().toString(36)}`);
  await signUpViaApi(request, recruiter);
  await openTemplates(page);
  await page.getByRole('button', { name: 'Create New Assessment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Assessment' });
  await expect(dialog.getByRole('checkbox', { name: recruiter.name })).toBeVisible();
  await expect(dialog.getByText(recruiter.email)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.route('**/api/users/recruiters', (route) => route.fulfill({ json: [] }));
  await page.reload();
  await page.getByRole('button', { name: 'Create New Assessment' }).click();
  await expect(
    dialog.getByText('No recruiters found in the system. Add recruiters first.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.unroute('**/api/users/recruiters');
  await page.route('**/api/users/recruiters', (route) =>
    route.fulfill({ status: 500, json: { message: 'boom' } }),
  );
  await page.reload();
  await page.getByRole('button', { name: 'Create New Assessment' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Failed to load recruiters');
});

test('a recruiter is turned away from /admin', async ({ page, request }) => {
  const recruiter = newAccount('recruiter');
  await signUpViaApi(request, recruiter);
  await logIn(page, recruiter);
  await page.goto('/admin');
  await expect(page).toHaveURL('/unauthorized');
});

test('the default duration persists and new templates start with it', async ({ page }) => {
  await openAdminSettings(page);
  const before = await page.request.get('/api/settings');
  const original = ((await before.json()) as { defaultDurationHours: number }).defaultDurationHours;
  const target = original === 4 ? '3' : '4';
  const targetLabel = `${target} hours`;
  try {
    await page.getByRole('tab', { name: 'General' }).click();
    const duration = page.getByLabel('Default assessment duration');
    await expect(duration).toHaveValue(String(original));
    await duration.selectOption({ label: targetLabel });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Settings saved' })).toBeVisible();
    // The spec's language select, with the admin's default (languages.spec.ts changes it).
    await expect(page.getByLabel('Language', { exact: true })).toHaveValue('en');
    await expect(page.getByText('Operational')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('tab', { name: 'General' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByLabel('Default assessment duration')).toHaveValue(target);

    await page.getByRole('tab', { name: 'Assessments' }).click();
    await page.getByRole('button', { name: 'Create New Assessment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Assessment' });
    await expect(dialog.getByLabel('Duration', { exact: true })).toHaveValue(target);
  } finally {
    // Other tests rely on the product default.
    await page.request.put('/api/settings', { data: { defaultDurationHours: original } });
  }
});

test('the other tabs say what is there and why, and the sidebar goes where it can', async ({
  page,
}) => {
  await openAdminSettings(page);
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page.getByLabel('Session timeout')).toBeVisible();
  await expect(page.getByLabel('Require two-factor sign-in')).toBeVisible();
  await page.getByRole('tab', { name: 'Departments' }).click();
  // Departments are editable now (departments.spec.ts covers it).
  await expect(page.getByRole('region', { name: 'Customer Support', exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'AI Configuration' }).click();
  // Automated feedback is real; model features stay off and say why (no switch for them).
  await expect(page.getByTestId('ai-models-reason')).toContainText(
    'No AI model is configured on this server',
  );
  await expect(page.getByRole('switch')).toHaveCount(2);
  await expect(page.getByText(/later release/)).toHaveCount(0);

  await page.getByRole('button', { name: 'Help' }).click();
  const help = page.getByRole('dialog', { name: 'System Settings help' });
  await expect(help.getByText(/the templates recruiters assign/)).toBeVisible();
  await help.getByRole('button', { name: 'Close', exact: true }).click();

  const nav = page.getByRole('navigation', { name: 'Admin sections' });
  await expect(nav.getByRole('link', { name: 'Data Management' })).toHaveAttribute(
    'href',
    '/admin/data',
  );
  await expect(page.getByText(/System Admin|Super Admin/)).toBeVisible();
  const made = await page.request.post('/api/templates', {
    data: { title: unique('Logged'), roleName: 'Tester', description: '', tasks: [] },
  });
  expect(made.status()).toBe(201);
  await nav.getByRole('link', { name: 'Logs' }).click();
  await expect(page).toHaveURL('/admin/logs');
  await expect(page.getByRole('heading', { level: 1, name: 'Logs' })).toBeVisible();
  await page.getByLabel('Action').fill('template.');
  await page.getByRole('button', { name: 'Filter' }).click();
  // The action by its label, never its dotted name (issue 31: the audit log reads as text).
  await expect(page.getByRole('cell', { name: 'Template created' }).first()).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize({ width: 375, height: 740 });
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Show admin menu' }).click();
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Users & Permissions' })
    .click();
  await expect(page).toHaveURL('/admin/users');
});

test.describe('accessibility', () => {
  test('the Assessments tab and the create modal (axe)', async ({ page }) => {
    await openTemplates(page);
    await expect(page.getByRole('button', { name: 'Create New Assessment' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Create New Assessment' }).click();
    await expect(page.getByRole('dialog', { name: 'Create New Assessment' })).toBeVisible();
    await expectAccessible(page);
  });

  test('the General tab at 375 px (axe), with the sidebar folded above', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await openAdminSettings(page);
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Show admin menu' }).click();
    await expect(nav.getByRole('link', { name: 'Settings' })).toBeVisible();
    await page.getByRole('tab', { name: 'General' }).click();
    await expect(page.getByLabel('Default assessment duration')).toBeVisible();
    await expectAccessible(page);
  });
});
