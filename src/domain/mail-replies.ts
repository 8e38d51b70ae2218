import { z } from 'zod';

/** Texts of the unsubscribe page (the footer link of every notification mail). */
export const UNSUBSCRIBE_TEXTS = {
  title: 'E-mail notifications',
  working: 'Turning e-mail notifications off…',
  off: (email: string) =>
    `E-mail notifications are off for ${email}. You will still see new messages in TalentForge.`,
  on: (email: string) => `E-mail notifications are on again for ${email}.`,
  undo: 'Turn them back on',
  turnOff: 'Turn them off',
  invalid: 'This unsubscribe link is not valid. Turn e-mail notifications off in your profile.',
  noAccount: 'The account this link was made for no longer exists.',
  failed: 'Could not change your e-mail notifications. Please try again.',
  toApp: 'Go to TalentForge',
} as const;

/** The answer of the unsubscribe and resubscribe calls. */
export const mailPreferenceSchema = z.object({
  /** The account's address, shown as it is (the link was mailed there). */
  email: z.string(),
  emailNotifications: z.boolean(),
});
export type MailPreference = z.infer<typeof mailPreferenceSchema>;

/** A token of an unsubscribe link (signed by the server; checked there). */
export const unsubscribeTokenSchema = z.string().min(1).max(400);
