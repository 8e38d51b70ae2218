import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { DATA_RIGHTS_TEXTS } from '../../src/domain/data-rights-texts';
import { INTEGRATION_TEXTS } from '../../src/domain/integrations';
import {
  type Account,
  adminAccount,
  apiClients,
  attemptLogIn,
  expect,
  expectAccessible,
  logIn,
  mailsTo,
  test,
  uniqueEmail,
} from './support/fixtures';

const apiAs = apiClients();

const tag = () => Math.random().toString(36).slice(2, 8);

async function checkNarrow(page: Page) {
  await page.setViewportSize({ width: 375, height: 740 });
  await expectAccessible(page);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a candidate downloads their data, erases their account, and the recruiter keeps an anonymised record', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const t = tag();
  const candidate: Account = {
    name: `Erin Eraser ${t}`,
    email: uniqueEmail(`erin-${t}`),
    password: 'secret-password',
    role: 'candidate',
  };
  const recruiter: Account = {
    name: `Rita Keeper ${t}`,
    email: uniqueEmail(`rita-${t}`),
    password: 'secret-password',
    role: 'recruiter',
  };
  const cand = await apiAs(candidate, 'sign-up');
  const rec = await apiAs(recruiter, 'sign-up');
  const admin = await apiAs(adminAccount, 'sign-in');
  const template = await admin.api.post('/api/templates', {
    data: {
      title: `Data rights ${t}`,
      roleName: 'Full Stack Developer',
      description: '',
      active: true,
      authorizedRecruiters: [],
      tasks: [{ title: 'Implement', description: '', type: 'code' }],
    },
  });
  expect(template.status(), await template.text()).toBe(201);
  const assigned = await rec.api.post('/api/assessments', {
    data: {
      templateId: (await template.json()).id,
      candidateId: cand.id,
      dueDate: '2030-11-28',
      message: 'Good luck!',
    },
  });
  expect(assigned.status(), await assigned.text()).toBe(201);
  const assessmentId = ((await assigned.json()) as { id: string }).id;
  const conv = await cand.api.post('/api/conversations', {
    data: { recipientIds: [rec.id], subject: `Question ${t}`, message: `Hello from Erin ${t}` },
  });
  expect(conv.status(), await conv.text()).toBe(201);
  const conversationId = ((await conv.json()) as { id: string }).id;
  await rec.api.post(`/api/conversations/${conversationId}/messages`, {
    data: { clientId: randomUUID(), content: 'Thanks, noted' },
  });

  // The candidate downloads everything from their profile.
  await logIn(page, candidate);
  await page.goto('/profile');
  const section = page.getByRole('region', { name: DATA_RIGHTS_TEXTS.yourData });
  await expect(section).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: DATA_RIGHTS_TEXTS.download }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^talentforge-data-erin-eraser-.*\.zip$/);
  const zip = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  const data = JSON.parse(strFromU8(zip['data.json']!));
  expect(data.account).toMatchObject({ email: candidate.email, name: candidate.name });
  expect(data.profile).toBeTruthy();
  expect(data.assessments[0]).toMatchObject({ id: assessmentId, recruiterName: recruiter.name });
  expect(data.conversations[0].messages[0]).toMatchObject({ from: 'you' });
  expect(strFromU8(zip['data.json']!)).not.toContain(recruiter.email);
  await expect(section.getByText(/^Downloaded talentforge-data-/)).toBeVisible();
  await expectAccessible(page);

  // Erasing asks for the password, refuses a wrong one, then erases.
  await section.getByRole('button', { name: DATA_RIGHTS_TEXTS.eraseTitle }).click();
  const dialog = page.getByRole('dialog', { name: DATA_RIGHTS_TEXTS.eraseTitle });
  await expect(dialog.getByText(DATA_RIGHTS_TEXTS.eraseKept)).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel(DATA_RIGHTS_TEXTS.eraseConfirmPassword).fill('not-my-password');
  await dialog.getByRole('button', { name: DATA_RIGHTS_TEXTS.eraseButton }).click();
  await expect(dialog.getByText(DATA_RIGHTS_TEXTS.wrongPassword)).toBeVisible();
  await dialog.getByLabel(DATA_RIGHTS_TEXTS.eraseConfirmPassword).fill(candidate.password);
  await dialog.getByRole('button', { name: DATA_RIGHTS_TEXTS.eraseButton }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText(DATA_RIGHTS_TEXTS.erased)).toBeVisible();

  // They cannot sign in any more.
  await attemptLogIn(page, candidate);
  await expect(page.getByText(/Invalid email or password/i)).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  // The recruiter still has the assessment, anonymised, and the messages from 'Unknown User'.
  const recPage = await (await browser.newContext()).newPage();
  await logIn(recPage, recruiter);
  await recPage.goto(`/recruiter/results?assessment=${assessmentId}`);
  await expect(recPage.getByTestId('erased-candidate')).toContainText(
    DATA_RIGHTS_TEXTS.erasedCandidate,
  );
  await expect(recPage.getByText(candidate.email)).toHaveCount(0);
  await expect(recPage.getByText(candidate.name)).toHaveCount(0);
  await recPage.goto(`/messages/conversation/${conversationId}`);
  await expect(recPage.getByText(`Hello from Erin ${t}`)).toBeVisible();
  await expect(recPage.getByText('Unknown User').first()).toBeVisible();
  await expect(recPage.getByText(candidate.name)).toHaveCount(0);
  await recPage.context().close();
});

test('an admin erases an account on request from Data Management and sees it listed', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const t = tag();
  const target: Account = {
    name: `Asked Erasure ${t}`,
    email: uniqueEmail(`asked-${t}`),
    password: 'secret-password',
    role: 'candidate',
  };
  const { id } = await apiAs(target, 'sign-up');
  await logIn(page, adminAccount);
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Data Management' })
    .click();
  await expect(page).toHaveURL('/admin/data');
  await expect(page.getByRole('heading', { level: 1, name: 'Data Management' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Find a user' }).fill(target.email);
  await page.getByRole('button', { name: `Erase account of ${target.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Erase account on request' });
  await dialog.getByRole('button', { name: 'Erase account permanently' }).click();
  await expect(dialog.getByText(DATA_RIGHTS_TEXTS.giveReason)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill(`Letter ${t}`);
  await dialog.getByRole('button', { name: 'Erase account permanently' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${target.name}'s account was erased.`)).toBeVisible();
  const past = page.getByRole('region', { name: 'Past erasures' });
  await expect(past.getByRole('row').filter({ hasText: `Letter ${t}` })).toContainText(id);
  await expectAccessible(page);
  await checkNarrow(page);
});

test('an admin opens Integrations and sends a test e-mail that arrives', async ({ page }) => {
  await logIn(page, adminAccount);
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Integrations' })
    .click();
  await expect(page).toHaveURL('/admin/integrations');
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  const mail = page.getByTestId('integration-mail');
  // The journeys' server delivers through a local SMTP server.
  await expect(mail.getByText('SMTP', { exact: true })).toBeVisible();
  await expect(page.getByTestId('integration-google')).toContainText('Configured');
  await expect(page.getByTestId('integration-database')).toContainText(/Embedded|PostgreSQL/);
  await expect(page.getByTestId('integration-sandbox')).toContainText(/Available|Unavailable/);
  await mail.getByRole('button', { name: INTEGRATION_TEXTS.sendTestMail }).click();
  await expect(mail.getByText(`Test e-mail queued to ${adminAccount.email}`)).toBeVisible();
  // The mail really left through SMTP (other journeys mail the admin too: look for this one).
  await expect
    .poll(
      async () =>
        (await mailsTo(adminAccount.email)).some((m) =>
          m.raw.includes(INTEGRATION_TEXTS.testMailSubject),
        ),
      { timeout: 15_000 },
    )
    .toBe(true);
  await expectAccessible(page);
  await checkNarrow(page);
});

test('non-admins cannot open the admin data and integration pages', async ({ page }) => {
  const t = tag();
  const account: Account = {
    name: `Curious ${t}`,
    email: uniqueEmail(`curious-${t}`),
    password: 'secret-password',
    role: 'candidate',
  };
  await apiAs(account, 'sign-up');
  await logIn(page, account);
  for (const path of ['/admin/data', '/admin/integrations']) {
    await page.goto(path);
    await expect(page).toHaveURL('/unauthorized');
  }
  const res = await page.request.get('/api/admin/integrations');
  expect(res.status()).toBe(403);
});
