import { expect, logIn, test } from './support/fixtures';
import { type OwnServer, ownServerUrl, startOwnServer } from './support/own-server';

/**
 * `npm run seed-demo` as README describes it: each demo person signs in and sees what
 * README's "Demo data" promises. A server of its own (the seed fills a whole company).
 */
const demo = (name: string) => ({
  email: `${name}@demo.talentforge.test`,
  password: 'demo-password',
});
let server: OwnServer;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: ownServerUrl('demo') });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  server = await startOwnServer('demo', {}, { seedDemo: true });
});
test.afterAll(async () => {
  await server?.stop();
});

test('Rita sees the submissions, replays Priya’s typing and Lena’s similarity and hidden-test runs', async ({
  page,
}) => {
  await logIn(page, demo('rita'), server.baseUrl);
  const list = (await (await page.request.get('/api/assessments')).json()) as {
    id: string;
    candidateName: string;
    status: string;
    score: number | null;
  }[];
  const priya = list.find((a) => a.candidateName === 'Priya Patel' && a.score === 88)!;
  const lena = list.find((a) => a.candidateName === 'Lena Fischer')!;
  expect(list.filter((a) => a.status === 'completed').length).toBeGreaterThanOrEqual(5);

  await page.goto(`/recruiter/results?assessment=${priya.id}`);
  await page
    .getByRole('list', { name: 'Files' })
    .getByRole('button', { name: 'auth.service.ts' })
    .click();
  await page.getByRole('button', { name: 'Playback' }).click();
  const dialog = page.getByRole('dialog', { name: 'Playback: auth.service.ts' });
  const timeline = dialog.getByTestId('playback-timeline');
  await expect(timeline.getByRole('button', { name: /^Paste at / })).toHaveCount(1);
  await expect(timeline.getByRole('button', { name: /^Window not focused from / })).toHaveCount(1);
  await expect(timeline.getByRole('button', { name: /^Test run \(Candidate\) at / })).toHaveCount(
    1,
  );
  await page.keyboard.press('Escape');

  await page.goto(`/recruiter/results?assessment=${lena.id}`);
  await expect(page.getByText(/Similar to Priya Patel|Priya Patel/).first()).toBeVisible();
  const { runs } = (await (
    await page.request.get(`/api/assessments/${lena.id}/test-runs`)
  ).json()) as { runs: { includeHidden: boolean; status: string }[] };
  expect(runs.some((r) => r.includeHidden && r.status === 'failed')).toBe(true);
});

test('Priya sees her score, the feedback and her held interview; Casey sees her booked one', async ({
  page,
}) => {
  await logIn(page, demo('priya'), server.baseUrl);
  // The cards carry no score: it is in the workspace, which View Results opens.
  await page.goto('/assessments');
  const card = page
    .getByRole('article')
    .filter({ hasText: 'Password policy for the auth service' })
    .filter({ hasText: 'Northwind Labs' });
  await card.getByRole('link', { name: 'View Results' }).click();
  const banner = page.getByTestId('submission-banner');
  await expect(banner).toContainText('Score: 88 / 100');
  await expect(banner).toContainText('Clear rule kept as data');
  await page.goto('/candidate/applications');
  await expect(page.getByText('Senior Full Stack Engineer').first()).toBeVisible();

  await page.context().clearCookies();
  await logIn(page, demo('casey'), server.baseUrl);
  await page.goto('/messages');
  await page.getByText('Re: Password policy for the auth service').first().click();
  await expect(page.getByText(/via Email/i).first()).toBeVisible();
});

test('Alex sees ten weeks of analytics, and the careers site lists the published jobs', async ({
  page,
}) => {
  await logIn(page, demo('admin'), server.baseUrl);
  await page.goto('/admin/analytics');
  // The screen names jobs only in its Job filter: the seeded job is one of its options.
  await page.getByRole('combobox', { name: 'Job' }).click();
  await expect(page.getByRole('option', { name: 'Site Reliability Engineer' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.context().clearCookies();
  await page.goto('/careers');
  await expect(page.getByText('Senior Full Stack Engineer').first()).toBeVisible();
  await expect(page.getByText('Frontend Engineer (React)')).toHaveCount(0);
});
