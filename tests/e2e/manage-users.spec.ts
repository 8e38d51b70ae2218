import { USER_ADMIN_TEXTS } from '../../src/domain/users';
import {
  adminAccount,
  attemptLogIn,
  expect,
  expectAccessible,
  logIn,
  newAccount,
  signUpViaApi,
  test,
  uniqueEmail,
} from './support/fixtures';

const tagged = (role: 'candidate' | 'recruiter', prefix: string) => {
  const tag = Math.random().toString(36).slice(2, 8);
  return {
    ...newAccount(role, `${prefix} ${tag}`),
    email: uniqueEmail(`${prefix.toLowerCase()}-${tag}`),
  };
};

/** Manage Users filtered down to one account, by its unique e-mail. */
async function findUser(page: import('@playwright/test').Page, email: string) {
  await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  await expect(page.getByRole('status').filter({ hasText: '1 user' })).toBeVisible();
}

test('an admin deactivates a user, who then cannot sign in and is told why', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const target = tagged('candidate', 'Dora');
  await signUpViaApi(request, target);

  // The user is signed in elsewhere when it happens.
  const userPage = await (await browser.newContext()).newPage();
  await logIn(userPage, target);
  await expect(userPage).toHaveURL(/\/candidate$/);

  await logIn(page, adminAccount);
  await page.getByRole('link', { name: 'Manage Users' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Users' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(target.email);
  await expect(page.getByRole('status').filter({ hasText: '1 user' })).toBeVisible();
  await page.getByRole('button', { name: `Actions for ${target.name}` }).click();
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deactivate User' });
  await dialog.getByRole('button', { name: 'Deactivate' }).click();
  await expect(dialog.getByText(USER_ADMIN_TEXTS.giveReason)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Fake profile');
  await dialog.getByRole('button', { name: 'Deactivate' }).click();
  await expect(dialog).toBeHidden();
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByText('Deactivated', { exact: true })).toBeVisible();
  await expect(table.getByText('Fake profile')).toBeVisible();

  // Their open session has ended: the next screen sends them to log in.
  await userPage.goto('/profile');
  await expect(userPage).toHaveURL(/\/login/);
  await attemptLogIn(userPage, target);
  await expect(
    userPage.getByText(`Failed to sign in: ${USER_ADMIN_TEXTS.deactivatedSignIn}`),
  ).toBeVisible();
  await expect(userPage).toHaveURL(/\/login/);

  // Reactivated, they sign in again.
  await page.getByRole('button', { name: `Actions for ${target.name}` }).click();
  await page.getByRole('menuitem', { name: 'Reactivate' }).click();
  await page
    .getByRole('dialog', { name: 'Reactivate User' })
    .getByRole('button', { name: 'Reactivate' })
    .click();
  await expect(table.getByText('Active', { exact: true })).toBeVisible();
  await logIn(userPage, target);
  await expect(userPage).toHaveURL(/\/candidate$/);
  await userPage.context().close();
});

test('an admin changes a role, and the user gets the new dashboard', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const target = tagged('candidate', 'Remy');
  await signUpViaApi(request, target);
  await logIn(page, adminAccount);
  await findUser(page, target.email);
  await page.getByRole('button', { name: `Actions for ${target.name}` }).click();
  await page.getByRole('menuitem', { name: 'Change Role' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Role' });
  await dialog.getByText('Recruiter', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Save Role' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${target.name} is now Recruiter.`)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Users' })).toContainText('Recruiter');

  const userPage = await (await browser.newContext()).newPage();
  await logIn(userPage, target);
  await expect(userPage).toHaveURL(/\/recruiter$/);
  await userPage.context().close();
});

test('the last admin cannot demote themselves: the screen says why', async ({ page }) => {
  await logIn(page, adminAccount);
  await findUser(page, adminAccount.email);
  await page.getByRole('button', { name: `Actions for ${adminAccount.name}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Deactivate' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Change Role' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Role' });
  await dialog.getByText('Candidate', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Save Role' }).click();
  // The e2e admin is the only one (admins are made from the command line only).
  await expect(dialog.getByText(USER_ADMIN_TEXTS.lastAdmin)).toBeVisible();
  await expect(dialog).toBeVisible();
});

test('recruiters are sent away from Manage Users', async ({ page, request }) => {
  const recruiter = tagged('recruiter', 'Rufus');
  await signUpViaApi(request, recruiter);
  await logIn(page, recruiter);
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/unauthorized$/);
});

test.describe('accessibility and small screens (axe)', () => {
  test('Manage Users and its dialogs at 1280 px and 375 px', async ({ page, request }) => {
    test.setTimeout(90_000);
    const target = tagged('recruiter', 'Axa');
    await signUpViaApi(request, target);
    await logIn(page, adminAccount);
    await page.goto('/admin/users');
    await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
    await expectAccessible(page);
    await findUser(page, target.email);
    await page.getByRole('button', { name: `Actions for ${target.name}` }).click();
    await page.getByRole('menuitem', { name: 'Deactivate' }).click();
    await expect(page.getByRole('dialog', { name: 'Deactivate User' })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/admin/users');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await findUser(page, target.email);
    await page.getByRole('button', { name: `Actions for ${target.name}` }).click();
    await page.getByRole('menuitem', { name: 'Change Role' }).click();
    await expect(page.getByRole('dialog', { name: 'Change Role' })).toBeVisible();
    await expectAccessible(page);
  });
});
