import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
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

const session = apiClients();

/** Admin makes a JavaScript template (its tests can run), a recruiter assigns it. */
async function assignedCart() {
  const admin = await session(adminAccount, 'sign-in');
  const templateRes = await admin.api.post('/api/templates', {
    data: {
      title: `Cart Playback ${Date.now().toString(36)}`,
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
  const due = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const assignRes = await recruiterSession.api.post('/api/assessments', {
    data: { templateId: template.id, candidateId: candidateSession.id, dueDate: due },
  });
  expect(assignRes.status(), await assignRes.text()).toBe(201);
  const assessment = (await assignRes.json()) as { id: string; title: string };
  return {
    assessment,
    candidate,
    recruiter,
    candidateApi: candidateSession.api,
    recruiterApi: recruiterSession.api,
  };
}

const PASTED = 'const pastedHelper = (cents) => (cents / 100).toFixed(2); // from the clipboard';

/** A paste as the browser delivers it (a ClipboardEvent with the text on it). */
async function paste(page: Page, text: string) {
  await page.locator('.cm-content').evaluate((element, value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('the candidate types and pastes, the recruiter replays it with the paste and the test run on the timeline', async ({
  page,
}) => {
  test.setTimeout(120_000);
  mkdirSync('.tmp/shots', { recursive: true });
  const { assessment, candidate, recruiter, candidateApi, recruiterApi } = await assignedCart();

  // --- the candidate works on cart.js
  await logIn(page, candidate);
  await startAssessment(page, assessment.id);
  await expect(page.getByRole('heading', { level: 1, name: assessment.title })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Project files' })
    .getByRole('button', { name: 'cart.js', exact: true })
    .click();
  const editor = page.getByRole('textbox', { name: 'Code editor: cart.js' });
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('// reviewing the discounts', { delay: 20 });
  await page.keyboard.press('Enter');
  // The candidate leaves the window for a while (longer than the replay's idle limit).
  await page.evaluate(() => window.dispatchEvent(new Event('blur')));
  await page.waitForTimeout(6500);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await paste(page, PASTED);
  await page.keyboard.press('Enter');
  await page.keyboard.type('// done typing', { delay: 20 });
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();

  // The autosave carried the events: what the server stored leads to the saved text.
  const fileOf = async (api: APIRequestContext) => {
    const files = (await (await api.get(`/api/assessments/${assessment.id}/files`)).json()) as {
      fileName: string;
      content: string;
    }[];
    return files.find((f) => f.fileName === 'cart.js')!.content;
  };
  await expect.poll(() => fileOf(candidateApi)).toContain('// done typing');
  // The candidate cannot watch the recording.
  const own = await candidateApi.get(`/api/assessments/${assessment.id}/playback/cart.js`);
  expect(own.status()).toBe(403);

  // A test run, so the reviewer's timeline has one.
  const tests = page.getByRole('region', { name: 'Tests' });
  await tests.getByRole('button', { name: 'Run Tests' }).click();
  await expect(tests.getByTestId('test-run-result').first().getByTestId('run-status')).toHaveText(
    /Failed|Passed/,
    { timeout: 30_000 },
  );

  // Submit (it waits for the last events).
  await page.getByRole('button', { name: 'Submit Assessment' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit Assessment' }).click();
  await expect(page.getByTestId('submission-banner')).toBeVisible();
  const saved = await fileOf(candidateApi);

  // The recording is there for the recruiter.
  await expect
    .poll(async () => {
      const res = await recruiterApi.get(`/api/assessments/${assessment.id}/playback/cart.js`);
      const body = (await res.json()) as { events: { k: string; m?: string }[] };
      return body.events.some((e) => e.m === 'paste');
    })
    .toBe(true);

  // --- the recruiter replays it
  await page.context().clearCookies();
  const reviewer = page;
  await logIn(reviewer, recruiter);
  await reviewer.goto(`/recruiter/results?assessment=${assessment.id}`);
  await reviewer
    .getByRole('list', { name: 'Files' })
    .getByRole('button', { name: 'cart.js' })
    .click();
  await reviewer.getByRole('button', { name: 'Playback' }).click();
  const dialog = reviewer.getByRole('dialog', { name: 'Playback: cart.js' });
  await expect(dialog).toBeVisible();
  const timeline = dialog.getByTestId('playback-timeline');
  await expect(timeline.getByRole('button', { name: /^Paste at / })).toHaveCount(1);
  await expect(timeline.getByRole('button', { name: /^Test run \(Candidate\) at / })).toHaveCount(
    1,
  );
  await expect(dialog.getByText('Pastes: 1')).toBeVisible();
  await expect(timeline.getByRole('button', { name: /^Window not focused from / })).toHaveCount(1);
  await expect(dialog.getByText('Focus away: 1')).toBeVisible();
  // The 6.5 s away is skipped: the whole replay is shorter than the time spent.
  await expect(dialog.getByText(/^Pauses skipped: 1 \(0:0[67]\)$/)).toBeVisible();
  await expectAccessible(reviewer);

  // The paste marker seeks to the paste: the pasted line is on screen.
  await timeline.getByRole('button', { name: /^Paste at / }).click();
  await expect(dialog.locator('.cm-line', { hasText: 'pastedHelper' })).toBeVisible();

  // Play from the start at 8x to the end.
  await dialog.getByRole('slider', { name: 'Playback position' }).focus();
  await reviewer.keyboard.press('Home');
  await dialog.getByText('8x').click();
  await dialog.getByRole('button', { name: 'Play' }).click();
  await expect(dialog.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect(dialog.getByTestId('playback-status')).toHaveText(
    'End of the recording: the replayed text matches the saved file.',
    { timeout: 30_000 },
  );
  await expect(dialog.getByRole('button', { name: 'Play' })).toBeVisible();
  await expect(dialog.locator('.cm-line', { hasText: '// done typing' })).toBeVisible();
  expect(saved).toContain(PASTED);
  await reviewer.screenshot({ path: '.tmp/shots/playback-1280.png' });

  // At 375 px the dialog takes the screen and nothing scrolls sideways.
  await reviewer.setViewportSize({ width: 375, height: 760 });
  await expect(dialog.getByRole('button', { name: 'Play' })).toBeVisible();
  await noSidewaysScroll(reviewer);
  await expectAccessible(reviewer);
  await reviewer.screenshot({ path: '.tmp/shots/playback-375.png' });
});

test('another recruiter cannot open the playback', async () => {
  const { assessment } = await assignedCart();
  const other = newAccount('recruiter', 'Other Recruiter');
  const { api } = await session(other, 'sign-up');
  const res = await api.get(`/api/assessments/${assessment.id}/playback/cart.js`);
  expect(res.status()).toBe(403);
});

test('reloading twice while typing shows two page reloads and no time away over the typing', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { assessment, candidate, recruiter, candidateApi, recruiterApi } = await assignedCart();
  await logIn(page, candidate);
  await startAssessment(page, assessment.id);
  const openCart = async () => {
    await page
      .getByRole('navigation', { name: 'Project files' })
      .getByRole('button', { name: 'cart.js', exact: true })
      .click();
    const editor = page.getByRole('textbox', { name: 'Code editor: cart.js' });
    await editor.click();
    await page.keyboard.press('Control+End');
  };
  await openCart();
  for (const line of ['// one', '// two']) {
    await page.keyboard.press('Enter');
    await page.keyboard.type(line, { delay: 30 });
    // Reloaded while typing: before the autosave, so the work is only in this browser.
    await page.reload();
    await openCart();
  }
  await page.keyboard.press('Enter');
  await page.keyboard.type('// three', { delay: 30 });
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
  await page.getByRole('button', { name: 'Submit Assessment' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit Assessment' }).click();
  await expect(page.getByTestId('submission-banner')).toBeVisible();
  const files = (await (
    await candidateApi.get(`/api/assessments/${assessment.id}/files`)
  ).json()) as {
    fileName: string;
    content: string;
  }[];
  expect(files.find((f) => f.fileName === 'cart.js')!.content).toMatch(
    /\/\/ one\n\/\/ two\n\/\/ three$/,
  );

  // When every key was typed, on the server's clock.
  const recorded = (await (
    await recruiterApi.get(`/api/assessments/${assessment.id}/playback/cart.js`)
  ).json()) as { events: { k: string; at: number }[] };
  const typedAt = recorded.events.filter((e) => e.k === 'c').map((e) => e.at);
  expect(typedAt.length).toBeGreaterThan(20);

  await page.context().clearCookies();
  await logIn(page, recruiter);
  await page.goto(`/recruiter/results?assessment=${assessment.id}`);
  await page.getByRole('list', { name: 'Files' }).getByRole('button', { name: 'cart.js' }).click();
  await page.getByRole('button', { name: 'Playback' }).click();
  const dialog = page.getByRole('dialog', { name: 'Playback: cart.js' });
  const timeline = dialog.getByTestId('playback-timeline');
  await expect(
    timeline.getByRole('button', { name: /^Page closed or reloaded from / }),
  ).toHaveCount(2);
  await expect(timeline.getByRole('button', { name: /^Tab hidden from / })).toHaveCount(0);
  await expect(dialog.getByText('Page sessions: 3')).toBeVisible();
  await expect(timeline.locator('[data-kind="session"]')).toHaveCount(2);
  // No band of time away lies over a key typed.
  const bands = await timeline
    .locator('[data-away]')
    .evaluateAll((spans) =>
      spans.map((s) => [Number(s.getAttribute('data-from')), Number(s.getAttribute('data-to'))]),
    );
  expect(bands.length).toBeGreaterThanOrEqual(2);
  for (const [from, to] of bands) {
    expect(typedAt.filter((at) => at > from! && at < to!)).toEqual([]);
  }
  await page.screenshot({ path: '.tmp/shots/playback-reloads.png' });
});
