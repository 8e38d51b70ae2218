import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed addresses in conversation mail (docs/decisions/021): the Reply-To's token names a
 * conversation and a recipient, the unsubscribe link's token names a user; both are signed
 * with a key derived from AUTH_SECRET, so nobody can make one for another conversation or
 * person. Neither expires: a reply to a year-old mail still lands (the inbound server checks
 * that the recipient is still a participant with an active account).
 */
export class MailTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('talentforge mail tokens v1').digest();
  }

  private sign(purpose: string, parts: string[], bytes: number) {
    return createHmac('sha256', this.key)
      .update([purpose, ...parts].join('\n'))
      .digest()
      .subarray(0, bytes);
  }

  /**
   * The local part's token of `reply+<token>@REPLY_DOMAIN`: lower-case base32 (mail systems
   * may change the case of a local part) of the conversation and recipient ids and 10 bytes
   * of signature.
   */
  replyToken(conversationId: string, recipientId: string): string {
    const body = Buffer.from(`${conversationId}\n${recipientId}`, 'utf8');
    return base32(Buffer.concat([this.sign('reply', [conversationId, recipientId], 10), body]));
  }

  /** The conversation and recipient a reply token names, or null for anything not signed here. */
  readReplyToken(token: string): { conversationId: string; recipientId: string } | null {
    const bytes = unbase32(token);
    if (!bytes || bytes.length < 13) return null;
    const signature = bytes.subarray(0, 10);
    const [conversationId, recipientId, ...rest] = bytes.subarray(10).toString('utf8').split('\n');
    if (!conversationId || !recipientId || rest.length > 0) return null;
    const expected = this.sign('reply', [conversationId, recipientId], 10);
    return timingSafeEqual(signature, expected) ? { conversationId, recipientId } : null;
  }

  /**
   * The local part's token of an interview's calendar address, `rsvp+<token>@REPLY_DOMAIN`
   * (the invitation's ORGANIZER, where calendar apps send their METHOD:REPLY): lower-case
   * base32 of 10 bytes of signature and the interview id.
   */
  rsvpToken(interviewId: string): string {
    const body = Buffer.from(interviewId, 'utf8');
    return base32(Buffer.concat([this.sign('rsvp', [interviewId], 10), body]));
  }

  /** The interview an RSVP token names, or null for anything not signed here. */
  readRsvpToken(token: string): string | null {
    const bytes = unbase32(token);
    if (!bytes || bytes.length < 11) return null;
    const interviewId = bytes.subarray(10).toString('utf8');
    if (!/^[\w-]{1,64}$/.test(interviewId)) return null;
    const expected = this.sign('rsvp', [interviewId], 10);
    return timingSafeEqual(bytes.subarray(0, 10), expected) ? interviewId : null;
  }

  /** The token of a user's unsubscribe link (URL-safe). */
  unsubscribeToken(userId: string): string {
    const id = Buffer.from(userId, 'utf8').toString('base64url');
    return `${id}.${this.sign('unsubscribe', [userId], 16).toString('base64url')}`;
  }

  /** The user an unsubscribe token names, or null. */
  readUnsubscribeToken(token: string): string | null {
    const match = /^([A-Za-z0-9_-]{1,200})\.([A-Za-z0-9_-]{22})$/.exec(token);
    if (!match) return null;
    const userId = Buffer.from(match[1]!, 'base64url').toString('utf8');
    const signature = Buffer.from(match[2]!, 'base64url');
    const expected = this.sign('unsubscribe', [userId], 16);
    return signature.length === expected.length && timingSafeEqual(signature, expected)
      ? userId
      : null;
  }
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** RFC 4648 base32, lower case, without padding. */
function base32(bytes: Buffer): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** The bytes of a base32 token (either case), or null when it is not one. */
function unbase32(text: string): Buffer | null {
  if (text.length === 0 || text.length > 400) return null;
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of text.toLowerCase()) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) return null;
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}
