import {
  adminAccount,
  apiClients,
  expect,
  logIn,
  mailText,
  newAccount,
  test,
  waitForMail,
} from './support/fixtures';

/** Issue 21: blind review, the similarity check, bulk invitations (docs/decisions/026). */
const session = apiClients();
const due = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

const SOLUTION = `export function strongEnough(password: string): string | null {
  if (password.length < 12) return 'Use at least 12 characters';
  if (!/[A-Z]/.test(password) || !/[a-z]/.test(password)) return 'Mix upper and lower case';
  if (!/[0-9]/.test(password)) return 'Add a digit';
  return null;
}
`;
const RENAMED = SOLUTION.replaceAll('password', 'pw').replace('strongEnough', 'check');

test('a blind reviewer sees a copy side by side, scores, then reveals the name', async ({
  page,
}) => {
  const admin = await session(adminAccount, 'sign-in');
  const templateRes = await admin.api.post('/api/templates', {
    data: {
      title: `Blind ${Date.now().toString(36)}`,
      roleName: 'Developer',
      tasks: [],
      blindReview: true,
      similarityThreshold: 40,
    },
  });
  expect(templateRes.status(), await templateRes.text()).toBe(201);
  const template = (await templateRes.json()) as { id: string };
  const recruiter = newAccount('recruiter', 'Riley Recruiter');
  const rec = await session(recruiter, 'sign-up');
  const ids: string[] = [];
  for (const [name, content] of [
    ['Olga Original', SOLUTION],
    ['Conrad Copier', RENAMED],
  ] as const) {
    const candidate = await session(newAccount('candidate', name), 'sign-up');
    const res = await rec.api.post('/api/assessments', {
      data: { templateId: template.id, candidateId: candidate.id, dueDate: due() },
    });
    const { id } = (await res.json()) as { id: string };
    const save = await candidate.api.put(`/api/assessments/${id}/files/auth.service.ts`, {
      data: { content, editedAt: Date.now() },
    });
    expect(save.status()).toBe(200);
    expect((await candidate.api.post(`/api/assessments/${id}/submit`, { data: {} })).status()).toBe(
      200,
    );
    ids.push(id);
  }

  await logIn(page, recruiter);
  await page.goto(`/recruiter/results?assessment=${ids[1]}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Assessment Details' })).toBeVisible();
  const details = page;
  await expect(details.getByTestId('blind-candidate')).toHaveText(/^Candidate [0-9A-F]{4}$/);
  await expect(page.getByText('Conrad Copier')).toHaveCount(0);
  // The worker checks it moments after submission; the panel looks again until done.
  await expect(details.getByTestId('similarity-flag')).toBeVisible({ timeout: 20_000 });
  await details.getByRole('button', { name: 'Compare side by side' }).click();
  const compare = page.getByRole('dialog', { name: 'Side by side' });
  await expect(compare.getByText(/% of this submission is found/)).toBeVisible();
  await expect(compare.getByTestId(`side-${ids[1]}`).locator('[data-match]').first()).toBeVisible();
  await expect(compare.getByTestId(`side-${ids[0]}`).locator('[data-match]').first()).toBeVisible();
  await expect(compare.getByText('Olga Original')).toHaveCount(0);
  await compare.getByRole('button', { name: 'Close' }).click();

  await details.getByLabel('Score').fill('40');
  await details.getByRole('button', { name: 'Save Evaluation' }).click();
  await details.getByRole('button', { name: 'Reveal candidate' }).click();
  await expect(details.getByText('Conrad Copier').first()).toBeVisible();
});

test('a 50-row CSV assigns and invites, and an invitee signs up straight into it', async ({
  page,
}) => {
  const admin = await session(adminAccount, 'sign-in');
  const title = `Bulk ${Date.now().toString(36)}`;
  const templateRes = await admin.api.post('/api/templates', {
    data: { title, roleName: 'Developer', tasks: [] },
  });
  expect(templateRes.status()).toBe(201);
  const recruiter = newAccount('recruiter', 'Riley Recruiter');
  await session(recruiter, 'sign-up');
  const existing = newAccount('candidate', 'Erin Existing');
  await session(existing, 'sign-up');
  const stamp = Date.now().toString(36);
  const invitee = `ivy-${stamp}@example.test`;
  const rows = [
    'name;email',
    `Erin Existing;${existing.email}`,
    `"Ivy, Invitee";${invitee}`,
    ...Array.from({ length: 48 }, (_, i) => `Person ${i};p${i}-${stamp}@example.test`),
  ];

  await logIn(page, recruiter);
  await page.getByRole('button', { name: 'New Assessment' }).click();
  await page.getByRole('button', { name: `Assign to Candidate: ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Assign Assessment' });
  await dialog.getByText('Upload a CSV').click();
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'class.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFF${rows.join('\r\n')}`),
  });
  await dialog.getByRole('button', { name: 'Upload and assign' }).click();
  await expect(dialog.getByRole('status')).toHaveText('1 assigned, 49 invited, 0 skipped');
  await expect(dialog.getByRole('table', { name: 'Upload result' }).getByRole('row')).toHaveCount(
    51,
  );
  await dialog.getByRole('button', { name: 'Done' }).click();
  await page.context().clearCookies();

  const mail = await waitForMail(invitee);
  const link = mailText(mail).match(/https?:\/\/\S+\/invitation\/\S+/)?.[0];
  expect(link).toBeTruthy();
  await page.goto(new URL(link!).pathname);
  await expect(page.getByLabel('Email')).toHaveValue(invitee);
  await expect(page.getByLabel('Full Name')).toHaveValue('Ivy, Invitee');
  await page.getByLabel('Password', { exact: true }).fill('secret-password');
  await page.getByLabel('Confirm Password').fill('secret-password');
  await page.getByRole('button', { name: 'Create Account and Start' }).click();
  await expect(page).toHaveURL(/\/assessment\/assessment_/);
  await expect(page.getByText(title).first()).toBeVisible();
});
