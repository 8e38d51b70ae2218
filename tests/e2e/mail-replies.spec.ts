import { simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';
import { UNSUBSCRIBE_TEXTS } from '../../src/domain/mail-replies';
import { MESSAGING_TEXTS as T } from '../../src/domain/messaging';
import { apiClients, expect, newAccount, test, waitForMail } from './support/fixtures';
import { E2E } from './support/paths';

const client = apiClients();

test('a reply by e-mail shows up live in the recruiter’s open conversation, via Email', async ({
  page,
  browser,
}) => {
  const tag = Math.random().toString(36).slice(2, 8);
  const recruiter = newAccount('recruiter', `Rita Mailer ${tag}`);
  const candidate = newAccount('candidate', `Casey Inbox ${tag}`);
  const { api: recruiterApi } = await client(recruiter, 'sign-up');
  const { id: candidateId } = await client(candidate, 'sign-up');

  // The recruiter writes; the conversation stays open in her browser.
  const subject = `Interview ${tag}`;
  const started = await recruiterApi.post('/api/conversations', {
    data: { recipientIds: [candidateId], subject, message: 'Can we meet on Tuesday at 10?' },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { id } = (await started.json()) as { id: string };
  const res = await page.request.post('/api/auth/sign-in/email', {
    data: { email: recruiter.email, password: recruiter.password },
    headers: { Origin: E2E.baseUrl },
  });
  expect(res.status()).toBe(200);
  await page.goto(`/messages/conversation/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(subject);

  // The candidate's mail client answers the notification mail, quoting it as Gmail does.
  const mail = await simpleParser((await waitForMail(candidate.email)).raw);
  const replyTo = mail.replyTo?.value[0]?.address ?? '';
  expect(replyTo).toMatch(new RegExp(`^reply\\+[a-z2-7]+@${E2E.replyDomain}$`));
  const answer = `Tuesday at 10 works for me (${tag}).`;
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: E2E.inboundSmtpPort,
    ignoreTLS: true,
  });
  await transport.sendMail({
    from: `${candidate.name} <${candidate.email}>`,
    to: replyTo,
    subject: `Re: ${mail.subject}`,
    inReplyTo: mail.messageId,
    text: `${answer}\n\nOn Wed, Nov 25, 2026 at 6:01 PM TalentForge <no-reply@talentforge.test> wrote:\n> ${mail.text?.split('\n').join('\n> ')}\n`,
  });
  transport.close();

  // Live, without a reload, with the spec's badge; the quoted mail is not in it.
  const box = page.getByRole('region', { name: 'Conversation messages' });
  const item = box.getByRole('listitem').filter({ hasText: answer });
  await expect(item).toBeVisible();
  await expect(item).toContainText(candidate.name);
  await expect(item.getByText(T.viaEmail, { exact: true })).toBeVisible();
  await expect(item).not.toContainText('wrote:');
  await expect(item).not.toContainText('Can we meet');

  // The footer link of that mail turns the candidate's e-mails off, signed out, and back on.
  const link = /Stop these e-mails: (\S+)/.exec(mail.text ?? '')?.[1];
  expect(link).toBeTruthy();
  const signedOut = await (await browser.newContext()).newPage();
  await signedOut.goto(new URL(link!).pathname);
  await expect(signedOut.getByText(UNSUBSCRIBE_TEXTS.off(candidate.email))).toBeVisible();
  await signedOut.getByRole('button', { name: UNSUBSCRIBE_TEXTS.undo }).click();
  await expect(signedOut.getByText(UNSUBSCRIBE_TEXTS.on(candidate.email))).toBeVisible();
  await signedOut.screenshot({ path: '.tmp/e2e-results/unsubscribe-page.png' });
  await signedOut.context().close();
});
