import { describe, expect, it } from 'vitest';
import { messageMail } from './mails';

describe('the message mail', () => {
  it("writes each value as given, in the recipient's language, whatever it holds", () => {
    const input = {
      to: 'kai@example.com',
      recipientName: 'Kai $& {{name}}',
      senderName: 'Rita $1 Recruiter',
      subject: 'Offer \uE000url\uE000 $`',
      preview: 'See you Thursday',
      truncated: true,
      url: 'https://talentforge.test/messages/c1',
    };
    const de = messageMail({ ...input, language: 'de' });
    expect(de.subject).toBe('Neue Nachricht von Rita $1 Recruiter: Offer \uE000url\uE000 $`');
    expect(de.text).toBe(
      [
        'Guten Tag Kai $& {{name}},',
        '',
        'Rita $1 Recruiter hat in „Offer \uE000url\uE000 $`“ geschrieben:',
        '',
        'See you Thursday…',
        '',
        'Hier lesen und antworten: https://talentforge.test/messages/c1',
      ].join('\n'),
    );
    expect(messageMail({ ...input, language: 'en', truncated: false }).text).toContain(
      'Hello Kai $& {{name}},\n\nRita $1 Recruiter wrote in "Offer \uE000url\uE000 $`":\n\nSee you Thursday\n',
    );
  });
});
