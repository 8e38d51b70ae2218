import { MESSAGING_TEXTS as T } from '../../src/domain/messaging';
import { expect, test } from './support/fixtures';
import {
  expectNoHorizontalScroll,
  h1,
  inbox,
  inboxRow,
  messageItem,
  messagingAccounts,
  replyBox,
  signIn,
  startConversation,
  suffix,
} from './support/messaging';

// Messaging on a phone (messaging.spec.ts has the rest).

const { signedUp } = messagingAccounts();

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the inbox folds away for a conversation, replies work, and nothing scrolls sideways', async ({
    page,
  }) => {
    const tag = suffix();
    const recruiter = await signedUp('recruiter', `Riley Reed ${tag}`);
    const candidate = await signedUp('candidate', `Casey Cole ${tag}`);
    const subject = `Phone check ${tag}`;
    await startConversation(recruiter, [candidate], subject, 'Can you read this on a phone?');

    await signIn(page, candidate.account);
    await page.goto('/messages');
    const hide = page.getByRole('button', { name: T.hideInbox });
    await expect(hide).toHaveAttribute('aria-expanded', 'true');
    await expect(inbox(page)).toBeVisible();
    await expect(inboxRow(page, subject)).toBeVisible();
    await expectNoHorizontalScroll(page);

    await inboxRow(page, subject).click();
    await expect(h1(page)).toHaveText(subject);
    const show = page.getByRole('button', { name: T.showInbox });
    await expect(show).toHaveAttribute('aria-expanded', 'false');
    await expect(inbox(page)).toBeHidden();
    await expectNoHorizontalScroll(page);

    await replyBox(page).fill('Yes, perfectly.');
    await page.getByRole('button', { name: T.send, exact: true }).click();
    await expect(messageItem(page, 'Yes, perfectly.')).toContainText(T.you);
    await expect(messageItem(page, 'Yes, perfectly.')).toBeInViewport();
    await expectNoHorizontalScroll(page);

    await show.click();
    await expect(inbox(page)).toBeVisible();
    await expect(page.getByRole('button', { name: T.hideInbox })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(inboxRow(page, subject)).toContainText('Yes, perfectly.');
    await expectNoHorizontalScroll(page);
  });
});
