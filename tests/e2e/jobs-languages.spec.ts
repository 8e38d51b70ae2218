import type { Page } from '@playwright/test';
import {
  apiClients,
  expect,
  expectAccessible,
  logIn,
  newAccount,
  signUpViaApi,
  test,
} from './support/fixtures';

const client = apiClients();

/** No horizontal scrolling: the page is no wider than the window. */
async function expectNoOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test.describe('jobs in German (browser language de)', () => {
  test.use({ locale: 'de-DE' });

  test('Browse Jobs, a job, My Listings and the pipeline fit at 1280 and 375 px', async ({
    page,
    browser,
  }) => {
    const recruiter = newAccount('recruiter', 'Rolf Personaler');
    const { api } = await client(recruiter, 'sign-up');
    const title = `Plattformentwicklungsingenieurin ${Math.random().toString(36).slice(2, 8)}`;
    const posted = await api.post('/api/jobs', {
      data: {
        title,
        department: 'Engineering',
        locations: ['Berlin', 'München'],
        workplaceType: 'on-site',
        jobType: 'part-time',
        experience: '3-5',
        salaryMin: 55000,
        salaryMax: 75000,
        currency: 'EUR',
        description: 'Plattformen **bauen**.',
        openings: 2,
        closingDate: '2099-07-15',
        status: 'published',
      },
    });
    expect(posted.status(), await posted.text()).toBe(201);
    const job = (await posted.json()) as { id: string };

    const candidate = newAccount('candidate', 'Karla Kandidatin');
    await signUpViaApi(page.request, candidate);
    await logIn(page, candidate);

    await page.goto('/candidate/jobs');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Stellen durchsuchen' }),
    ).toBeVisible();
    await page.getByRole('searchbox', { name: 'Suche' }).fill(title);
    await expect(page.getByRole('link', { name: title })).toBeVisible();
    await expect(page.getByText('55.000 € – 75.000 €').first()).toBeVisible();
    await expectNoOverflow(page);
    await shoot(page, 'browse-de-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoOverflow(page);
    await shoot(page, 'browse-de-375');

    await page.goto(`/candidate/jobs/${job.id}`);
    await expect(page.getByText('2 offene Stellen · endet am 15. Juli 2099')).toBeVisible();
    await page.getByRole('button', { name: 'Bewerbung absenden' }).click();
    await expect(page.getByText('Bitte schreiben Sie ein Anschreiben')).toBeVisible();
    await page.getByLabel('Anschreiben').fill('Ich baue seit Jahren Plattformen.');
    await page.getByRole('button', { name: 'Bewerbung absenden' }).click();
    await expect(page.getByText(/^Sie haben sich am .* beworben\.$/)).toBeVisible();
    await expectNoOverflow(page);
    await shoot(page, 'job-de-375');

    await page.goto('/candidate/applications');
    await expect(page.getByRole('heading', { level: 1, name: 'Meine Bewerbungen' })).toBeVisible();
    await expect(page.getByText('Eingereicht').first()).toBeVisible();
    await expectNoOverflow(page);
    await shoot(page, 'applications-de-375');
    await expectAccessible(page);

    // The recruiter, also in German, at 375 px then 1280 px.
    const context = await browser.newContext({
      locale: 'de-DE',
      viewport: { width: 375, height: 800 },
    });
    const rec = await context.newPage();
    await logIn(rec, recruiter);
    await rec.goto('/recruiter/job-listings');
    const card = rec.getByRole('article', { name: title });
    await expect(card.getByText('1 neu')).toBeVisible();
    await expect(card.getByText(/^1 Bewerbung · Veröffentlicht am/)).toBeVisible();
    await expectNoOverflow(rec);
    await shoot(rec, 'listings-de-375');
    await card.getByRole('link', { name: title, exact: true }).click();
    await expect(rec.getByRole('tab', { name: 'Beworben (1)' })).toBeVisible();
    await expectNoOverflow(rec);
    await shoot(rec, 'pipeline-de-375');
    await rec.setViewportSize({ width: 1280, height: 800 });
    await rec.getByRole('button', { name: 'Karla Kandidatin öffnen' }).click();
    await expect(rec.getByRole('heading', { name: 'Phasenverlauf' })).toBeVisible();
    await shoot(rec, 'drawer-de-1280');
    await rec.goto('/recruiter/post-job');
    await expect(rec.getByRole('button', { name: 'Als Entwurf speichern' })).toBeVisible();
    await expectNoOverflow(rec);
    await shoot(rec, 'post-job-de-1280');
    await rec.setViewportSize({ width: 375, height: 800 });
    await expectNoOverflow(rec);
    await shoot(rec, 'post-job-de-375');
    await rec.goto('/recruiter/candidates');
    await expect(rec.getByRole('heading', { level: 1, name: 'Kandidaten finden' })).toBeVisible();
    await expectNoOverflow(rec);
    await shoot(rec, 'find-candidates-de-375');
    await context.close();
  });
});

test.describe('jobs in Japanese', () => {
  test.use({ locale: 'ja-JP', viewport: { width: 375, height: 800 } });

  test('the careers page and Browse Jobs read in Japanese at 375 px', async ({ page }) => {
    await page.goto('/careers');
    await expect(page.getByRole('heading', { level: 1, name: '採用情報' })).toBeVisible();
    await expectNoOverflow(page);
    await shoot(page, 'careers-ja-375');
    const candidate = newAccount('candidate', '山田 花子');
    await signUpViaApi(page.request, candidate);
    await logIn(page, candidate);
    await page.goto('/candidate/jobs');
    await expect(page.getByRole('heading', { level: 1, name: '求人を探す' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'フィルターをクリア' })).toBeVisible();
    await expectNoOverflow(page);
    await shoot(page, 'browse-ja-375');
  });
});
