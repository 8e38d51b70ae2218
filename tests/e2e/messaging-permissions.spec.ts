import { MESSAGING_TEXTS as T } from '../../src/domain/messaging';
import { adminAccount, expect, expectAccessible, test } from './support/fixtures';
import {
  h1,
  messageItem,
  messagingAccounts,
  pageAs,
  replyBox,
  sendMessage,
  signIn,
  startConversation,
  suffix,
} from './support/messaging';

// Who may write to whom and read what, in the form and on the server (messaging.spec.ts has the rest).

const { signedUp, assign } = messagingAccounts();

test('a candidate may only write to assigned recruiters, and the form says what is missing', async ({
  page,
  browser,
}) => {
  const tag = suffix();
  const lonely = await signedUp('candidate', `Lonely Lee ${tag}`);
  const assigned = await signedUp('recruiter', `Assigned Ash ${tag}`);
  const stranger = await signedUp('recruiter', `Unassigned Uma ${tag}`);
  const candidate = await signedUp('candidate', `Casey Cole ${tag}`);
  await assign(assigned, candidate, `Queue Service ${tag}`);

  // Nobody assigned yet: nothing to pick, and why.
  const lonelyPage = await pageAs(browser, lonely.account);
  await lonelyPage.goto('/messages/new');
  await expect(h1(lonelyPage)).toHaveText(T.newMessage);
  await expect(lonelyPage.getByText(T.noAssignedRecruiters)).toBeVisible();
  await expect(lonelyPage.getByText(T.noAssignedRecruitersHint)).toBeVisible();
  await expect(lonelyPage.getByRole('checkbox')).toHaveCount(0);
  await lonelyPage.context().close();

  // Only the assigned recruiter is offered.
  await signIn(page, candidate.account);
  await page.goto('/messages/new');
  await expect(h1(page)).toHaveText(T.newMessage);
  await expect(
    page.getByRole('checkbox', { name: `${assigned.account.name} — Recruiter` }),
  ).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(1);
  await expect(page.getByText(stranger.account.name)).toHaveCount(0);
  await expect(page.getByText(assigned.account.email)).toBeVisible();
  await expectAccessible(page);

  // The server holds the same line.
  const refused = await candidate.api.post('/api/conversations', {
    data: { recipientIds: [stranger.id], subject: 'Hi', message: 'Hello' },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.text()).toContain(T.candidatesOnlyAssigned);

  // Send stays disabled until the form is complete; each field says what is missing once
  // the user leaves it. Nothing is sent.
  const send = page.getByRole('button', { name: T.sendMessage });
  await expect(send).toBeDisabled();
  const subject = page.getByRole('textbox', { name: 'Subject' });
  const message = page.getByRole('textbox', { name: 'Message' });
  const recruiterBox = page.getByRole('checkbox', { name: `${assigned.account.name} — Recruiter` });
  await subject.fill('   ');
  await subject.blur();
  await expect(page.getByText(T.enterSubject)).toBeVisible();
  await message.fill('   ');
  await message.blur();
  await expect(page.getByText(T.enterMessage)).toBeVisible();
  await recruiterBox.check();
  await recruiterBox.uncheck();
  await expect(page.getByText(T.selectRecipient)).toBeVisible();
  await recruiterBox.check();
  await expect(page.getByText(T.selectRecipient)).toHaveCount(0);
  await subject.fill('A question');
  await expect(send).toBeDisabled();
  await message.fill('Hello');
  await expect(send).toBeEnabled();
  await expect(page).toHaveURL('/messages/new');
  const inboxRes = await candidate.api.get('/api/conversations');
  expect(((await inboxRes.json()) as { items: unknown[] }).items).toHaveLength(0);
});

test('another candidate cannot read a conversation; an admin reads it without a reply box', async ({
  page,
  browser,
}) => {
  const tag = suffix();
  const recruiter = await signedUp('recruiter', `Riley Reed ${tag}`);
  const candidate = await signedUp('candidate', `Casey Cole ${tag}`);
  const stranger = await signedUp('candidate', `Olive Other ${tag}`);
  const subject = `Private ${tag}`;
  const id = await startConversation(recruiter, [candidate], subject, 'Only for the two of us.');
  await sendMessage(candidate, id, 'Understood, thanks!');

  await signIn(page, stranger.account);
  await page.goto(`/messages/conversation/${id}`);
  await expect(h1(page)).toHaveText(T.conversationNotFound);
  await expect(page.getByText('Only for the two of us.')).toHaveCount(0);
  await expect(page.getByText(subject)).toHaveCount(0);
  const back = page.getByRole('link', { name: T.backToMessages });
  await expect(back).toHaveCount(1);
  await back.click();
  await expect(page).toHaveURL('/messages');
  await expect(h1(page)).toHaveText(T.messages);
  for (const path of [`/api/conversations/${id}`, `/api/conversations/${id}/messages`]) {
    expect((await stranger.api.get(path)).status(), path).toBe(404);
  }

  const adminPage = await pageAs(browser, adminAccount);
  await adminPage.goto(`/messages/conversation/${id}`);
  await expect(h1(adminPage)).toHaveText(subject);
  await expect(messageItem(adminPage, 'Only for the two of us.')).toContainText(
    recruiter.account.name,
  );
  await expect(messageItem(adminPage, 'Understood, thanks!')).toContainText(candidate.account.name);
  await expect(
    adminPage.getByText('You are viewing this conversation as an admin.', { exact: false }),
  ).toBeVisible();
  await expect(replyBox(adminPage)).toHaveCount(0);
  await expect(adminPage.getByRole('button', { name: T.send, exact: true })).toHaveCount(0);
  await adminPage.context().close();
});
