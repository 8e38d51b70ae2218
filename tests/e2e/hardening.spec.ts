import { randomUUID } from 'node:crypto';
import { request as playwrightRequest } from '@playwright/test';
import { apiClients, expect, expectAccessible, logIn, newAccount, test } from './support/fixtures';
import { E2E } from './support/paths';

/** An API client of its own (another device), signed up or signed in as the account. */
const device = apiClients();

test('changing the password on the profile signs the other devices out by default', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const account = newAccount('candidate', 'Pat Password');
  const other = await device(account, 'sign-up');
  await logIn(page, account);
  await page.goto('/profile');
  const form = page.getByRole('form', { name: 'Change Password' });
  await expect(form.getByRole('heading', { name: 'Change Password' })).toBeVisible();
  const signOutOthers = form.getByRole('checkbox', { name: 'Sign out of all other devices' });
  await expect(signOutOthers).toBeChecked();

  // A wrong current password is said at its field, and nothing changes.
  await form.getByLabel('Current Password').fill('not-my-password');
  await form.getByLabel('New Password', { exact: true }).fill('a-new-password');
  await form.getByLabel('Confirm New Password').fill('a-new-password');
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(form.getByText('Your current password is incorrect')).toBeVisible();
  expect((await other.api.get('/api/profile')).status()).toBe(200);

  // Mismatched confirmation is caught in the form.
  await form.getByLabel('Current Password').fill(account.password);
  await form.getByLabel('Confirm New Password').fill('something-else');
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(form.getByText('Passwords do not match')).toBeVisible();

  await form.getByLabel('Confirm New Password').fill('a-new-password');
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(
    form.getByText('Your password has been changed. Your other devices have been signed out.'),
  ).toBeVisible();
  await expect(form.getByLabel('Current Password')).toHaveValue('');
  await expectAccessible(page);

  // The other device is signed out; this one stays signed in.
  expect((await other.api.get('/api/profile')).status()).toBe(401);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your Profile' })).toBeVisible();
  await expect(page).toHaveURL('/profile');
  // The new password is the one that works.
  const fresh = await playwrightRequest.newContext({
    baseURL: E2E.baseUrl,
    extraHTTPHeaders: { Origin: E2E.baseUrl },
  });
  try {
    const old = await fresh.post('/api/auth/sign-in/email', {
      data: { email: account.email, password: account.password },
    });
    expect(old.status()).toBe(401);
    const now = await fresh.post('/api/auth/sign-in/email', {
      data: { email: account.email, password: 'a-new-password' },
    });
    expect(now.status()).toBe(200);
  } finally {
    await fresh.dispose();
  }
});

test('a flood of messages is refused, and the composer says so and keeps the text', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const tag = Math.random().toString(36).slice(2, 8);
  const recruiterAccount = newAccount('recruiter', `Flo Flood ${tag}`);
  const candidateAccount = newAccount('candidate', `Cal Calm ${tag}`);
  const recruiter = await device(recruiterAccount, 'sign-up');
  const candidate = await device(candidateAccount, 'sign-up');
  const created = await recruiter.api.post('/api/conversations', {
    data: { recipientIds: [candidate.id], subject: `Flood ${tag}`, message: 'Hello' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  // Send until the server refuses (the e2e server's limit is set in global-setup).
  let refused = false;
  for (let batch = 0; batch < 40 && !refused; batch++) {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        recruiter.api.post(`/api/conversations/${id}/messages`, {
          data: { clientId: randomUUID(), content: `flood ${batch}` },
        }),
      ),
    );
    refused = answers.some((a) => a.status() === 429);
  }
  expect(refused).toBe(true);

  await logIn(page, recruiterAccount);
  await page.goto(`/messages/conversation/${id}`);
  const box = page.getByRole('textbox', { name: 'Message', exact: true });
  await box.fill('Are you still there?');
  await box.press('Enter');
  await expect(
    page.getByText(
      /^Failed to send message: You are sending messages too quickly\. Please wait \d+ (seconds?|minutes?) and try again\.$/,
    ),
  ).toBeVisible();
  await expect(box).toHaveValue('Are you still there?');
  // The candidate is not held back by the recruiter's flood.
  const reply = await candidate.api.post(`/api/conversations/${id}/messages`, {
    data: { clientId: randomUUID(), content: 'Yes, here!' },
  });
  expect(reply.status()).toBe(201);
});
