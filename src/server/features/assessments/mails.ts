import type { Language } from '../../../domain/languages';
import { mailDate, mailTexts } from '../../mail/i18n';
import type { Mail } from '../../mail/outbox';

/** "Ann of Acme", or the recruiter alone: who an invitation is from. */
export function invitedBy(
  t: ReturnType<typeof mailTexts>,
  recruiterName: string,
  companyName: string,
) {
  return companyName
    ? t('assessment.fromCompany', { recruiter: recruiterName, company: companyName })
    : recruiterName;
}

export function invitationMail(input: {
  language: Language;
  candidateName: string;
  candidateEmail: string;
  recruiterName: string;
  companyName: string;
  title: string;
  dueDate: string;
  message: string;
  url: string;
  /** The template uses AI-assisted review: the candidate is told before starting. */
  aiAssistedReview?: boolean;
}): Mail {
  const t = mailTexts(input.language);
  const dueDate = mailDate(input.dueDate, input.language);
  return {
    to: input.candidateEmail,
    language: input.language,
    subject: t('assessment.invitation.subject', { title: input.title }),
    text: [
      t('greeting', { name: input.candidateName }),
      '',
      t('assessment.invitation.invited', {
        from: invitedBy(t, input.recruiterName, input.companyName),
        title: input.title,
        dueDate,
      }),
      ...(input.message ? ['', t('assessment.theirMessage', { message: input.message })] : []),
      ...(input.aiAssistedReview ? ['', t('assessment.aiReviewNotice')] : []),
      '',
      t('assessment.invitation.open', { url: input.url }),
    ].join('\n'),
  };
}

/** To the assigning recruiter: the candidate submitted (or their time ran out). */
export function submittedMail(input: {
  to: string;
  language: Language;
  recruiterName: string;
  candidateName: string;
  title: string;
  byTimeout: boolean;
  url: string;
}): Mail {
  const t = mailTexts(input.language);
  const about = { candidate: input.candidateName, title: input.title };
  return {
    to: input.to,
    language: input.language,
    subject: t('assessment.submitted.subject', about),
    text: [
      t('greeting', { name: input.recruiterName }),
      '',
      input.byTimeout
        ? t('assessment.submitted.timedOut', about)
        : t('assessment.submitted.submitted', about),
      '',
      t('assessment.submitted.review', { url: input.url }),
    ].join('\n'),
  };
}

/** To the candidate: the recruiter scored their assessment. */
export function scoredMail(input: {
  to: string;
  language: Language;
  candidateName: string;
  recruiterName: string;
  title: string;
  score: number | null;
  url: string;
}): Mail {
  const t = mailTexts(input.language);
  const about = { recruiter: input.recruiterName, title: input.title, score: input.score };
  return {
    to: input.to,
    language: input.language,
    subject: t('assessment.scored.subject', about),
    text: [
      t('greeting', { name: input.candidateName }),
      '',
      input.score === null
        ? t('assessment.scored.reviewed', about)
        : t('assessment.scored.reviewedScore', about),
      '',
      t('assessment.scored.feedback', { url: input.url }),
    ].join('\n'),
  };
}

/** To the candidate, once, a day before the due date when the assessment is not submitted. */
export function reminderMail(input: {
  to: string;
  language: Language;
  candidateName: string;
  title: string;
  dueDate: string;
  url: string;
}): Mail {
  const t = mailTexts(input.language);
  const about = { title: input.title, dueDate: mailDate(input.dueDate, input.language) };
  return {
    to: input.to,
    language: input.language,
    subject: t('assessment.reminder.subject', about),
    text: [
      t('greeting', { name: input.candidateName }),
      '',
      t('assessment.reminder.due', about),
      '',
      t('assessment.reminder.continue', { url: input.url }),
    ].join('\n'),
  };
}

/** To the candidate: the recruiter moved the due date. */
export function dueDateMail(input: {
  to: string;
  language: Language;
  candidateName: string;
  recruiterName: string;
  title: string;
  dueDate: string;
  url: string;
}): Mail {
  const t = mailTexts(input.language);
  const about = {
    recruiter: input.recruiterName,
    title: input.title,
    dueDate: mailDate(input.dueDate, input.language),
  };
  return {
    to: input.to,
    language: input.language,
    subject: t('assessment.dueDate.subject', about),
    text: [
      t('greeting', { name: input.candidateName }),
      '',
      t('assessment.dueDate.extended', about),
      '',
      t('assessment.dueDate.open', { url: input.url }),
    ].join('\n'),
  };
}
