import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { messageContent, replyText } from './reply-text';
import { fixture } from './test-mails';

const newText = async (raw: Buffer | string) => replyText(await simpleParser(raw));

describe('the new text of a reply', () => {
  it.each([
    ['gmail', 'Thanks Rita, Tuesday at 10 works for me — see you then.'],
    ['outlook', 'Tuesday works. I’ll bring my portfolio.'],
    ['apple-mail', 'Sounds good, see you Tuesday!'],
    [
      'thunderbird',
      'Yes, Tuesday at 10 is fine. Could we make it a video call? I am travelling that week.\n\nCasey',
    ],
  ])('keeps only what %s users wrote above the quote', async (name, expected) => {
    const { text, attachments } = await newText(fixture(name));
    expect(text).toBe(expected);
    expect(attachments).toEqual([]);
  });

  it('turns an HTML-only mail into plain text', async () => {
    const raw = [
      'From: casey@example.test',
      'To: reply+abc@replies.test',
      'Subject: Re: Interview',
      'MIME-Version: 1.0',
      'Content-Type: text/html; charset=utf-8',
      '',
      '<html><body><p>Works for <b>me</b>.</p><p>Second&nbsp;line</p>',
      '<blockquote type="cite">On Wed, Rita wrote:<br>Can we meet?</blockquote></body></html>',
    ].join('\r\n');
    const { text } = await newText(raw);
    expect(text).toContain('Works for me.');
    expect(text).toContain('Second line');
    expect(text).not.toContain('<');
    expect(text).not.toContain('Can we meet?');
  });

  it('names attachments instead of keeping them, and drops NUL characters', async () => {
    const raw = [
      'From: casey@example.test',
      'To: reply+abc@replies.test',
      'Subject: Re: Interview',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Here is my CV.\u0000',
      '--b1',
      'Content-Type: application/pdf; name="cv.pdf"',
      'Content-Disposition: attachment; filename="cv.pdf"',
      'Content-Transfer-Encoding: base64',
      '',
      'JVBERi0xLjQK',
      '--b1--',
    ].join('\r\n');
    const reply = await newText(raw);
    expect(reply).toEqual({ text: 'Here is my CV.', attachments: ['cv.pdf'] });
    expect(messageContent(reply)).toBe('Here is my CV.\n\n(attachment not kept: cv.pdf)');
  });

  it('finds nothing new in a reply that only quotes', async () => {
    const raw = 'From: a@b.test\r\nSubject: Re\r\n\r\nOn Wed, Rita wrote:\r\n> Can we meet?\r\n';
    expect((await newText(raw)).text).toBe('');
  });
});
