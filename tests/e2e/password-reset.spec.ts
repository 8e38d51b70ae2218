import {
  attemptLogIn,
  expect,
  logIn,
  mailText,
  newAccount,
  signUpViaApi,
  test,
  waitForMail,
} from './support/fixtures';

test('a forgotten password is reset from the e-mailed link', async ({ page, request }) => {
  const account = newAccount('recruiter');
  await signUpViaApi(request, account);

  await page.goto('/login');
  await page.getByRole('link', { name: /forgot password/i }).click();
  await expect(page).toHaveURL('/reset-password');
  // The log-in form (with its own Email field) stays up until the new screen has loaded.
  await expect(page.getByRole('heading', { name: 'Reset Password', level: 1 })).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Check your email for password reset instructions')).toBeVisible();

  const mail = await waitForMail(account.email);
  const link = mailText(mail).match(/http:\/\/localhost:\d+\/api\/auth\/reset-password\/\S+/)?.[0];
  expect(link, 'the mail holds the reset link').toBeTruthy();
  await page.goto(link!);
  await expect(page).toHaveURL(/\/reset-password\/new\?token=/);
  await page.getByLabel('New Password', { exact: true }).fill('fresh-password');
  await page.getByLabel('Confirm New Password').fill('fresh-password');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Your password has been changed.', { exact: false })).toBeVisible();

  await attemptLogIn(page, { email: account.email, password: account.password });
  await expect(page.getByText('Failed to sign in: Invalid email or password')).toBeVisible();
  await logIn(page, { email: account.email, password: 'fresh-password' });
  await expect(page).toHaveURL('/recruiter');
});

test('an unknown reset link says so', async ({ page }) => {
  await page.goto('/reset-password/new?error=INVALID_TOKEN');
  await expect(page.getByText(/invalid|expired/i).first()).toBeVisible();
});
