import type { Mail } from '../../mail/outbox';

/** The e-mail a participant gets for a new message: who, which conversation, the preview, a link. */
export function messageMail(input: {
  to: string;
  recipientName: string;
  senderName: string;
  subject: string;
  preview: string;
  truncated: boolean;
  url: string;
}): Mail {
  return {
    to: input.to,
    subject: `New message from ${input.senderName}: ${input.subject}`,
    text: [
      `Hello ${input.recipientName},`,
      '',
      `${input.senderName} wrote in "${input.subject}":`,
      '',
      `${input.preview}${input.truncated ? '…' : ''}`,
      '',
      `Read and reply here: ${input.url}`,
    ].join('\n'),
  };
}
