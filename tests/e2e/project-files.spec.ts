import {
  adminAccount,
  apiClients,
  expect,
  expectAccessible,
  logIn,
  newAccount,
  startAssessment,
  test,
} from './support/fixtures';

// Issue 24: the candidate shapes the project (create, rename, delete, offline too), runs the
// tests on it, submits; the reviewer sees every change marked, and replays a renamed file's
// whole history with the rename on its timeline.
const session = apiClients();

function inAWeek(): string {
  const d = new Date(Date.now() + 7 * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

test('a candidate adds, imports, renames and deletes files, offline too; tests use them; the reviewer sees the changes', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const admin = await session(adminAccount, 'sign-in');
  const templateRes = await admin.api.post('/api/templates', {
    data: {
      title: `Cart Files ${Date.now().toString(36)}`,
      roleName: 'Frontend Developer',
      tasks: [{ title: 'Implement SHOP-7', description: '', type: 'code' }],
      starterProject: 'javascript',
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
  const assessment = (await assignRes.json()) as { id: string; title: string };

  await logIn(page, candidate);
  await startAssessment(page, assessment.id);
  const tree = page.getByRole('navigation', { name: 'Project files' });
  await expect(tree.getByRole('button', { name: 'cart.js', exact: true })).toBeVisible();
  const pathInput = tree.getByTestId('path-input');

  // A rule broken as the candidate types is named at once; nothing is created.
  await tree.getByRole('button', { name: 'New file' }).click();
  await pathInput.fill('../util.js');
  await expect(tree.getByText('A path has no "." or ".." parts')).toBeVisible();
  await pathInput.fill('CART.js');
  await expect(
    tree.getByText('"cart.js" already exists (paths differ only by case)'),
  ).toBeVisible();
  // Adds util.js and writes it.
  await pathInput.fill('util.js');
  await tree.getByRole('button', { name: 'Create' }).click();
  const utilEditor = page.getByRole('textbox', { name: 'Code editor: util.js' });
  await expect(utilEditor).toBeVisible();
  await utilEditor.click();
  await page.keyboard.insertText('export const SAVE10 = 0.9;\nexport const FIVE_OFF = 500;\n');
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();

  // Renames (moves) it.
  await tree
    .getByRole('listitem')
    .filter({ hasText: 'util.js' })
    .getByRole('button', { name: 'More actions for util.js' })
    .click();
  await page.getByRole('menuitem', { name: 'Rename or move' }).click();
  await pathInput.fill('lib/discounts.js');
  await tree.getByRole('button', { name: 'Rename' }).click();
  await expect(tree.getByRole('button', { name: 'lib/discounts.js', exact: true })).toBeVisible();
  await expect(tree.getByRole('button', { name: 'util.js', exact: true })).toHaveCount(0);

  // Imports it from the starter file.
  const files = (await (
    await candidateSession.api.get(`/api/assessments/${assessment.id}/files`)
  ).json()) as {
    fileName: string;
    content: string;
  }[];
  const cart = files.find((f) => f.fileName === 'cart.js')?.content ?? '';
  const start = cart.indexOf('  totalCents(discountCode) {');
  const end = cart.indexOf('\n  }', start) + '\n  }'.length;
  expect(start).toBeGreaterThan(0);
  const fixed = `import { FIVE_OFF, SAVE10 } from './lib/discounts.js';\n${cart.slice(0, start)}  totalCents(discountCode) {
    const subtotal = this.subtotalCents();
    if (discountCode === undefined) return subtotal;
    if (discountCode === 'SAVE10') return Math.floor(subtotal * SAVE10);
    if (discountCode === 'FIVEOFF') return Math.max(0, subtotal - FIVE_OFF);
    throw new Error('Unknown discount code');
  }${cart.slice(end)}`;
  await tree.getByRole('button', { name: 'cart.js', exact: true }).click();
  const cartEditor = page.getByRole('textbox', { name: 'Code editor: cart.js' });
  await cartEditor.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.insertText(fixed);
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();

  // Deletes another file.
  await tree
    .getByRole('listitem')
    .filter({ hasText: 'README.md' })
    .getByRole('button', { name: 'More actions for README.md' })
    .click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(page.getByText('Deleted README.md')).toBeVisible();
  await expect(tree.getByRole('button', { name: 'README.md', exact: true })).toHaveCount(0);

  // Offline: the server cannot be reached; a file created now survives a reload.
  await page.route('**/api/assessments/*/file-changes', (route) => route.abort());
  await tree.getByRole('button', { name: 'New file' }).click();
  await pathInput.fill('NOTES.md');
  await tree.getByRole('button', { name: 'Create' }).click();
  await expect(tree.getByRole('button', { name: 'NOTES.md', exact: true })).toBeVisible();
  await page.reload();
  await expect(tree.getByRole('button', { name: 'NOTES.md', exact: true })).toBeVisible();
  // Back online: it reaches the server.
  await page.unroute('**/api/assessments/*/file-changes');
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect
    .poll(async () => {
      const list = (await (
        await candidateSession.api.get(`/api/assessments/${assessment.id}/files`)
      ).json()) as { fileName: string }[];
      return list.map((f) => f.fileName).includes('NOTES.md');
    })
    .toBe(true);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: '.tmp/shots/project-files-375.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: '.tmp/shots/project-files-1280.png' });
  await expectAccessible(page);

  // The tests run on the project as it is now (cart.js imports lib/discounts.js).
  const panel = page.getByRole('region', { name: 'Tests' });
  await panel.getByRole('button', { name: 'Run Tests' }).click();
  const result = panel.getByTestId('test-run-result').first();
  await expect(result.getByTestId('run-status')).toHaveText('Passed', { timeout: 45_000 });

  await page.getByRole('button', { name: 'Submit Assessment' }).click();
  await page
    .getByRole('dialog', { name: 'Submit your assessment?' })
    .getByRole('button', { name: 'Submit Assessment' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Submit your assessment?' })).toBeHidden();

  // The reviewer sees each change marked.
  await page.context().clearCookies();
  await logIn(page, recruiter);
  await page.goto(`/recruiter/results?assessment=${assessment.id}`);
  const list = page.getByRole('list', { name: 'Files' });
  await expect(list.getByRole('button', { name: /lib\/discounts\.js.*added/ })).toBeVisible({
    timeout: 15_000,
  });
  await expect(list.getByRole('button', { name: /NOTES\.md.*added/ })).toBeVisible();
  await expect(list.getByRole('button', { name: /README\.md.*deleted/ })).toBeVisible();
  // Its playback follows it across the rename: the create and the rename are marks on the
  // timeline among the typing; at the rename the text typed as util.js is there, and the
  // file is lib/discounts.js from then on.
  await list.getByRole('button', { name: /lib\/discounts\.js.*added/ }).click();
  await page.getByRole('button', { name: 'Playback', exact: true }).click();
  const player = page.getByRole('dialog', { name: 'Playback: lib/discounts.js' });
  const timeline = player.getByTestId('playback-timeline');
  await expect(timeline.locator('button[data-kind="file"]')).toHaveCount(2, { timeout: 15_000 });
  await expect(timeline.getByRole('button', { name: /^util\.js created at / })).toBeVisible();
  await expect(player.getByTestId('playback-file')).toHaveText('File: util.js');
  await timeline
    .getByRole('button', { name: /^Renamed util\.js to lib\/discounts\.js at / })
    .click();
  await expect(player.getByTestId('playback-file')).toHaveText('File: lib/discounts.js');
  await expect(player.getByTestId('playback-editor')).toContainText('export const FIVE_OFF = 500;');
  await page.screenshot({ path: '.tmp/shots/project-files-reviewer.png', fullPage: true });
});
