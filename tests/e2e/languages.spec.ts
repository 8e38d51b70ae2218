import {
  adminAccount,
  apiClients,
  expect,
  expectAccessible,
  logIn,
  newAccount,
  signUpViaApi,
  test,
} from './support/fixtures';
import { type OwnServer, ownServerUrl, startOwnServer } from './support/own-server';

test('a candidate switches to German: the screen and a second tab follow at once, and it stays', async ({
  page,
  request,
  context,
}) => {
  const account = newAccount('candidate', 'Greta Sprache');
  await signUpViaApi(request, account);
  await logIn(page, account);
  await expect(page).toHaveURL('/candidate');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');

  const second = await context.newPage();
  await second.goto('/candidate');
  await expect(second.getByRole('link', { name: 'Browse Jobs' })).toBeVisible();

  await page.goto('/profile');
  await page.getByLabel('Language', { exact: true }).selectOption('de');
  await expect(page.getByText('Sprache gespeichert.')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  await expect(page.getByRole('link', { name: 'Stellen finden' })).toBeVisible();

  // The other tab switched without a reload.
  await expect(second.getByRole('link', { name: 'Stellen finden' })).toBeVisible();
  await expect(second.locator('html')).toHaveAttribute('lang', 'de-DE');

  // Kept on the server: a fresh browser signed in as the same person starts in German.
  const other = await context.browser()!.newContext({ locale: 'en-US' });
  const fresh = await other.newPage();
  await logIn(fresh, account);
  await expect(fresh.getByRole('button', { name: 'Kontomenü von Greta Sprache' })).toBeVisible();
  await other.close();

  await page.goto('/this-page-does-not-exist');
  await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
  await expect(page).toHaveTitle(/Seite nicht gefunden/);
  await expectAccessible(page);

  // At 375 px the German bar fits without horizontal scrolling.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/candidate');
  await page.getByRole('button', { name: 'Navigation ein- oder ausblenden' }).click();
  await expect(page.getByRole('link', { name: 'Meine Bewerbungen' })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test.describe('a browser asking for none of our languages', () => {
  // The admin's default reaches everyone who never chose, their mails too: changing it on the
  // suite's server would put other journeys' mails in Japanese for a moment. A server of its own.
  let server: OwnServer;
  test.use({ locale: 'pt-BR', baseURL: ownServerUrl('languages') });
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startOwnServer('languages');
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("gets the admin's default; a browser language we have wins over it", async ({
    page,
    browser,
  }) => {
    const admin = await browser.newContext({ locale: 'en-US' });
    const adminPage = await admin.newPage();
    await logIn(adminPage, server.admin, server.baseUrl);
    const saved = await adminPage.request.put('/api/settings', {
      data: { defaultLanguage: 'ja' },
    });
    expect(saved.status()).toBe(200);

    const account = newAccount('candidate', 'Paulo Padrão');
    await signUpViaApi(page.request, account);
    await logIn(page, account, server.baseUrl);
    await expect(page.getByRole('link', { name: '求人を探す' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP');
    await expectAccessible(page);

    const spanish = await browser.newContext({ locale: 'es-MX' });
    const es = await spanish.newPage();
    const other = newAccount('candidate', 'Sofía Navegador');
    await signUpViaApi(es.request, other);
    await logIn(es, other, server.baseUrl);
    await expect(es.getByRole('link', { name: 'Buscar empleos' })).toBeVisible();
    await spanish.close();
    await admin.close();
  });
});

test.describe('at 375 px in German and Japanese', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  for (const locale of ['de-DE', 'ja-JP']) {
    test(`the sign-in screens fit without sideways scrolling (${locale})`, async ({ browser }) => {
      const context = await browser.newContext({ locale, viewport: { width: 375, height: 800 } });
      const page = await context.newPage();
      for (const path of ['/login', '/signup', '/reset-password']) {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, `${path} is ${width} px wide`).toBeLessThanOrEqual(375);
      }
      await expectAccessible(page);
      await context.close();
    });
  }
});

const client = apiClients();

/** No sideways scrolling at the page's current width. */
async function expectNoSidewaysScroll(page: import('@playwright/test').Page, what: string) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll, `${what} is ${scroll} px wide at ${width} px`).toBeLessThanOrEqual(width);
}

test('a candidate who chose German sees the dashboard, workspace and messages in German with German dates', async ({
  page,
}) => {
  // An assessment due in a week, assigned to a candidate whose profile says German.
  const admin = await client(adminAccount, 'sign-in');
  const template = await admin.api.post('/api/templates', {
    data: {
      title: `Sprachtest ${Date.now().toString(36)}`,
      roleName: 'Full Stack Developer',
      description: 'Implement the password policy.',
      tasks: [{ title: 'Implement the rule', description: '', type: 'code' }],
    },
  });
  expect(template.status(), await template.text()).toBe(201);
  const recruiter = newAccount('recruiter', 'Rita Rekrutiererin');
  const candidate = newAccount('candidate', 'Greta Kandidatin');
  const recruiterSide = await client(recruiter, 'sign-up');
  const candidateSide = await client(candidate, 'sign-up');
  const chose = await candidateSide.api.put('/api/profile/language', { data: { language: 'de' } });
  expect(chose.status(), await chose.text()).toBe(200);
  const due = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const assigned = await recruiterSide.api.post('/api/assessments', {
    data: {
      templateId: ((await template.json()) as { id: string }).id,
      candidateId: candidateSide.id,
      dueDate: due,
    },
  });
  expect(assigned.status(), await assigned.text()).toBe(201);
  const germanDay = new Intl.DateTimeFormat('de-DE', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${due}T00:00:00Z`));

  const shots = process.env.E2E_SCREENSHOTS;
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, candidate);
  await expect(page).toHaveURL('/candidate');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  await expect(page.getByRole('heading', { name: 'Assessment-Statistik' })).toBeVisible();
  await expect(page.getByText(`Fällig am ${germanDay}`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Profilvollständigkeit' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'the dashboard');
  if (shots) await page.screenshot({ path: `${shots}/dashboard-de-1280.png`, fullPage: true });

  await page.getByRole('link', { name: 'Assessment fortsetzen' }).click();
  // Never opened: the start screen first (the clock starts on its button), in German too.
  await expect(page.getByRole('heading', { name: 'Bevor Sie beginnen' })).toBeVisible();
  const start = page.getByRole('button', { name: 'Assessment starten' });
  await start.click();
  await expect(start).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Aufgaben' })).toBeVisible();
  await expect(page.getByText('Verbleibende Zeit')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Assessment abgeben' })).toBeVisible();
  await page.getByRole('tab', { name: 'Assessment', exact: true }).click();
  await expect(page.getByText(germanDay)).toBeVisible();
  await expectNoSidewaysScroll(page, 'the workspace');
  if (shots) await page.screenshot({ path: `${shots}/workspace-de-1280.png`, fullPage: true });

  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('tab', { name: 'Aufgaben' }).click();
  await expect(page.getByText('0 von 1 Aufgabe erledigt').first()).toBeVisible();
  await expectNoSidewaysScroll(page, 'the workspace');
  if (shots) await page.screenshot({ path: `${shots}/workspace-de-375.png`, fullPage: true });
  await page.goto('/candidate');
  await expect(page.getByRole('heading', { name: 'Assessment-Statistik' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'the dashboard');
  if (shots) await page.screenshot({ path: `${shots}/dashboard-de-375.png`, fullPage: true });

  await page.goto('/messages');
  await expect(page.getByRole('heading', { name: 'Nachrichten' }).first()).toBeVisible();
  await expectNoSidewaysScroll(page, 'the messages');
});
