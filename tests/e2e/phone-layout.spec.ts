import type { APIRequestContext, Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  logIn,
  newAccount,
  signUpViaApi,
  test,
} from './support/fixtures';
import { E2E } from './support/paths';

/**
 * Layout at 375 px that only a browser can measure: the workspace's sections keep to one row
 * in the languages with the longest labels, and the assessments filter's highlight lies on
 * the chosen segment.
 */

test.use({ viewport: { width: 375, height: 800 } });

async function candidateIn(page: Page, request: APIRequestContext, language: string) {
  const account = newAccount('candidate');
  await signUpViaApi(request, account);
  await logIn(page, account);
  const res = await page.request.put('/api/profile/language', {
    data: { language },
    headers: { Origin: E2E.baseUrl },
  });
  expect(res.status(), await res.text()).toBe(200);
}

const SECTIONS = {
  fr: { label: "Sections de l'espace de travail", last: 'Ticket et contexte' },
  es: { label: 'Secciones del espacio de trabajo', last: 'Ticket y contexto' },
} as const;

for (const [language, sections] of Object.entries(SECTIONS)) {
  test(`the workspace's sections keep to one row at 375 px (${language})`, async ({
    page,
    request,
  }) => {
    await candidateIn(page, request, language);
    await page.goto('/assessment');
    const list = page.getByRole('tablist', { name: sections.label });
    const tabs = list.getByRole('tab');
    await expect(tabs.first()).toBeVisible();
    const tops = await tabs.evaluateAll((all) => all.map((t) => t.getBoundingClientRect().top));
    expect(tops.length).toBeGreaterThanOrEqual(4);
    expect(new Set(tops).size).toBe(1);

    // The row scrolls: the last section, chosen, is brought into it and shows its panel.
    const last = list.getByRole('tab', { name: sections.last });
    await last.click();
    await expect(last).toHaveAttribute('aria-selected', 'true');
    const row = await list.boundingBox();
    const tab = await last.boundingBox();
    expect(tab!.x).toBeGreaterThanOrEqual(row!.x);
    expect(tab!.x + tab!.width).toBeLessThanOrEqual(row!.x + row!.width + 1);
    // No sideways scroll of the page itself.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    // A row that scrolls is reachable by keyboard (axe: scrollable-region-focusable).
    await expectAccessible(page);
  });
}

test("the assessments filter's highlight covers the chosen segment at 375 px (ja)", async ({
  page,
  request,
}) => {
  await candidateIn(page, request, 'ja');
  await page.goto('/assessments');
  const chosen = page.locator('label', { hasText: 'すべて' });
  await expect(chosen).toBeVisible();
  const highlight = page.locator('.mantine-SegmentedControl-indicator');
  await expect(highlight).toBeVisible();
  const label = (await chosen.boundingBox())!;
  const box = (await highlight.boundingBox())!;
  for (const [a, b] of [
    [box.x, label.x],
    [box.y, label.y],
    [box.x + box.width, label.x + label.width],
    [box.y + box.height, label.y + label.height],
  ] as const) {
    expect(Math.abs(a - b)).toBeLessThanOrEqual(1);
  }
});
