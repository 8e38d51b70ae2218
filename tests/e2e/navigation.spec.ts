import {
  adminAccount,
  expect,
  expectAccessible,
  logIn,
  newAccount,
  signUpViaApi,
  test,
} from './support/fixtures';

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the menu button toggles the links', async ({ page, request }) => {
    const account = newAccount('recruiter');
    await signUpViaApi(request, account);
    await logIn(page, account);
    await expect(page).toHaveURL('/recruiter');
    const toggle = page.getByRole('button', { name: 'Toggle navigation' });
    await expect(toggle).toBeVisible();
    const mobileNav = page.getByRole('navigation', { name: 'Main (mobile)' });
    await expect(mobileNav.getByRole('link', { name: 'Post Job' })).toBeHidden();
    await toggle.click();
    await expect(mobileNav.getByRole('link', { name: 'Post Job' })).toBeVisible();
    for (const link of ['Dashboard', 'Find Candidates', 'My Listings', 'Messages']) {
      await expect(mobileNav.getByRole('link', { name: link })).toBeVisible();
    }
    await mobileNav.getByRole('link', { name: 'Find Candidates' }).click();
    await expect(page).toHaveURL('/recruiter/candidates');
    await toggle.click();
    await expect(mobileNav.getByRole('link', { name: 'Post Job' })).toBeVisible();
    await toggle.click();
    await expect(mobileNav.getByRole('link', { name: 'Post Job' })).toBeHidden();
  });
});

test.describe('accessibility (axe: no serious or critical violation)', () => {
  for (const path of [
    '/login',
    '/signup',
    '/reset-password',
    '/reset-password/new?token=abc',
    '/unauthorized',
  ]) {
    test(`signed out: ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('h1')).toBeVisible();
      await expectAccessible(page);
    });
  }

  // One test per role: the two workers share them, and each scan has its own time.
  for (const [role, dashboard] of [
    ['candidate', '/candidate'],
    ['recruiter', '/recruiter'],
    ['admin', '/admin'],
  ] as const) {
    test(`signed in: the ${role}'s dashboard and profile`, async ({ page, request }) => {
      const account = role === 'admin' ? adminAccount : newAccount(role);
      if (role !== 'admin') await signUpViaApi(request, account);
      await logIn(page, account);
      await expect(page).toHaveURL(dashboard);
      await expect(page.locator('h1')).toBeVisible();
      await expectAccessible(page);
      await page.goto('/profile');
      await expect(page.getByRole('heading', { name: 'Your Profile' })).toBeVisible();
      await expect(page.getByLabel('Full Name')).not.toHaveValue('');
      await expectAccessible(page);
    });
  }
});
