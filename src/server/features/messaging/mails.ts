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

/** How many messages a digest quotes; the rest are counted. */
const DIGEST_QUOTED = 10;

/**
 * The e-mail that folds the messages a recipient got in a conversation since
 * their last mail: "3 new messages from …", each quoted by its preview.
 */
export function digestMail(input: {
  to: string;
  recipientName: string;
  subject: string;
  messages: { senderName: string; preview: string; truncated: boolean }[];
  url: string;
}): Mail {
  const count = input.messages.length;
  const senders = joinNames([...new Set(input.messages.map((m) => m.senderName))]);
  const what = count === 1 ? '1 new message' : `${count} new messages`;
  const quoted = input.messages
    .slice(0, DIGEST_QUOTED)
    .map((m) => `${m.senderName}: ${m.preview}${m.truncated ? '…' : ''}`);
  if (count > DIGEST_QUOTED) quoted.push(`… and ${count - DIGEST_QUOTED} more`);
  return {
    to: input.to,
    subject: `${what} from ${senders}: ${input.subject}`,
    text: [
      `Hello ${input.recipientName},`,
      '',
      `${what} from ${senders} in "${input.subject}":`,
      '',
      ...quoted,
      '',
      `Read and reply here: ${input.url}`,
    ].join('\n'),
  };
}

function joinNames(names: string[]) {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
