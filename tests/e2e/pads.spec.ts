import { applicationTo, postJob } from './support/factories';
import { adminAccount, apiClients, expect, logIn, newAccount, test } from './support/fixtures';

const clients = apiClients();
const suffix = () => Math.random().toString(36).slice(2, 8);
const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('the candidate joins from My Applications; both type in one pad, converge after one was offline, run it; the interview ends read-only and its replay reaches the final text', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // Set up through the API: a job, an application at Interview, a time picked.
  const { recruiter, candidate, rec, jobId } = await scheduledInterview(suffix());

  // The interviewer starts the pad from the application.
  await logIn(page, recruiter);
  await page.goto(`/recruiter/job-listings/${jobId}`);
  await page.getByRole('button', { name: `Open ${candidate.name}` }).click();
  await page.getByRole('button', { name: 'Start pad' }).click();
  await page.getByRole('menuitem', { name: 'TypeScript' }).click();
  await expect(page).toHaveURL(/\/pads\/[^/]+$/);
  const padUrl = page.url();

  const other = await browser.newContext();
  const candidatePage = await other.newPage();
  await logIn(candidatePage, candidate);
  // The candidate finds the pad on My Applications.
  await candidatePage.goto('/candidate/applications');
  await candidatePage.getByRole('link', { name: 'Join pad' }).click();
  await expect(candidatePage).toHaveURL(padUrl);
  const editorOf = (p: typeof page) => p.getByRole('textbox', { name: /Code editor/ });
  await expect(editorOf(candidatePage)).toBeVisible();
  await expect(editorOf(page)).toBeVisible();

  // Both type at once at the top of the same file.
  await editorOf(page).click();
  await page.keyboard.press('Control+Home');
  await editorOf(candidatePage).click();
  await candidatePage.keyboard.press('Control+Home');
  await Promise.all([
    page.keyboard.type('// interviewer\n'),
    candidatePage.keyboard.type('// candidate\n'),
  ]);
  // The document's lines, without the other person's cursor and its name label.
  const lines = (p: typeof page) =>
    p.locator('.cm-line').evaluateAll((els) =>
      els.map((el) => {
        const copy = el.cloneNode(true) as HTMLElement;
        for (const caret of copy.querySelectorAll('.cm-ySelectionCaret')) caret.remove();
        return (copy.textContent ?? '').replace(/\u2060/g, '');
      }),
    );
  await expect
    .poll(async () => (await lines(page)).slice(0, 2).sort())
    .toEqual(['// candidate', '// interviewer']);
  await expect
    .poll(async () => (await lines(candidatePage)).slice(0, 3))
    .toEqual((await lines(page)).slice(0, 3));
  // Each cursor carries its person's name.
  await expect(page.locator('.cm-ySelectionInfo', { hasText: candidate.name })).toBeAttached();

  // The candidate drops off, types, and comes back: both converge.
  await other.setOffline(true);
  await expect(candidatePage.getByText('Offline', { exact: false }).first()).toBeVisible({
    timeout: 30_000,
  });
  await candidatePage.keyboard.type('// written offline\n');
  await other.setOffline(false);
  await expect
    .poll(async () => (await lines(page)).join('\n'), { timeout: 30_000 })
    .toContain('// written offline');

  // Run: the output streams to both as it comes, and the same result reaches both. The test
  // file prints a line, and another a few seconds later.
  const tree = page.getByRole('navigation', { name: 'Files' });
  await tree.getByRole('button', { name: 'auth.test.ts', exact: true }).click();
  await page.getByRole('textbox', { name: 'Code editor: auth.test.ts' }).click();
  await page.keyboard.press('Control+Home');
  const printing = "console.log('FIRST-LINE'); setTimeout(() => console.log('SECOND-LINE'), 4000);";
  await page.keyboard.type(printing);
  await page.keyboard.press('Enter');
  // The run takes the files as the server holds them: wait until it holds the whole line.
  const padPath = new URL(page.url()).pathname;
  await expect
    .poll(async () => {
      const held = (await (await rec.api.get(`/api${padPath}`)).json()) as {
        files: { path: string; content: string }[];
      };
      return held.files.find((f) => f.path === 'auth.test.ts')?.content.startsWith(`${printing}\n`);
    })
    .toBe(true);
  await page.getByRole('button', { name: 'Run' }).click();
  const outputOf = async (p: typeof page) =>
    (await p
      .getByLabel('Run output')
      .textContent({ timeout: 1000 })
      .catch(() => null)) ?? '';
  const shown = () => Promise.all([outputOf(page), outputOf(candidatePage)]);
  // Both see the first line while the second is yet to come…
  await expect
    .poll(
      async () =>
        (await shown()).map((o) => o.includes('FIRST-LINE') && !o.includes('SECOND-LINE')),
      {
        timeout: 60_000,
      },
    )
    .toEqual([true, true]);
  // …then both see it grow, and the run's result.
  await expect
    .poll(async () => (await shown()).map((o) => o.includes('SECOND-LINE')), { timeout: 30_000 })
    .toEqual([true, true]);
  for (const p of [page, candidatePage]) {
    await expect(p.getByText(/^\d+ passed, \d+ failed$/)).toBeVisible({ timeout: 30_000 });
  }
  const output = page.getByLabel('Run output');
  await expect(candidatePage.getByLabel('Run output')).toHaveText((await output.textContent())!);

  // End interview: read-only for both.
  await page.getByRole('button', { name: 'End interview' }).click();
  await expect(page.getByText('Read-only')).toBeVisible();
  await expect(candidatePage.getByText('Read-only')).toBeVisible();
  await other.close();
  // The pad's final text from the server: the editors render only the lines in view (and
  // wrap them), so their lines are no measure of the whole file.
  const padId = new URL(page.url()).pathname.split('/').pop() as string;
  const ended = (await (await rec.api.get(`/api/pads/${padId}`)).json()) as {
    files: { path: string; content: string }[];
  };
  const typedIn = ended.files.find((f) => f.content.includes('// written offline'));
  expect(typedIn, 'the file both typed in').toBeDefined();
  const final = typedIn!.content.split('\n');

  // The application's interview now holds the session: its replay, scrubbed to the end,
  // reaches the text the pad ended with.
  await page.goto(`/recruiter/job-listings/${jobId}`);
  await page.getByRole('button', { name: `Open ${candidate.name}` }).click();
  const session = page.getByTestId('pad-session');
  await session.getByRole('button', { name: 'Replay' }).click();
  const slider = session.getByTestId('pad-replay').getByRole('slider');
  await slider.focus();
  await page.keyboard.press('End');
  // The last typing was the run's line in the test file: look at the file both typed in.
  await session.getByRole('combobox', { name: 'File', exact: true }).click();
  await page.getByRole('option', { name: typedIn!.path, exact: true }).click();
  // The replay's lines in view, from the first: each the final file's line at that place,
  // the offline edit among them.
  const replayLines = () =>
    session
      .getByTestId('pad-replay-editor')
      .locator('.cm-line')
      .evaluateAll((els) => els.map((el) => el.textContent ?? ''));
  await expect
    .poll(async () => {
      const shown = await replayLines();
      return {
        offlineEdit: shown.some((l) => l.includes('// written offline')),
        firstDifferentLine: shown.findIndex((l, i) => l !== final[i]),
      };
    })
    .toEqual({ offlineEdit: true, firstDifferentLine: -1 });
});

/** A recruiter (the interviewer) and a candidate with a scheduled interview, through the API. */
async function scheduledInterview(id: string) {
  const recruiter = newAccount('recruiter', `Ida Interviewer ${id}`);
  const candidate = newAccount('candidate', `Cem Candidate ${id}`);
  const rec = await clients(recruiter, 'sign-up');
  const cand = await clients(candidate, 'sign-up');
  const jobId = await postJob(rec.api, { title: `Pad Role ${id}` });
  const applicationId = await applicationTo(jobId, cand.api, { api: rec.api, stage: 'interview' });
  const proposed = await rec.api.post(`/api/applications/${applicationId}/interviews`, {
    data: {
      slots: [
        {
          date: inDays(3),
          time: '10:00',
          durationMinutes: 45,
          timeZone: 'Europe/Berlin',
          location: 'https://meet.example.test/pad',
        },
      ],
      interviewerIds: [rec.id],
    },
  });
  expect(proposed.status(), await proposed.text()).toBe(201);
  const interview = (await proposed.json()) as { id: string; slots: { id: string }[] };
  const picked = await cand.api.post(`/api/interviews/${interview.id}/pick`, {
    data: { slotId: interview.slots[0]!.id },
  });
  expect(picked.status(), await picked.text()).toBe(200);
  return { recruiter, candidate, rec, jobId, interviewId: interview.id };
}

test('a pad started from a template has its visible files, never its hidden tests; the candidate waits until the interviewer comes in; on a phone, files made, renamed and deleted reach both', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const id = suffix();
  const { recruiter, candidate, rec, jobId } = await scheduledInterview(id);
  // An admin's template for this recruiter: Python, with a hidden test file.
  const admin = await clients(adminAccount, 'sign-in');
  const templateTitle = `Late fees ${id}`;
  const made = await admin.api.post('/api/templates', {
    data: {
      title: templateTitle,
      roleName: 'Backend Engineer',
      starterProject: 'python',
      authorizedRecruiters: [rec.id],
    },
  });
  expect(made.status(), await made.text()).toBe(201);

  // The interviewer starts the pad from the template: its visible files, not its hidden tests.
  await logIn(page, recruiter);
  await page.goto(`/recruiter/job-listings/${jobId}`);
  await page.getByRole('button', { name: `Open ${candidate.name}` }).click();
  await page.getByRole('button', { name: 'Start pad' }).click();
  // By the keyboard: the templates arrive after the menu opens and the dropdown moves to fit
  // them, so a pointer aimed before that move can land on its label instead (seen in CI).
  await page.getByRole('menuitem', { name: templateTitle }).press('Enter');
  await expect(page).toHaveURL(/\/pads\/[^/]+$/);
  const padId = new URL(page.url()).pathname.split('/').pop() as string;
  const tree = (p: typeof page) => p.getByRole('navigation', { name: 'Files' });
  for (const visible of ['fees.py', 'test_fees.py', 'README.md']) {
    await expect(tree(page).getByRole('button', { name: visible, exact: true })).toBeVisible();
  }
  await expect(tree(page).getByText('test_fees_hidden.py')).toHaveCount(0);
  const stored = (await (await rec.api.get(`/api/pads/${padId}`)).json()) as {
    language: string;
    files: { path: string }[];
  };
  expect(stored.language).toBe('python');
  expect(stored.files.map((f) => f.path).sort()).toEqual(['README.md', 'fees.py', 'test_fees.py']);
  // The interviewer steps away before the candidate comes.
  await page.goto('/');

  // The candidate, on a 375 px phone, comes first: a waiting screen, no editor yet.
  const phone = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const candidatePage = await phone.newPage();
  await logIn(candidatePage, candidate);
  await candidatePage.goto(`/pads/${padId}`);
  await expect(candidatePage.getByText('Waiting for your interviewer')).toBeVisible();
  await expect(candidatePage.getByText(`Expected: ${recruiter.name}`)).toBeVisible();
  await expect(candidatePage.getByText('Python').first()).toBeVisible();
  await expect(candidatePage.getByRole('textbox', { name: /Code editor/ })).toHaveCount(0);

  // The interviewer comes in: the pad opens for the candidate, who sees them there.
  await page.goto(`/pads/${padId}`);
  await expect(candidatePage.getByRole('textbox', { name: /Code editor/ })).toBeVisible();
  await expect(candidatePage.getByText('Waiting for your interviewer')).toHaveCount(0);
  await expect(candidatePage.getByLabel('In the pad now')).toContainText(recruiter.name);
  await expect(candidatePage.getByText(/^Time \d+:\d\d/)).toBeVisible();

  // The candidate makes a file with the keyboard only; a bad name is refused with the reason.
  await tree(candidatePage).getByRole('button', { name: 'New file' }).focus();
  await candidatePage.keyboard.press('Enter');
  await candidatePage.keyboard.type('../notes.py');
  await candidatePage.keyboard.press('Enter');
  await expect(tree(candidatePage).getByText('A path has no "." or ".." parts')).toBeVisible();
  await candidatePage.keyboard.press('Control+A');
  await candidatePage.keyboard.type('lib/helpers.py');
  await candidatePage.keyboard.press('Enter');
  await expect(
    tree(page).getByRole('button', { name: 'lib/helpers.py', exact: true }),
  ).toBeVisible();
  // …and types in it: the interviewer reads it.
  await candidatePage.getByRole('textbox', { name: 'Code editor: lib/helpers.py' }).click();
  await candidatePage.keyboard.type('def helper():\n    return 42\n');
  await tree(page).getByRole('button', { name: 'lib/helpers.py', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Code editor: lib/helpers.py' })).toContainText(
    'return 42',
  );

  // The interviewer renames it; the candidate deletes it.
  await tree(page).getByRole('button', { name: 'Actions for lib/helpers.py' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  await page.getByLabel('New name for lib/helpers.py').fill('lib/tools.py');
  await page.getByRole('button', { name: 'Rename', exact: true }).click();
  await expect(
    tree(candidatePage).getByRole('button', { name: 'lib/tools.py', exact: true }),
  ).toBeVisible();
  await expect(
    tree(candidatePage).getByRole('button', { name: 'lib/helpers.py', exact: true }),
  ).toHaveCount(0);
  await tree(candidatePage).getByRole('button', { name: 'Actions for lib/tools.py' }).click();
  await candidatePage.getByRole('menuitem', { name: 'Delete' }).click();
  await candidatePage.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(tree(page).getByRole('button', { name: 'lib/tools.py', exact: true })).toHaveCount(
    0,
  );
  // Nothing of the page is wider than the phone.
  const width = await candidatePage.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await phone.close();
});
