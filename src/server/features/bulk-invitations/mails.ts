import type { Mail } from '../../mail/outbox';

/** To someone without an account, from a bulk upload: the link signs them up, then opens it. */
export function bulkInvitationMail(input: {
  to: string;
  name: string;
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
    to: input.to,
    subject: `You are invited to an assessment: ${input.title}`,
    text: [
      `Hello ${input.name},`,
      '',
      `${from} invited you to complete the assessment "${input.title}" on TalentForge, due by ${input.dueDate}.`,
      ...(input.message ? ['', `Their message: ${input.message}`] : []),
      '',
      `Create your account and start here (the link is yours alone: it confirms your address): ${input.url}`,
    ].join('\n'),
  };
}
