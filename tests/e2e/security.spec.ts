import type { Page } from '@playwright/test';
import { totpCodes } from '../fixtures/totp';
import {
  adminAccount,
  attemptLogIn,
  expect,
  expectAccessible,
  followVerificationMail,
  logIn,
  newAccount,
  signUpViaApi,
  test,
} from './support/fixtures';
import { type OwnServer, startOwnServer } from './support/own-server';

// Two-factor sign-in and the idle sign-out are about the browser's session: each journey
// starts from a browser context of its own (shared-page.ts).
test.use({ freshContext: true });

/** The codes an authenticator app shows for the key on the enrolment screen (each used once). */
async function codeFromScreen(page: Page): Promise<() => string> {
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).not.toBe('');
  return totpCodes(`otpauth://totp/TalentForge?secret=${secret}`);
}

/** Profile: password, QR code and backup codes, then a code from the "app". */
async function enrolFromProfile(page: Page, password: string) {
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await section.getByLabel('Your password').fill(password);
  await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(
    section.getByRole('img', { name: 'QR code for your authenticator app' }),
  ).toBeVisible();
  await expect(section.getByTestId('backup-codes').getByRole('listitem')).toHaveCount(10);
  const code = await codeFromScreen(page);
  await section.getByLabel('3. Enter the 6-digit code from the app').fill(code());
  await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(section.getByText('Two-factor sign-in is on.')).toBeVisible();
  return code;
}

test('a candidate turns on two-factor sign-in and then signs in with a code', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const account = newAccount('candidate', 'Tess Totp');
  await signUpViaApi(request, account);
  await logIn(page, account);
  const code = await enrolFromProfile(page, account.password);
  await expectAccessible(page);

  await page.getByRole('button', { name: `Account menu for ${account.name}` }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/login');

  await attemptLogIn(page, account);
  await expect(page).toHaveURL('/login/two-factor');
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Code from your authenticator app').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid');
  await page.getByLabel('Code from your authenticator app').fill(code());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/candidate');
});

test('the challenge screen and the Security tab at 375 px (axe)', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/login/two-factor');
  await expect(page.getByRole('button', { name: 'Verify' })).toBeVisible();
  await expectAccessible(page);
  await logIn(page, adminAccount);
  await page.goto('/admin?tab=security');
  await expect(page.getByLabel('Session timeout')).toHaveValue('30');
  await expect(page.getByRole('link', { name: 'Manage Users' }).last()).toHaveAttribute(
    'href',
    '/admin/users',
  );
  // On a phone each role is a heading over its list (no table squeezing "Administrator").
  await expect(page.getByRole('heading', { level: 3, name: 'Administrator' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Administrator' })).toBeHidden();
  await expect(
    page.getByText('Edit their own profile and two-factor sign-in').filter({ visible: true }),
  ).toHaveCount(1);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    'the Security tab scrolls sideways',
  ).toBeLessThanOrEqual(0);
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByRole('rowheader', { name: 'Administrator' })).toBeVisible();
});

test.describe('on a server of their own', () => {
  test.describe.configure({ mode: 'serial' });
  let server: OwnServer;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // Tests only: a 24-second idle timeout instead of the admin's minutes (see README).
    server = await startOwnServer('security', { SESSION_IDLE_TIMEOUT_SECONDS: '24' });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('an idle user is warned, may stay, and is then signed out', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(`${server.baseUrl}/login`);
    await page.getByLabel('Email').fill(server.admin.email);
    await page.getByLabel('Password', { exact: true }).fill(server.admin.password);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page).toHaveURL(`${server.baseUrl}/admin`);

    const warning = page.getByRole('dialog', { name: 'Are you still there?' });
    await expect(warning).toBeVisible({ timeout: 25_000 });
    await expect(warning).toContainText('You will be signed out in');
    await expectAccessible(page);
    await warning.getByRole('button', { name: 'Stay signed in', exact: true }).click();
    await expect(warning).toBeHidden();

    // No input now: warned again, then signed out with the reason.
    await expect(warning).toBeVisible({ timeout: 25_000 });
    await expect(page).toHaveURL(`${server.baseUrl}/login?reason=idle`, { timeout: 15_000 });
    await expect(
      page.getByText('You were signed out because you were inactive for too long.'),
    ).toBeVisible();
    // The server agrees: the session is gone.
    const res = await page.request.get(`${server.baseUrl}/api/profile`);
    expect(res.status()).toBe(401);
  });

  test('Require two-factor sends a user without it to enrolment, then lets them in', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const candidate = newAccount('candidate', 'Nia Need');
    const signUp = await request.post(`${server.baseUrl}/api/auth/sign-up/email`, {
      data: {
        name: candidate.name,
        email: candidate.email,
        password: candidate.password,
        accountType: 'candidate',
      },
    });
    expect(signUp.status()).toBe(200);
    await followVerificationMail(request, candidate.email);

    await page.goto(`${server.baseUrl}/login`);
    await page.getByLabel('Email').fill(server.admin.email);
    await page.getByLabel('Password', { exact: true }).fill(server.admin.password);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page).toHaveURL(`${server.baseUrl}/admin`);
    await page.goto(`${server.baseUrl}/admin?tab=security`);
    await page.getByLabel('Require two-factor sign-in').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Security settings saved.')).toBeVisible();
    await page.context().clearCookies();

    await page.goto(`${server.baseUrl}/login`);
    await page.getByLabel('Email').fill(candidate.email);
    await page.getByLabel('Password', { exact: true }).fill(candidate.password);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page).toHaveURL(`${server.baseUrl}/two-factor/setup`);
    const refused = await page.request.get(`${server.baseUrl}/api/profile`);
    expect(refused.status()).toBe(403);
    await expectAccessible(page);

    await page.getByLabel('Your password').fill(candidate.password);
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const code = await codeFromScreen(page);
    await page.getByLabel('3. Enter the 6-digit code from the app').fill(code());
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await expect(page).toHaveURL(`${server.baseUrl}/candidate`);
    expect((await page.request.get(`${server.baseUrl}/api/profile`)).status()).toBe(200);
  });
});
