import type { Language } from '../../../domain/languages';
import { mailDate, mailTexts } from '../../mail/i18n';
import type { Mail } from '../../mail/outbox';
import { invitedBy } from '../assessments/mails';

/**
 * To someone without an account, from a bulk upload: the link signs them up, then opens it.
 * Written in the admin's default language (the address has no account to have chosen one).
 */
export function bulkInvitationMail(input: {
  to: string;
  language: Language;
  name: string;
  recruiterName: string;
  companyName: string;
  title: string;
  dueDate: string;
  message: string;
  url: string;
  /** When the link stops working (docs/decisions/026). */
  expiresAt: Date;
  /** The template uses AI-assisted review: the candidate is told before starting. */
  aiAssistedReview?: boolean;
}): Mail {
  const t = mailTexts(input.language);
  return {
    to: input.to,
    language: input.language,
    subject: t('assessment.bulkInvitation.subject', { title: input.title }),
    text: [
      t('greeting', { name: input.name }),
      '',
      t('assessment.bulkInvitation.invited', {
        from: invitedBy(t, input.recruiterName, input.companyName),
        title: input.title,
        dueDate: mailDate(input.dueDate, input.language),
      }),
      ...(input.message ? ['', t('assessment.theirMessage', { message: input.message })] : []),
      ...(input.aiAssistedReview ? ['', t('assessment.aiReviewNotice')] : []),
      '',
      t('assessment.bulkInvitation.start', { url: input.url }),
      t('assessment.bulkInvitation.expires', {
        expiresOn: mailDate(input.expiresAt.toISOString(), input.language),
        recruiter: input.recruiterName,
      }),
    ].join('\n'),
  };
}
