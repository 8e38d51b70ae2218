import { type ParsedMail, simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recruiterAssignment } from '../db/schema';
import { invitationMail } from '../features/assessments/mails';
import { digestMail } from '../features/messaging/mails';
import { createTestApp, type TestApp, type TestUser } from '../test/harness';
import { startSmtpCatcher } from '../test/smtp-catcher';

/**
 * Every mail is written in its recipient's language (docs/decisions/023): their own choice,
 * else the admin's default; the sender's language plays no part. Checked on the mails as
 * they leave over SMTP (subject, body and the footer added at delivery).
 */
let t: TestApp;
let catcher: Awaited<ReturnType<typeof startSmtpCatcher>>;
let admin: TestUser;
let rita: TestUser;
let kenji: TestUser;
let nora: TestUser;

beforeAll(async () => {
  catcher = await startSmtpCatcher();
  t = await createTestApp({ SMTP_URL: catcher.url });
  admin = await t.createUser('admin', { name: 'Ada Admin' });
  rita = await t.signUp({ accountType: 'recruiter', name: 'Rita Recruiter' });
  kenji = await t.signUp({ accountType: 'candidate', name: 'Kenji Sato' });
  nora = await t.signUp({ accountType: 'candidate', name: 'Nora Nobody' });
  await t.database.db.insert(recruiterAssignment).values([
    { candidateId: kenji.id, recruiterId: rita.id },
    { candidateId: nora.id, recruiterId: rita.id },
  ]);
  for (const [who, language] of [
    [rita, 'fr'],
    [kenji, 'ja'],
  ] as const) {
    const res = await t.request('/api/profile/language', {
      method: 'PUT',
      as: who,
      json: { language },
    });
    expect(res.status).toBe(200);
  }
});
afterAll(async () => {
  await t?.close();
  await catcher?.close();
});

/** The mails delivered so far to an address, parsed (the outbox is delivered first). */
async function mailsTo(address: string): Promise<ParsedMail[]> {
  while ((await t.mailer.deliverDue()) > 0) {}
  const caught = catcher.mails.filter((m) => m.to.includes(address));
  return Promise.all(caught.map((m) => simpleParser(m.raw)));
}

async function message(to: TestUser, subject: string) {
  const res = await t.request('/api/conversations', {
    method: 'POST',
    as: rita,
    json: { recipientIds: [to.id], subject, message: 'Pouvons-nous parler mardi ?' },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const about = async () => (await mailsTo(to.email)).find((m) => m.subject?.endsWith(subject));
  await expect.poll(about, { message: `a mail to ${to.email} about ${subject}` }).toBeDefined();
  return (await about())!;
}

async function resetMail(who: TestUser) {
  const before = (await mailsTo(who.email)).length;
  const res = await t.request('/api/auth/request-password-reset', {
    method: 'POST',
    json: { email: who.email, redirectTo: '/reset-password/new' },
  });
  expect(res.status).toBe(200);
  // better-auth may queue the mail after it answers (the answer's timing says nothing).
  await expect.poll(async () => (await mailsTo(who.email)).length).toBe(before + 1);
  return (await mailsTo(who.email)).at(-1)!;
}

describe('mails in the recipient’s language', () => {
  it('a French recruiter’s message to a Japanese candidate arrives in Japanese', async () => {
    const mail = await message(kenji, '面接の日程');
    expect(mail.subject).toBe('Rita Recruiter さんからの新しいメッセージ: 面接の日程');
    expect(mail.text).toContain('Kenji Sato 様');
    expect(mail.text).toContain('Rita Recruiter さんが「面接の日程」に書き込みました:');
    expect(mail.text).toContain('Pouvons-nous parler mardi ?');
    expect(mail.text).toContain('こちらで読んで返信できます: ');
    // The footer, added at delivery, too.
    expect(mail.text).toContain('これらのメールの配信を停止する: ');
    expect(mail.text).not.toMatch(/Hello|New message|Nouveau message|Stop these e-mails/);
  });

  it('a Japanese user’s password reset is in Japanese', async () => {
    const mail = await resetMail(kenji);
    expect(mail.subject).toBe('TalentForge のパスワードを再設定してください');
    expect(mail.text).toContain(
      '1 時間以内に次のリンクを開き、新しいパスワードを設定してください。',
    );
    expect(mail.text).not.toContain('Reset your');
  });

  it('someone who never chose gets the admin’s default; a choice still wins', async () => {
    // English while the default is English…
    expect((await resetMail(nora)).subject).toBe('Reset your TalentForge password');
    const res = await t.request('/api/settings', {
      method: 'PUT',
      as: admin,
      json: { defaultLanguage: 'de' },
    });
    expect(res.status).toBe(200);
    // …German once the admin makes German the default: mails built in code and in SQL alike.
    expect((await resetMail(nora)).subject).toBe('Setzen Sie Ihr TalentForge-Passwort zurück');
    const mail = await message(nora, 'Gesprächstermin');
    expect(mail.subject).toBe('Neue Nachricht von Rita Recruiter: Gesprächstermin');
    expect(mail.text).toContain('Guten Tag Nora Nobody,');
    expect(mail.text).toContain('Diese E-Mails abbestellen: ');
    expect((await message(kenji, '二回目')).subject).toBe(
      'Rita Recruiter さんからの新しいメッセージ: 二回目',
    );
  });
});

describe('formats in the recipient’s locale', () => {
  it('writes dates, counts and lists the reader’s way', () => {
    const input = {
      candidateName: 'Kenji Sato',
      candidateEmail: 'kenji@example.test',
      recruiterName: 'Rita Recruiter',
      companyName: 'Acme',
      title: 'API',
      dueDate: '2026-12-01',
      message: '',
      url: 'http://x/a',
    };
    expect(invitationMail({ ...input, language: 'ja' }).text).toContain(
      'Acme の Rita Recruiter さんから、アセスメント「API」への招待が届きました。期限は 2026年12月1日 です。',
    );
    expect(invitationMail({ ...input, language: 'de' }).text).toContain('bis zum 1. Dezember 2026');
    expect(invitationMail({ ...input, language: 'en' }).text).toContain('due by December 1, 2026');
    const digest = (language: 'fr' | 'ja') =>
      digestMail({
        to: 'x@example.test',
        language,
        recipientName: 'Kenji',
        subject: 'Suivi',
        messages: ['Ann', 'Bo', 'Cy'].map((senderName) => ({
          senderName,
          preview: 'Bonjour',
          truncated: false,
        })),
        url: 'http://x/c',
      }).subject;
    expect(digest('fr')).toBe('3 nouveaux messages de Ann, Bo et Cy : Suivi');
    expect(digest('ja')).toBe('Ann、Bo、Cy さんから新しいメッセージ 3 件: Suivi');
  });
});
