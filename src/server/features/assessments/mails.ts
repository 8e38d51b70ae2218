import type { Mail } from '../../mail/outbox';

export function invitationMail(input: {
  candidateName: string;
  candidateEmail: string;
  recruiterName: string;
  companyName: string;
  title: string;
  dueDate: string;
  message: string;
  url: string;
}): Mail {
  const from = input.companyName
    ? `${input.recruiterName} of ${input.companyName}`
    : input.recruiterName;
  return {
    to: input.candidateEmail,
    subject: `New assessment: ${input.title}`,
    text: [
      `Hello ${input.candidateName},`,
      '',
      `${from} invited you to complete the assessment "${input.title}", due by ${input.dueDate}.`,
      ...(input.message ? ['', `Their message: ${input.message}`] : []),
      '',
      `Open it here: ${input.url}`,
    ].join('\n'),
  };
}

/** To the assigning recruiter: the candidate submitted (or their time ran out). */
export function submittedMail(input: {
  to: string;
  recruiterName: string;
  candidateName: string;
  title: string;
  byTimeout: boolean;
  url: string;
}): Mail {
  return {
    to: input.to,
    subject: `Submitted: ${input.title} by ${input.candidateName}`,
    text: [
      `Hello ${input.recruiterName},`,
      '',
      input.byTimeout
        ? `${input.candidateName}'s time for "${input.title}" ran out; their work was submitted as it stood.`
        : `${input.candidateName} submitted "${input.title}".`,
      '',
      `Review and score it here: ${input.url}`,
    ].join('\n'),
  };
}

/** To the candidate: the recruiter scored their assessment. */
export function scoredMail(input: {
  to: string;
  candidateName: string;
  recruiterName: string;
  title: string;
  score: number | null;
  url: string;
}): Mail {
  return {
    to: input.to,
    subject: `Your assessment was reviewed: ${input.title}`,
    text: [
      `Hello ${input.candidateName},`,
      '',
      `${input.recruiterName} reviewed your assessment "${input.title}"${
        input.score === null ? '.' : ` and scored it ${input.score} out of 100.`
      }`,
      '',
      `Read the feedback here: ${input.url}`,
    ].join('\n'),
  };
}

/** To the candidate, once, a day before the due date when the assessment is not submitted. */
export function reminderMail(input: {
  to: string;
  candidateName: string;
  title: string;
  dueDate: string;
  url: string;
}): Mail {
  return {
    to: input.to,
    subject: `Reminder: ${input.title} is due ${input.dueDate}`,
    text: [
      `Hello ${input.candidateName},`,
      '',
      `Your assessment "${input.title}" is due by ${input.dueDate} and has not been submitted yet.`,
      '',
      `Continue it here: ${input.url}`,
    ].join('\n'),
  };
}

/** To the candidate: the recruiter moved the due date. */
export function dueDateMail(input: {
  to: string;
  candidateName: string;
  recruiterName: string;
  title: string;
  dueDate: string;
  url: string;
}): Mail {
  return {
    to: input.to,
    subject: `New due date for ${input.title}: ${input.dueDate}`,
    text: [
      `Hello ${input.candidateName},`,
      '',
      `${input.recruiterName} extended the due date of "${input.title}" to ${input.dueDate}.`,
      '',
      `Open it here: ${input.url}`,
    ].join('\n'),
  };
}
