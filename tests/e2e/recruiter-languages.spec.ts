import type { Page } from '@playwright/test';
import { adminAccount, apiClients, expect, logIn, newAccount, test } from './support/fixtures';

/** Issue 20: the recruiter's screens in German and Japanese fit at 1280 and 375 px. */
const session = apiClients();
const due = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
const SHOTS = process.env.E2E_SCREENSHOTS;

async function fits(page: Page, name: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
}

test('a German recruiter reviews, scores and assigns at 1280 and 375 px; Japanese fits too', async ({
  page,
}) => {
  const admin = await session(adminAccount, 'sign-in');
  const templateRes = await admin.api.post('/api/templates', {
    data: {
      title: `Zahlungsdienst ${Date.now().toString(36)}`,
      roleName: 'Backend',
      tasks: [
        { id: 't1', title: 'Fix the refund', description: '', type: 'code' },
        { id: 't2', title: 'Explain the design', description: '', type: 'text' },
      ],
    },
  });
  expect(templateRes.status(), await templateRes.text()).toBe(201);
  const template = (await templateRes.json()) as { id: string };
  const recruiter = newAccount('recruiter', 'Rieke Rekrutiererin');
  const rec = await session(recruiter, 'sign-up');
  expect((await rec.api.put('/api/profile/language', { data: { language: 'de' } })).status()).toBe(
    200,
  );
  const ids: string[] = [];
  for (const name of ['Konstantin Kandidat', 'Maximiliane Mustermann']) {
    const candidate = await session(newAccount('candidate', name), 'sign-up');
    const res = await rec.api.post('/api/assessments', {
      data: { templateId: template.id, candidateId: candidate.id, dueDate: due() },
    });
    expect(res.status(), await res.text()).toBe(201);
    ids.push(((await res.json()) as { id: string }).id);
    if (ids.length === 1) {
      await candidate.api.post(`/api/assessments/${ids[0]}/start`, { data: {} });
      const submitted = await candidate.api.post(`/api/assessments/${ids[0]}/submit`, { data: {} });
      expect(submitted.status()).toBe(200);
    }
  }

  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, recruiter);
  await expect(
    page.getByRole('heading', { name: 'Willkommen, Rieke Rekrutiererin' }),
  ).toBeVisible();
  await expect(page.getByText('Abschlussquote')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Assessment-Bibliothek' })).toBeVisible();
  await fits(page, 'de-1280-dashboard');

  await page.getByRole('tab', { name: 'Assessment zuweisen' }).click();
  await page.getByRole('button', { name: /^Kandidaten zuweisen: Zahlungsdienst/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Assessment zuweisen' });
  await expect(dialog.getByText('Vorlage:')).toBeVisible();
  await expect(dialog.getByText('(Backend, 2 Aufgaben)')).toBeVisible();
  await fits(page, 'de-1280-assign');
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();

  await page.goto(`/recruiter/results?assessment=${ids[0]}`);
  await expect(page.getByRole('heading', { name: 'Assessment-Details' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Auswertung' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Auswertung speichern' })).toBeVisible();
  await fits(page, 'de-1280-details');
  await page.getByLabel('Punktzahl').fill('87');
  await page.getByRole('button', { name: 'Auswertung speichern' }).click();
  await expect(page.getByText('Auswertung gespeichert', { exact: true })).toBeVisible();

  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/recruiter?tab=results');
  await expect(page.getByRole('button', { name: 'In Bearbeitung' })).toBeVisible();
  await fits(page, 'de-375-results');
  await page.goto('/recruiter');
  await expect(page.getByText('Abschlussquote')).toBeVisible();
  await fits(page, 'de-375-dashboard');
  await page.goto(`/recruiter/results?assessment=${ids[1]}`);
  await expect(page.getByRole('button', { name: 'Frist verlängern' })).toBeVisible();
  await fits(page, 'de-375-details');

  expect((await rec.api.put('/api/profile/language', { data: { language: 'ja' } })).status()).toBe(
    200,
  );
  await page.evaluate(() => localStorage.setItem('talentforge.language', 'ja'));
  await page.goto('/recruiter');
  await expect(
    page.getByRole('heading', { name: 'ようこそ、Rieke Rekrutiererinさん' }),
  ).toBeVisible();
  await expect(page.getByText('完了率')).toBeVisible();
  await fits(page, 'ja-375-dashboard');
});
