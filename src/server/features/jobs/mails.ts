import type { Stage } from '../../../domain/jobs';
import type { Mail } from '../../mail/outbox';

const LINES: Partial<Record<Stage, string>> = {
  screening: 'The hiring team is now reviewing your application.',
  interview: 'The hiring team would like to interview you; your recruiter will be in touch.',
  offer: 'Good news: the hiring team is preparing an offer for you.',
  hired: 'Congratulations, you have been hired!',
  rejected:
    'After careful consideration the hiring team has decided not to move forward with your application.',
  applied: 'Your application is back at the start of the process.',
};

/** The mail a candidate gets when their application moves to another stage. */
export function stageMail(input: {
  to: string;
  candidateName: string;
  jobTitle: string;
  companyName: string;
  stage: Stage;
  label: string;
  url: string;
}): Mail {
  const at = input.companyName ? ` at ${input.companyName}` : '';
  return {
    to: input.to,
    subject: `Your application for ${input.jobTitle}: ${input.label}`,
    text: [
      `Hello ${input.candidateName},`,
      '',
      `Your application for ${input.jobTitle}${at} is now: ${input.label}.`,
      LINES[input.stage] ?? '',
      '',
      `Follow it here: ${input.url}`,
    ].join('\n'),
  };
}
