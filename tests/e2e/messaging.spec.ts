import { MESSAGING_TEXTS as T } from '../../src/domain/messaging';
import { expect, expectAccessible, mailsTo, mailText, test, waitForMail } from './support/fixtures';
import {
  bell,
  conversationIdOf,
  h1,
  inbox,
  inboxRow,
  messageBox,
  messageItem,
  messagingAccounts,
  pageAs,
  recipientSearch,
  replyBox,
  sendMessage,
  signIn,
  startConversation,
  suffix,
  unreadBadge,
  userOptions,
} from './support/messaging';
import { E2E } from './support/paths';

// Conversations: the inbox, live updates, the bell, e-mail, addresses and the accessibility scan.
// Who may write to and read whom: messaging-permissions.spec.ts; on a phone: messaging-mobile.spec.ts.

const { signedUp, assign } = messagingAccounts();

test.describe('with e-mail notifications', () => {
  test('a long conversation opens at the newest message and loads older ones on scrolling up', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const tag = suffix();
    const recruiter = await signedUp('recruiter', `Riley Reed ${tag}`);
    const candidate = await signedUp('candidate', `Casey Cole ${tag}`);
    const subject = `Long thread ${tag}`;
    const id = await startConversation(recruiter, [candidate], subject, 'message 1');
    // Ten at a time: their order within a batch does not matter, the last one is sent alone.
    for (let start = 2; start < 120; start += 10) {
      const batch = [];
      for (let n = start; n < Math.min(start + 10, 120); n++) {
        batch.push(sendMessage(recruiter, id, `message ${n}`));
      }
      await Promise.all(batch);
    }
    await sendMessage(recruiter, id, 'message 120');

    await signIn(page, recruiter.account);
    await page.goto(`/messages/conversation/${id}`);
    await expect(h1(page)).toHaveText(subject);
    const box = messageBox(page);
    const newest = box.getByText('message 120', { exact: true });
    const oldest = box.getByText('message 1', { exact: true });
    await expect(newest).toBeInViewport();
    // Scrolled to the very end, the newest message at the bottom.
    await expect
      .poll(() => box.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight))
      .toBeLessThanOrEqual(1);
    await expect(oldest).toHaveCount(0);
    await expect(box.getByText('This is the start of the conversation')).toHaveCount(0);

    // Each scroll to the top brings the page before; the position stays, so scroll again.
    await expect(async () => {
      await box.evaluate((el) => {
        el.scrollTop = 0;
      });
      await expect(oldest).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(box.getByText('This is the start of the conversation')).toBeVisible();
    await expect(newest).toHaveCount(1);
    // Every message once.
    await expect(box.getByText(/^message \d+$/)).toHaveCount(120);

    // The first message is e-mailed at once; the 119 after it wait for one digest mail
    // five minutes later (docs/decisions/006), so the candidate has one mail now.
    await expect
      .poll(async () => (await mailsTo(candidate.account.email)).length, { timeout: 30_000 })
      .toBe(1);
  });

  test('a candidate messages their recruiter from the workspace: both sides update live, the e-mail links back', async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    const tag = suffix();
    const title = `Password Rules ${tag}`;
    const subject = `Re: ${title}`;
    const recruiter = await signedUp('recruiter', `Riley Reed ${tag}`);
    const candidate = await signedUp('candidate', `Casey Cole ${tag}`);
    const assessment = await assign(recruiter, candidate, title);
    const [recruiterPage, candidatePage] = await Promise.all([
      pageAs(browser, recruiter.account),
      pageAs(browser, candidate.account),
    ]);

    // The recruiter's inbox is open (and empty) before anything is sent.
    await recruiterPage.goto('/messages');
    await expect(h1(recruiterPage)).toHaveText(T.messages);
    await expect(inbox(recruiterPage).getByText(T.noConversationsYet)).toBeVisible();
    await expect(unreadBadge(recruiterPage)).toHaveCount(0);
    await expect(bell(recruiterPage)).toHaveAccessibleName('Notifications');

    // The candidate writes from the workspace of their assessment.
    await candidatePage.goto(`/assessment/${assessment.id}`);
    await expect(candidatePage.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await candidatePage.getByRole('link', { name: 'Message Recruiter' }).click();
    await expect(candidatePage).toHaveURL(/\/messages\/new\?/);
    await expect(h1(candidatePage)).toHaveText(T.newMessage);
    await expect(
      candidatePage.getByRole('checkbox', { name: `${recruiter.account.name} — Recruiter` }),
    ).toBeChecked();
    await expect(candidatePage.getByRole('textbox', { name: 'Subject' })).toHaveValue(subject);
    const question = `Hello Riley, may I use a library for the hashing part? (${tag})`;
    await candidatePage.getByRole('textbox', { name: 'Message' }).fill(question);
    await candidatePage.getByRole('button', { name: T.sendMessage }).click();

    await candidatePage.waitForURL(/\/messages\/conversation\//);
    const conversationId = conversationIdOf(candidatePage);
    await expect(h1(candidatePage)).toHaveText(subject);
    await expect(candidatePage.getByText(`With: ${recruiter.account.name}`)).toBeVisible();
    await expect(messageItem(candidatePage, question)).toContainText(T.you);

    // The recruiter's open inbox gets it without a reload: unread, counted, and on the bell.
    const row = inboxRow(recruiterPage, subject);
    await expect(row).toBeVisible();
    await expect(row).toContainText(candidate.account.name);
    await expect(row).toContainText(question);
    await expect(row).toHaveAttribute('data-unread', 'true');
    await expect(row.getByText('Unread', { exact: true })).toHaveCount(1);
    await expect(unreadBadge(recruiterPage)).toHaveAccessibleName('1 unread conversation');
    await expect(bell(recruiterPage)).toHaveAccessibleName('Notifications (1 unread)');

    // Opening it reads it.
    await row.click();
    await expect(recruiterPage).toHaveURL(`/messages/conversation/${conversationId}`);
    await expect(h1(recruiterPage)).toHaveText(subject);
    await expect(messageItem(recruiterPage, question)).toContainText(candidate.account.name);
    await expect(row).not.toHaveAttribute('data-unread');
    await expect(row.getByText('Unread', { exact: true })).toHaveCount(0);
    await expect(unreadBadge(recruiterPage)).toHaveCount(0);
    await expect(bell(recruiterPage)).toHaveAccessibleName('Notifications');

    // The reply reaches the candidate's open conversation without a reload.
    const answer = `Yes, any well-known library is fine (${tag}).`;
    await replyBox(recruiterPage).fill(answer);
    await replyBox(recruiterPage).press('Enter');
    await expect(messageItem(recruiterPage, answer)).toContainText(T.you);
    await expect(replyBox(recruiterPage)).toHaveValue('');

    await expect(messageItem(candidatePage, answer)).toContainText(recruiter.account.name);
    const candidateRow = inboxRow(candidatePage, subject);
    await expect(candidateRow).toContainText(answer);
    // Seen while open: read at once, so no unread marker stays behind.
    await expect(candidateRow).not.toHaveAttribute('data-unread');
    await expect(unreadBadge(candidatePage)).toHaveCount(0);
    await expect
      .poll(async () => await (await candidate.api.get('/api/conversations/unread-count')).json())
      .toEqual({ count: 0 });

    // The e-mail about the candidate's message: its preview and a link to the conversation.
    const mail = mailText(await waitForMail(recruiter.account.email));
    expect(mail).toContain(question);
    const link = mail.match(/http:\/\/localhost:\d+\/messages\/conversation\/\S+/)?.[0];
    expect(link).toBe(`${E2E.baseUrl}/messages/conversation/${conversationId}`);
    await recruiterPage.goto('/messages');
    await expect(h1(recruiterPage)).toHaveText(T.messages);
    await recruiterPage.goto(link!);
    await expect(h1(recruiterPage)).toHaveText(subject);
    await expect(messageItem(recruiterPage, question)).toBeVisible();
    await expect(messageItem(recruiterPage, answer)).toBeVisible();

    await recruiterPage.context().close();
    await candidatePage.context().close();
  });
});

test('a recruiter searches candidates by e-mail, picks two, and starts a group conversation', async ({
  page,
}) => {
  const tag = `q${suffix()}`;
  const recruiter = await signedUp('recruiter', `Riley Reed ${tag}`);
  const ana = await signedUp('candidate', `Ana Alvarez ${tag}`, `${tag}-ana`);
  const ben = await signedUp('candidate', `Ben Brooks ${tag}`, `${tag}-ben`);
  await signIn(page, recruiter.account);
  await page.goto('/messages/new');
  await expect(h1(page)).toHaveText(T.newMessage);

  const search = recipientSearch(page);
  await search.click();
  await expect(search).toHaveAttribute('aria-expanded', 'true');
  // Part of the e-mail, in capitals: both, and only both.
  await search.fill(tag.toUpperCase());
  await expect(userOptions(page)).toHaveCount(2);
  await search.fill(`${tag}-ANA`.toUpperCase());
  await expect(userOptions(page)).toHaveCount(1);
  await expect(userOptions(page)).toContainText(ana.account.email);
  await userOptions(page).click();
  await expect(page.getByRole('button', { name: `Remove ${ana.account.name}` })).toBeVisible();

  await search.fill(`${tag}-ben`);
  await expect(userOptions(page)).toHaveCount(1);
  await expect(userOptions(page)).toContainText(ben.account.name);
  await userOptions(page).click();

  await search.fill(`nobody-${tag}-zzz`);
  await expect(page.getByText(T.noMatchingUsers)).toBeVisible();
  await expect(userOptions(page)).toHaveCount(0);
  await search.fill('');

  const tags = page.getByRole('button', { name: /^Remove / });
  await expect(tags).toHaveCount(2);
  await page.getByRole('button', { name: `Remove ${ben.account.name}` }).click();
  await expect(tags).toHaveCount(1);
  await expect(page.getByRole('button', { name: `Remove ${ana.account.name}` })).toBeVisible();
  await search.fill(`${tag}-BEN`);
  await userOptions(page).click();
  await expect(tags).toHaveCount(2);

  const subject = `Next steps ${tag}`;
  await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await page
    .getByRole('textbox', { name: 'Message' })
    .fill('Welcome to the final round, both of you.');
  await page.getByRole('button', { name: T.sendMessage }).click();
  await page.waitForURL(/\/messages\/conversation\//);
  await expect(h1(page)).toHaveText(subject);
  await expect(page.getByText(`With: ${ana.account.name}, ${ben.account.name}`)).toBeVisible();
  await expect(messageItem(page, 'Welcome to the final round')).toContainText(T.you);
  await expect(inboxRow(page, subject)).toContainText(`${ana.account.name}, ${ben.account.name}`);

  // Both candidates are in it.
  for (const who of [ana, ben]) {
    const res = await who.api.get(`/api/conversations/${conversationIdOf(page)}`);
    expect(res.status()).toBe(200);
  }
});

test('the bell counts an unopened invitation and an unread conversation, and leads to them', async ({
  page,
}) => {
  const tag = suffix();
  const recruiter = await signedUp('recruiter', `Riley Reed ${tag}`);
  const candidate = await signedUp('candidate', `Casey Cole ${tag}`);
  const title = `Cache Layer ${tag}`;
  await assign(recruiter, candidate, title);
  const subject = `Your invitation ${tag}`;
  const id = await startConversation(recruiter, [candidate], subject, 'Did you see the invite?');

  await signIn(page, candidate.account);
  await page.goto('/candidate');
  await expect(h1(page)).toHaveText(`Welcome, ${candidate.account.name}`);
  await expect(bell(page)).toHaveAccessibleName('Notifications (2 unread)');
  await bell(page).click();
  const dropdown = page.getByRole('dialog');
  const invitation = dropdown.getByRole('link').filter({ hasText: `New assessment: ${title}` });
  const message = dropdown.getByRole('link').filter({ hasText: subject });
  await expect(invitation).toBeVisible();
  await expect(message).toContainText('Did you see the invite?');
  await expect(message).toContainText(recruiter.account.name);
  await expectAccessible(page);

  await message.click();
  await expect(page).toHaveURL(`/messages/conversation/${id}`);
  await expect(h1(page)).toHaveText(subject);
  await expect(bell(page)).toHaveAccessibleName('Notifications (1 unread)');
  await expect(dropdown).toBeHidden();
});

test('the messages screens pass an accessibility scan', async ({ page }) => {
  const tag = suffix();
  const recruiter = await signedUp('recruiter', `Riley Reed ${tag}`);
  const candidate = await signedUp('candidate', `Casey Cole ${tag}`);
  const read = `Earlier thread ${tag}`;
  const unread = `Newer thread ${tag}`;
  const readId = await startConversation(recruiter, [candidate], read, 'First of all, welcome.');
  await sendMessage(candidate, readId, 'Thank you!');
  await sendMessage(recruiter, readId, 'You are welcome.');
  const unreadId = await startConversation(recruiter, [candidate], unread, 'A quick question.');
  await sendMessage(candidate, unreadId, 'Ask away.');

  await signIn(page, recruiter.account);
  await page.goto('/messages');
  await expect(inboxRow(page, unread)).toHaveAttribute('data-unread', 'true');
  await expect(inboxRow(page, read)).toBeVisible();
  await expectAccessible(page);

  await inboxRow(page, read).click();
  await expect(h1(page)).toHaveText(read);
  await expect(messageItem(page, 'You are welcome.')).toBeVisible();
  await expectAccessible(page);

  await bell(page).click();
  await expect(
    page.getByRole('dialog').getByRole('link').filter({ hasText: unread }),
  ).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');

  await page.getByRole('link', { name: T.newMessage }).click();
  await expect(h1(page)).toHaveText(T.newMessage);
  await recipientSearch(page).click();
  await expect(userOptions(page).first()).toBeVisible();
  await expectAccessible(page);
});

test('/messages/inbox leads to /messages, and /messages/{id} opens the conversation', async ({
  page,
}) => {
  const tag = suffix();
  const recruiter = await signedUp('recruiter', `Riley Reed ${tag}`);
  const candidate = await signedUp('candidate', `Casey Cole ${tag}`);
  const subject = `Short link ${tag}`;
  const id = await startConversation(recruiter, [candidate], subject, 'Reached by the short link.');

  await signIn(page, candidate.account);
  await page.goto('/messages/inbox');
  await expect(page).toHaveURL('/messages');
  await expect(h1(page)).toHaveText(T.messages);
  await expect(inboxRow(page, subject)).toBeVisible();

  await page.goto(`/messages/${id}`);
  await expect(h1(page)).toHaveText(subject);
  await expect(messageItem(page, 'Reached by the short link.')).toContainText(
    recruiter.account.name,
  );
  await expect(inboxRow(page, subject)).toHaveAttribute('aria-current', 'page');
  await expect(replyBox(page)).toBeVisible();
});

test('a recruiter renamed on the profile writes under the new name at once; the mail greets each by name', async ({
  page,
  browser,
}) => {
  const tag = suffix();
  const recruiter = await signedUp('recruiter', `Riley Reed ${tag}`);
  const candidate = await signedUp('candidate', `Casey Cole ${tag}`);
  const subject = `Renamed ${tag}`;
  const first = `Before the new name (${tag}).`;
  const id = await startConversation(recruiter, [candidate], subject, first);

  // The mail of the first message, addressed in the database: the candidate's name, the subject.
  const mail = mailText(await waitForMail(candidate.account.email));
  expect(mail).toContain(`Hello ${candidate.account.name},`);
  expect(mail).toContain(`${recruiter.account.name} wrote in "${subject}":`);
  expect(mail).toContain(first);

  const candidatePage = await pageAs(browser, candidate.account);
  await candidatePage.goto(`/messages/conversation/${id}`);
  await expect(messageItem(candidatePage, first)).toContainText(recruiter.account.name);

  // The recruiter, signed in (their session already read by the server), takes a new name ...
  await signIn(page, recruiter.account);
  await page.goto(`/messages/conversation/${id}`);
  await expect(h1(page)).toHaveText(subject);
  await page.goto('/profile');
  const renamed = `Rowan Reed ${tag}`;
  await page.getByLabel('Full Name').fill(renamed);
  await page.getByLabel('Company Name').fill('Acme Hiring');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully!').first()).toBeVisible();

  // ... and the very next message goes out under it.
  await page.goto(`/messages/conversation/${id}`);
  const second = `After the new name (${tag}).`;
  await replyBox(page).fill(second);
  await replyBox(page).press('Enter');
  await expect(messageItem(page, second)).toContainText(T.you);
  await expect(messageItem(candidatePage, second)).toContainText(renamed);
  await expect(messageItem(candidatePage, first)).toContainText(recruiter.account.name);
  // What was sent under the new name starts a run of its own, with that name on show.
  await expect(messageItem(candidatePage, second)).toHaveAttribute('data-group-start', 'true');
});
