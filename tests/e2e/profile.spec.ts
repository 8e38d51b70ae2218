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

// A recruiter's form validation and the refusal of a file that only claims to be an image are
// checked on the components (src/web/features/profile/components/recruiter-profile-form.test.tsx)
// and the server (src/server/features/profile/profile.test.ts).
