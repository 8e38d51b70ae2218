import type { MailTokens } from '../../mail/mail-tokens';

/**
 * Calendar replies (RSVP, issue 22): the invitations' ORGANIZER is `rsvp+<token>@REPLY_DOMAIN`
 * (the token signs the interview id), so the METHOD:REPLY a calendar app mails when its user
 * accepts, declines or answers "maybe" reaches the inbound SMTP server (rsvp.ts reads it).
 */
export interface RsvpAddresses {
  tokens: MailTokens;
  /** REPLY_DOMAIN: where inbound SMTP takes mail. */
  domain: string;
}

export const rsvpAddress = (rsvp: RsvpAddresses, interviewId: string) =>
  `rsvp+${rsvp.tokens.rsvpToken(interviewId)}@${rsvp.domain}`;
