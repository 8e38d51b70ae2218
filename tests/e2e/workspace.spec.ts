import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import {
  type Account,
  adminAccount,
  disposeAll,
  expect,
  expectAccessible,
  finishSignUp,
  logIn,
  newAccount,
  pressStart,
  startAssessment,
  test,
} from './support/fixtures';
import { E2E } from './support/paths';

// --- set-up through the API ----------------------------------------------------------

type Assessment = { id: string; status: string; recruiterId: string; title: string };
type CandidateFile = { fileName: string; content: string; editedAt: number | null };

const contexts: APIRequestContext[] = [];
test.afterAll(() => disposeAll(contexts));

async function apiContext(): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({
    baseURL: E2E.baseUrl,
    extraHTTPHeaders: { Origin: E2E.baseUrl },
  });
  contexts.push(context);
  return context;
}

/** A request context signed in as the account (the session cookie stays in it). */
async function signedIn(account: Account): Promise<APIRequestContext> {
  const api = await apiContext();
  const res = await api.post('/api/auth/sign-in/email', {
    data: { email: account.email, password: account.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  return api;
}

/** Signs a new account up and keeps it signed in; returns its user id too. */
async function signedUp(account: Account): Promise<{ api: APIRequestContext; id: string }> {
  const api = await apiContext();
  const res = await api.post('/api/auth/sign-up/email', {
    data: {
      name: account.name,
      email: account.email,
      password: account.password,
      accountType: account.role,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { api, id: await finishSignUp(api, account.email) };
}

const TASKS = [
  { title: 'Implement the password rule', description: 'Fill in validatePassword.', type: 'code' },
  { title: 'Cover it with tests', description: 'Replace the it.todo placeholders.', type: 'code' },
  { title: 'Describe your change', description: 'A short pull request text.', type: 'text' },
];

function inAWeek(): string {
  const d = new Date(Date.now() + 7 * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Admin makes a template, a recruiter assigns it to a new candidate. */
async function assignedAssessment() {
  const admin = await signedIn(adminAccount);
  const templateRes = await admin.post('/api/templates', {
    data: {
      title: `Auth Service Challenge ${Date.now().toString(36)}`,
      roleName: 'Full Stack Developer',
      description: 'Implement the password policy of AUTH-142.',
      tasks: TASKS,
    },
  });
  expect(templateRes.status(), await templateRes.text()).toBe(201);
  const template = (await templateRes.json()) as { id: string };

  const recruiter = newAccount('recruiter', 'Riley Recruiter');
  const candidate = newAccount('candidate', 'Casey Candidate');
  const recruiterSession = await signedUp(recruiter);
  const candidateSession = await signedUp(candidate);
  const assignRes = await recruiterSession.api.post('/api/assessments', {
    data: {
      templateId: template.id,
      candidateId: candidateSession.id,
      dueDate: inAWeek(),
      message: 'Looking forward to your solution!',
    },
  });
  expect(assignRes.status(), await assignRes.text()).toBe(201);
  const assessment = (await assignRes.json()) as Assessment;
  expect(assessment.status).toBe('scheduled');
  return { assessment, recruiter, candidate, candidateApi: candidateSession.api };
}

async function serverFile(api: APIRequestContext, id: string, fileName: string) {
  const res = await api.get(`/api/assessments/${id}/files`);
  expect(res.status()).toBe(200);
  const files = (await res.json()) as CandidateFile[];
  const file = files.find((f) => f.fileName === fileName);
  if (!file) throw new Error(`no ${fileName}`);
  return file;
}

// --- page helpers ----------------------------------------------------------------------

const editorFor = (page: Page, fileName: string) =>
  page.getByRole('textbox', { name: `Code editor: ${fileName}` });

async function openFile(page: Page, fileName: string) {
  await page
    .getByRole('navigation', { name: 'Project files' })
    // Starts with the name (an unsaved file adds '(not saved yet)'; its menu names it later).
    .getByRole('button', {
      name: new RegExp(`^${fileName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    })
    .click();
  const editor = editorFor(page, fileName);
  await expect(editor).toBeVisible();
  return editor;
}

/** Puts the cursor at the end of the file on a new line. */
async function typeAtEnd(page: Page, fileName: string, text: string) {
  const editor = editorFor(page, fileName);
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type(text);
}

const saveStatus = (page: Page) =>
  page.getByRole('status').filter({ hasText: /Sav|Error saving|Read-only/ });

// --- journeys ----------------------------------------------------------------------------

test('the clock starts only on Start assessment; an edit is saved and survives a reload', async ({
  page,
}) => {
  const { assessment, candidate, candidateApi } = await assignedAssessment();
  await logIn(page, candidate);
  await page.goto(`/assessment/${assessment.id}`);
  await expect(page.getByRole('heading', { level: 1, name: assessment.title })).toBeVisible();

  // Opening it shows the start screen and starts nothing.
  await expect(page.getByRole('heading', { level: 2, name: 'Before you start' })).toBeVisible();
  await expect(page.getByTestId('start-rules')).toContainText(
    'The 2-hour clock starts when you press Start assessment',
  );
  await expectAccessible(page);
  const opened = await candidateApi.get(`/api/assessments/${assessment.id}`);
  expect(await opened.json()).toMatchObject({ status: 'scheduled', startedAt: null });

  // Start: status and the real countdown.
  await pressStart(page);
  const started = await candidateApi.get(`/api/assessments/${assessment.id}`);
  expect(((await started.json()) as { startedAt: string | null }).startedAt).not.toBeNull();
  await page.getByRole('tab', { name: 'Assessment' }).click();
  await expect(page.getByTestId('assessment-status')).toHaveText('In Progress');
  await expect(page.getByTestId('time-remaining')).toHaveText(/^1:59:\d\d$/);
  const before = await page.getByTestId('time-remaining').textContent();
  await expect(page.getByTestId('time-remaining')).not.toHaveText(before ?? '');

  await page.getByRole('tab', { name: 'Tasks' }).click();
  const tasks = page.getByRole('tabpanel', { name: 'Tasks' });
  await expect(tasks.getByText('0 of 3 tasks complete')).toBeVisible();
  await expect(tasks.getByText('Code Challenge')).toHaveCount(2);
  await expect(tasks.getByText('Text Response')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Message Recruiter' })).toHaveAttribute(
    'href',
    `/messages/new?to=${encodeURIComponent(assessment.recruiterId)}&subject=${encodeURIComponent(`Re: ${assessment.title}`)}&assessment=${encodeURIComponent(assessment.id)}`,
  );

  await openFile(page, 'auth.service.ts');
  await expect(page.getByText('Ln 1, Col 1')).toBeVisible();
  await expect(page.getByText('UTF-8')).toBeVisible();
  await typeAtEnd(page, 'auth.service.ts', '// my first change');
  await expect(saveStatus(page)).toHaveText('Saving...');
  await expect(saveStatus(page)).toHaveText('Saved');
  expect((await serverFile(candidateApi, assessment.id, 'auth.service.ts')).content).toContain(
    '// my first change',
  );

  await page.reload();
  await openFile(page, 'auth.service.ts');
  await editorFor(page, 'auth.service.ts').click();
  await page.keyboard.press('Control+End');
  await expect(page.locator('.cm-line', { hasText: '// my first change' })).toBeVisible();

  // Still in progress after a reload (the start happens once).
  await page.getByRole('tab', { name: 'Assessment' }).click();
  await expect(page.getByTestId('assessment-status')).toHaveText('In Progress');
});

test('editor keys: Ctrl+D duplicates the line, Ctrl+/ comments it, brackets close, Escape then Tab leaves', async ({
  page,
}) => {
  const { assessment, candidate } = await assignedAssessment();
  await logIn(page, candidate);
  await startAssessment(page, assessment.id);
  const editor = await openFile(page, 'auth.service.ts');

  await typeAtEnd(page, 'auth.service.ts', 'const marker = 42;');
  await page.keyboard.press('Control+d');
  await expect(page.locator('.cm-line', { hasText: /^const marker = 42;$/ })).toHaveCount(2);

  await page.keyboard.press('Control+/');
  await expect(page.locator('.cm-line', { hasText: /^\/\/ const marker = 42;$/ })).toHaveCount(1);
  await expect(page.locator('.cm-line', { hasText: /^const marker = 42;$/ })).toHaveCount(1);

  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('check(');
  await expect(page.locator('.cm-line', { hasText: /^check\(\)$/ })).toHaveCount(1);
  await page.keyboard.type("'");
  await expect(page.locator('.cm-line', { hasText: /^check\(''\)$/ })).toHaveCount(1);

  // Tab indents inside the editor; Escape then Tab moves on.
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(editor).toBeFocused();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  await expect(editor).not.toBeFocused();
  await expect(saveStatus(page)).toHaveText('Saved');
});

test('text typed while the server is unreachable survives a reload and reaches it later', async ({
  page,
  context,
}) => {
  const { assessment, candidate, candidateApi } = await assignedAssessment();
  await logIn(page, candidate);
  await startAssessment(page, assessment.id);
  await openFile(page, 'auth.service.ts');

  const unreachable = '**/api/assessments/*/files/*';
  await page.route(unreachable, (route) => route.abort('internetdisconnected'));
  await typeAtEnd(page, 'auth.service.ts', '// written offline');
  await expect(saveStatus(page)).toContainText('Error saving');
  const key = `tf:file:${assessment.id}:auth.service.ts`;
  const stored = await page.evaluate((k) => window.localStorage.getItem(k), key);
  expect(stored).toContain('// written offline');
  // The file list marks the file as not saved yet.
  await expect(
    page.getByRole('navigation', { name: 'Project files' }).getByText('(not saved yet)'),
  ).toHaveCount(1);

  // Reload while the server still cannot be reached: the text comes back from the
  // browser's storage. (The keepalive save sent as the page unloads outlives the page, so
  // Playwright's routing and offline mode cannot stop it; losing it is simulated here.)
  await page.evaluate(() => {
    const fetch = window.fetch.bind(window);
    window.fetch = (input, init) =>
      init?.keepalive ? Promise.reject(new TypeError('Failed to fetch')) : fetch(input, init);
  });
  await page.reload();
  await openFile(page, 'auth.service.ts');
  await editorFor(page, 'auth.service.ts').click();
  await page.keyboard.press('Control+End');
  await expect(page.locator('.cm-line', { hasText: '// written offline' })).toBeVisible();
  await expect(saveStatus(page)).toContainText('Error saving');
  expect((await serverFile(candidateApi, assessment.id, 'auth.service.ts')).content).not.toContain(
    '// written offline',
  );

  // Back online: the browser's 'online' event retries at once.
  await page.unroute(unreachable);
  await context.setOffline(true);
  await context.setOffline(false);
  await expect(saveStatus(page)).toHaveText('Saved');
  await expect
    .poll(async () => (await serverFile(candidateApi, assessment.id, 'auth.service.ts')).content)
    .toContain('// written offline');
  expect(await page.evaluate((k) => window.localStorage.getItem(k), key)).toBeNull();
});

test('ticking every task only tracks progress; Mark All offers the Submit step, which submits only on confirmation', async ({
  page,
}) => {
  const { assessment, candidate } = await assignedAssessment();
  await logIn(page, candidate);
  await startAssessment(page, assessment.id);
  const tasks = page.getByRole('tabpanel', { name: 'Tasks' });
  for (const [index, task] of TASKS.entries()) {
    const box = tasks.getByRole('checkbox', { name: `${index + 1}. ${task.title}` });
    await expect(box).toBeEnabled();
    await box.check();
    await expect(box).toBeChecked();
  }
  await expect(tasks.getByText('3 of 3 tasks complete')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Assessment' }).click();
  await expect(page.getByTestId('assessment-status')).toHaveText('In Progress');
  const editor = await openFile(page, 'auth.service.ts');
  await expect(editor).toHaveAttribute('aria-readonly', 'false');

  // Mark All as Incomplete, then Mark All as Complete: the tasks follow the spec's toggle,
  // and the Submit step opens; keeping on working submits nothing.
  await page.getByRole('button', { name: 'Mark All as Incomplete' }).click();
  await page.getByRole('tab', { name: 'Tasks' }).click();
  await expect(tasks.getByRole('checkbox', { checked: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Mark All as Complete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Submit your assessment?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Without a written answer (1)')).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep working' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('tab', { name: 'Assessment' }).click();
  await expect(page.getByTestId('assessment-status')).toHaveText('In Progress');

  await page.getByRole('button', { name: 'Submit Assessment' }).click();
  await dialog.getByRole('button', { name: 'Submit Assessment' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('submission-banner')).toContainText('Submitted, awaiting review');
  await expect(page.getByTestId('assessment-status')).toHaveText('Completed');
  await expect(page.getByRole('button', { name: 'Submit Assessment' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Mark All/ })).toHaveCount(0);
  const lockedEditor = await openFile(page, 'auth.service.ts');
  await expect(lockedEditor).toHaveAttribute('aria-readonly', 'true');
  await expect(saveStatus(page)).toHaveText('Read-only');
  await lockedEditor.click();
  await page.keyboard.type('nope');
  await expect(page.locator('.cm-content')).not.toContainText('nope');
});

test('the recruiter sees the candidate’s work read-only; another candidate is refused', async ({
  page,
  browser,
}) => {
  const { assessment, recruiter, candidateApi } = await assignedAssessment();
  await candidateApi.post(`/api/assessments/${assessment.id}/start`);
  const save = await candidateApi.put(`/api/assessments/${assessment.id}/files/auth.service.ts`, {
    data: { content: '// the candidate wrote this\n', editedAt: Date.now() },
  });
  expect(save.status(), await save.text()).toBe(200);

  await logIn(page, recruiter);
  await page.goto(`/assessment/${assessment.id}`);
  await expect(page.getByRole('heading', { level: 1, name: assessment.title })).toBeVisible();
  await expect(page.getByRole('button', { name: /Mark All/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Message Recruiter' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to Assessments' })).toHaveAttribute(
    'href',
    '/recruiter',
  );
  for (const box of await page
    .getByRole('tabpanel', { name: 'Tasks' })
    .getByRole('checkbox')
    .all()) {
    await expect(box).toBeDisabled();
  }
  const editor = await openFile(page, 'auth.service.ts');
  await expect(editor).toContainText('// the candidate wrote this');
  await expect(editor).toHaveAttribute('aria-readonly', 'true');
  await editor.click();
  await page.keyboard.type('recruiter edit');
  await expect(editor).not.toContainText('recruiter edit');

  const otherPage = await (await browser.newContext()).newPage();
  const other = newAccount('candidate', 'Olive Other');
  await signedUp(other);
  await logIn(otherPage, other);
  await otherPage.goto(`/assessment/${assessment.id}`);
  await expect(otherPage.getByRole('alert')).toHaveText(
    'You do not have permission to view this assessment',
  );
  await otherPage.goto('/assessment/assessment_does_not_exist');
  await expect(otherPage.getByRole('alert')).toHaveText('Assessment not found');
  await otherPage.context().close();
});

test('the Documentation tab renders the README safely, and the workspace is accessible', async ({
  page,
}) => {
  const { assessment, candidate, candidateApi } = await assignedAssessment();
  await logIn(page, candidate);
  await startAssessment(page, assessment.id);
  await expect(
    page.getByRole('tabpanel', { name: 'Tasks' }).getByText('0 of 3 tasks complete'),
  ).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('tab', { name: 'Documentation' }).click();
  const docs = page.getByRole('tabpanel', { name: 'Documentation' });
  await expect(docs.getByRole('heading', { name: 'auth-service', level: 2 })).toBeVisible();
  await expect(docs.getByRole('table')).toBeVisible();
  await expectAccessible(page);

  await openFile(page, 'auth.service.ts');
  await expect(page.locator('.cm-line').first()).toBeVisible();
  await expectAccessible(page);

  // A README with markup that tries to run script is rendered without it.
  const save = await candidateApi.put(`/api/assessments/${assessment.id}/files/README.md`, {
    data: {
      content:
        '# Hacked\n\n<img src="x" onerror="window.__xss = 1">\n\n[link](javascript:window.__xss=2)',
      editedAt: Date.now() + 60_000,
    },
  });
  expect(save.status(), await save.text()).toBe(200);
  await page.reload();
  await page.getByRole('tab', { name: 'Documentation' }).click();
  await expect(docs.getByRole('heading', { name: 'Hacked' })).toBeVisible();
  await expect(docs.locator('[onerror]')).toHaveCount(0);
  await expect(docs.locator('a[href^="javascript"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
});

test('without an id the workspace previews the sample project read-only', async ({ page }) => {
  const candidate = newAccount('candidate');
  await signedUp(candidate);
  await logIn(page, candidate);
  await page.goto('/assessment');
  await expect(page.getByRole('heading', { level: 1, name: 'Assessment Workspace' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Assessment' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Mark All/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Message Recruiter' })).toHaveCount(0);
  const files = page.getByRole('navigation', { name: 'Project files' });
  await expect(files.getByRole('button')).toHaveCount(8);
  const editor = await openFile(page, 'README.md');
  await expect(editor).toHaveAttribute('aria-readonly', 'true');
  await expect(page.getByText('Markdown', { exact: true })).toBeVisible();
  await expect(page.getByTestId('time-remaining')).toHaveText('2:00:00');
  await page.getByRole('tab', { name: 'Ticket & context' }).click();
  await expect(page.getByRole('heading', { name: 'Team chat' })).toBeVisible();
  await expectAccessible(page);
});

test('the workspace is an IDE: editor tabs, shortcuts, a resizable tree that keeps its order', async ({
  page,
}) => {
  const { assessment, candidate } = await assignedAssessment();
  await logIn(page, candidate);
  await startAssessment(page, assessment.id);
  const tree = page.getByRole('navigation', { name: 'Project files' });
  const order = [
    'auth.service.ts',
    'user.model.ts',
    'auth.controller.ts',
    'auth.routes.ts',
    'auth.middleware.ts',
    'auth.types.ts',
    'auth.test.ts',
    'README.md',
  ];
  const treeOrder = () =>
    tree
      .getByRole('listitem')
      .getByRole('button', { name: /^(?!More actions)/ })
      .allInnerTexts();
  await expect.poll(treeOrder).toEqual(order);
  // Full height: the page itself does not scroll, the panes do.
  expect(
    await page.evaluate(
      () => document.documentElement.scrollHeight - document.documentElement.clientHeight,
    ),
  ).toBe(0);

  // Files open as tabs; Alt+PageUp goes back one; a tab closes.
  await openFile(page, 'auth.controller.ts');
  await openFile(page, 'auth.routes.ts');
  const tabs = page.getByRole('list', { name: 'Open files' });
  await expect(tabs.getByRole('listitem')).toHaveText([
    'auth.service.ts',
    'auth.controller.ts',
    'auth.routes.ts',
  ]);
  await page.keyboard.press('Alt+PageUp');
  await expect(editorFor(page, 'auth.controller.ts')).toBeVisible();
  await tabs.getByRole('button', { name: 'Close auth.routes.ts' }).click();
  await expect(tabs.getByRole('listitem')).toHaveCount(2);

  // Ctrl+P opens a file by name; Ctrl+S saves at once.
  await page.keyboard.press('Control+p');
  const quick = page.getByRole('dialog', { name: 'Open a file' });
  await quick.getByRole('textbox', { name: 'File name' }).fill('middle');
  await page.keyboard.press('Enter');
  await expect(quick).toBeHidden();
  await expect(editorFor(page, 'auth.middleware.ts')).toBeVisible();
  await openFile(page, 'auth.controller.ts');
  await typeAtEnd(page, 'auth.controller.ts', '// edited in the middle');
  await page.keyboard.press('Control+s');
  await expect(saveStatus(page)).toHaveText('Saved');

  // The menu buttons are named after their file; the tree widens from the keyboard.
  await expect(
    tree.getByRole('button', { name: 'More actions for auth.controller.ts' }),
  ).toBeVisible();
  const handle = page.getByRole('separator', { name: 'Resize the file list' });
  const width = Number(await handle.getAttribute('aria-valuenow'));
  await handle.focus();
  await page.keyboard.press('ArrowRight');
  await expect(handle).toHaveAttribute('aria-valuenow', String(width + 16));

  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help.getByRole('row')).toHaveText([
    /Run the tests\s*Ctrl \+ Enter/,
    /Save now\s*Ctrl \+ S/,
    /Open a file by name\s*Ctrl \+ P/,
    /Previous or next open file/,
  ]);
  await page.keyboard.press('Escape');

  // After a reload the edited file keeps its place in the tree, and the width is kept.
  await page.reload();
  await expect.poll(treeOrder).toEqual(order);
  await expect(handle).toHaveAttribute('aria-valuenow', String(width + 16));
});
