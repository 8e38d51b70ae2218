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
