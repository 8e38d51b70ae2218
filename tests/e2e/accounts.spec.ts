import {
  adminAccount,
  attemptLogIn,
  expect,
  expectAccessible,
  logIn,
  mailsTo,
  mailText,
  newAccount,
  setGoogleIdentity,
  signUpViaApi,
  test,
  uniqueEmail,
  verificationLink,
} from './support/fixtures';

test.describe('sign up', () => {
  for (const [label, role, path] of [
    ['Job Seeker', 'candidate', '/candidate'],
    ['Recruiter', 'recruiter', '/recruiter'],
  ] as const) {
    test(`a ${label} lands on the ${role} dashboard`, async ({ page }) => {
      const account = newAccount(role, `New ${label}`);
      await page.goto('/signup');
      await page.getByLabel('Full Name').fill(account.name);
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Password', { exact: true }).fill(account.password);
      await page.getByLabel('Confirm Password').fill(account.password);
      await page.getByLabel('Role').selectOption({ label });
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expect(
        page.getByRole('heading', { name: 'Check your e-mail to finish signing up' }),
      ).toBeVisible();
      await page.goto(await verificationLink(account.email));
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { name: `Welcome, ${account.name}` })).toBeVisible();
      await expect(
        page.getByRole('button', { name: `Account menu for ${account.name}` }),
      ).toContainText(role === 'candidate' ? 'Candidate' : 'Recruiter');
    });
  }

  test('shows the validation texts and creates nothing', async ({ page, request }) => {
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Full name is required')).toBeVisible();
    await expect(page.getByText('Email is required')).toBeVisible();

    const email = uniqueEmail('invalid');
    await page.getByLabel('Full Name').fill('Val Idation');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('12345');
    await page.getByLabel('Confirm Password').fill('12346');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await expect(page).toHaveURL('/signup');

    // Nothing was created: the address is still free.
    const res = await request.post('/api/auth/sign-in/email', {
      data: { email, password: '12345' },
    });
    expect(res.status()).toBe(401);
  });

  test('an address already in use gets the same answer, and its owner a mail', async ({
    page,
    request,
  }) => {
    const taken = newAccount('candidate');
    await signUpViaApi(request, taken);
    await page.goto('/signup');
    await page.getByLabel('Full Name').fill('Second Person');
    await page.getByLabel('Email').fill(taken.email);
    await page.getByLabel('Password', { exact: true }).fill('another-pass');
    await page.getByLabel('Confirm Password').fill('another-pass');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(
      page.getByRole('heading', { name: 'Check your e-mail to finish signing up' }),
    ).toBeVisible();
    await expect(page.getByText(`We sent a mail to ${taken.email}.`)).toBeVisible();
    await expectAccessible(page);
    await expect
      .poll(async () => (await mailsTo(taken.email)).map((m) => mailText(m)).join('\n'))
      .toContain('Someone just tried to create a TalentForge account with this e-mail address');
  });
});

test.describe('log in and out', () => {
  // Signing in and out is their subject: a browser context of their own (shared-page.ts).
  test.use({ freshContext: true });
  test('an unverified account is told so and can have the link sent again', async ({
    page,
    request,
  }) => {
    const account = newAccount('recruiter', 'Una Verified');
    const res = await request.post('/api/auth/sign-up/email', {
      data: {
        name: account.name,
        email: account.email,
        password: account.password,
        accountType: account.role,
      },
    });
    expect(res.status()).toBe(200);
    await verificationLink(account.email);
    await attemptLogIn(page, account);
    await expect(page.getByText(/^Your e-mail address is not verified yet\./)).toBeVisible();
    await page.getByRole('button', { name: 'Send the link again' }).click();
    await expect(page.getByText(`We sent a new link to ${account.email}.`)).toBeVisible();
    await expect.poll(async () => (await mailsTo(account.email)).length).toBe(2);
    await page.goto(await verificationLink(account.email));
    await expect(page).toHaveURL('/recruiter');
  });

  test('a wrong password shows the failure text', async ({ page, request }) => {
    const account = newAccount('candidate');
    await signUpViaApi(request, account);
    await attemptLogIn(page, { email: account.email, password: 'wrong-password' });
    await expect(page.getByText('Failed to sign in: Invalid email or password')).toBeVisible();
    await expect(page).toHaveURL('/login');
  });

  test('the admin made by create-admin reaches /admin, and logout goes to /login', async ({
    page,
  }) => {
    await logIn(page, adminAccount);
    await expect(page).toHaveURL('/admin');
    await expect(page.getByRole('heading', { name: 'System Settings', level: 1 })).toBeVisible();
    await expect(page.getByText(`Welcome, ${adminAccount.name}`)).toBeVisible();
    for (const link of ['Dashboard', 'Manage Users', 'Manage Jobs', 'Analytics', 'Messages']) {
      await expect(
        page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link }),
      ).toBeVisible();
    }
    await page.getByRole('button', { name: `Account menu for ${adminAccount.name}` }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');
    await page.goto('/admin');
    await expect(page).toHaveURL('/login');
  });
});

test.describe('routing by role', () => {
  test('signed out, guarded routes go to /login and / goes to /login', async ({ page }) => {
    for (const path of [
      '/',
      '/profile',
      '/candidate',
      '/recruiter',
      '/admin',
      '/assessments',
      '/messages',
    ]) {
      await page.goto(path);
      await expect(page, path).toHaveURL('/login');
    }
  });

  test('a candidate is kept out of recruiter and admin pages', async ({ page, request }) => {
    const account = newAccount('candidate');
    await signUpViaApi(request, account);
    await logIn(page, account);
    await expect(page).toHaveURL('/candidate');
    for (const path of ['/recruiter', '/admin', '/recruiter/post-job', '/admin/users']) {
      await page.goto(path);
      await expect(page, path).toHaveURL('/unauthorized');
      await expect(page.getByText("You don't have permission to view this page.")).toBeVisible();
    }
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(page).toHaveURL('/candidate');
    await page.goto('/');
    await expect(page).toHaveURL('/candidate');
    // The server refuses too: the admin plugin's user list is admin-only.
    const res = await page.request.get('/api/auth/admin/list-users');
    expect([401, 403]).toContain(res.status());
  });

  test('a recruiter is kept out of candidate and admin pages', async ({ page, request }) => {
    const account = newAccount('recruiter');
    await signUpViaApi(request, account);
    await logIn(page, account);
    await expect(page).toHaveURL('/recruiter');
    for (const path of ['/candidate', '/assessments', '/admin']) {
      await page.goto(path);
      await expect(page, path).toHaveURL('/unauthorized');
    }
  });
});

test.describe('Google sign-in', () => {
  test('a new Google user becomes a candidate, signed in', async ({ page }) => {
    const email = uniqueEmail('google');
    await setGoogleIdentity({ sub: email, email, name: 'Gigi Google' });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log in with Google' }).click();
    await expect(page).toHaveURL('/candidate');
    await expect(page.getByRole('heading', { name: 'Welcome, Gigi Google' })).toBeVisible();
  });
});
