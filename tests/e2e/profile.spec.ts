import { PNG_1PX } from '../fixtures/images';
import { expect, logIn, newAccount, signUpViaApi, test } from './support/fixtures';

test('a candidate edits the profile and uploads a photo that survives a reload', async ({
  page,
  request,
}) => {
  const account = newAccount('candidate', 'Pia Profile');
  await signUpViaApi(request, account);
  await logIn(page, account);
  await expect(page).toHaveURL('/candidate');
  await page.getByRole('button', { name: `Account menu for ${account.name}` }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL('/profile');
  await expect(page.getByRole('heading', { name: 'Your Profile' })).toBeVisible();

  await expect(page.getByLabel('Email')).toBeDisabled();
  await expect(page.getByText('Email cannot be changed')).toBeVisible();
  await page.getByLabel('Full Name').fill('Pia P. Profile');
  await page.getByLabel('Title').fill('Frontend Developer');
  await page.getByLabel('Skills').fill('React, CSS');
  await page.getByLabel('Experience').selectOption('3-5');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully!').first()).toBeVisible();

  await page
    .getByLabel('Profile picture')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1PX });
  await expect(page.getByText('Profile picture updated.').first()).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Full Name')).toHaveValue('Pia P. Profile');
  await expect(page.getByLabel('Title')).toHaveValue('Frontend Developer');
  await expect(page.getByLabel('Experience')).toHaveValue('3-5');
  const navAvatar = page
    .getByRole('button', { name: 'Account menu for Pia P. Profile' })
    .locator('img');
  await expect(navAvatar).toHaveAttribute('src', /\/api\/files\/profile-images\//);
  const loaded = await navAvatar.evaluate(
    (img: HTMLImageElement) => img.complete && img.naturalWidth > 0,
  );
  expect(loaded).toBe(true);
});

test('a file that only claims to be an image is refused by the server', async ({
  page,
  request,
}) => {
  const account = newAccount('recruiter');
  await signUpViaApi(request, account);
  await logIn(page, account);
  await page.goto('/profile');
  await page.getByLabel('Profile picture').setInputFiles({
    name: 'photo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<html>not an image</html>'),
  });
  await expect(page.getByText('Only PNG, JPEG, WebP or GIF images can be uploaded')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('button', { name: `Account menu for ${account.name}` }).locator('img'),
  ).toHaveCount(0);
});

test('a recruiter must name the company', async ({ page, request }) => {
  const account = newAccount('recruiter');
  await signUpViaApi(request, account);
  await logIn(page, account);
  await page.goto('/profile');
  await page.getByLabel('Company Name').fill('');
  await page.getByLabel('Website').fill('not a url');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Company Name is required')).toBeVisible();
  await expect(page.getByText('Website must be a valid URL')).toBeVisible();
  await page.getByLabel('Company Name').fill('Acme Hiring');
  await page.getByLabel('Website').fill('https://acme.example');
  await page.getByLabel('Industry').selectOption('Technology');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully!').first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Company Name')).toHaveValue('Acme Hiring');
});
