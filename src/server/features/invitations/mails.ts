import type { Language } from '../../../domain/languages';
import { mailTexts } from '../../mail/i18n';
import type { Mail } from '../../mail/outbox';

/** The mail a candidate gets when a recruiter invites them to apply to a job. */
export function invitationMail(input: {
  to: string;
  language: Language;
  candidateName: string;
  recruiterName: string;
  companyName: string;
  jobTitle: string;
  message: string;
  url: string;
}): Mail {
  const t = mailTexts(input.language);
  const about = { recruiter: input.recruiterName, company: input.companyName, job: input.jobTitle };
  return {
    to: input.to,
    language: input.language,
    subject: t('jobInvitation.subject', about),
    text: [
      t('greeting', { name: input.candidateName }),
      '',
      input.companyName ? t('jobInvitation.foundAt', about) : t('jobInvitation.found', about),
      ...(input.message ? ['', t('jobInvitation.quote', { message: input.message })] : []),
      '',
      t('jobInvitation.apply', { url: input.url }),
    ].join('\n'),
  };
}
