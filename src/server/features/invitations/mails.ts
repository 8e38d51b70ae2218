import type { Mail } from '../../mail/outbox';

/** The mail a candidate gets when a recruiter invites them to apply to a job. */
export function invitationMail(input: {
  to: string;
  candidateName: string;
  recruiterName: string;
  companyName: string;
  jobTitle: string;
  message: string;
  url: string;
}): Mail {
  const at = input.companyName ? ` at ${input.companyName}` : '';
  return {
    to: input.to,
    subject: `${input.recruiterName} invites you to apply: ${input.jobTitle}`,
    text: [
      `Hello ${input.candidateName},`,
      '',
      `${input.recruiterName}${at} found your profile and invites you to apply for ${input.jobTitle}.`,
      ...(input.message ? ['', `"${input.message}"`] : []),
      '',
      `See the job and apply here: ${input.url}`,
    ].join('\n'),
  };
}
