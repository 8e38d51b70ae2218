import type { Stage } from '../../../domain/jobs';
import type { Language } from '../../../domain/languages';
import { mailTexts } from '../../mail/i18n';
import type { Mail } from '../../mail/outbox';

/** Stages whose mail says a line more than the stage's name. */
const WITH_LINE: ReadonlySet<Stage> = new Set([
  'screening',
  'interview',
  'offer',
  'hired',
  'rejected',
  'applied',
]);

/** The mail a candidate gets when their application moves to another stage. */
export function stageMail(input: {
  to: string;
  language: Language;
  candidateName: string;
  jobTitle: string;
  companyName: string;
  stage: Stage;
  url: string;
}): Mail {
  const t = mailTexts(input.language);
  // The stage as the candidate sees it (domain CANDIDATE_STAGE_LABELS, in their language).
  const about = {
    job: input.jobTitle,
    company: input.companyName,
    stage: t(`stage.labels.${input.stage}`),
  };
  return {
    to: input.to,
    language: input.language,
    subject: t('stage.subject', about),
    text: [
      t('greeting', { name: input.candidateName }),
      '',
      input.companyName ? t('stage.nowAt', about) : t('stage.now', about),
      WITH_LINE.has(input.stage) ? t(`stage.lines.${input.stage}`) : '',
      '',
      t('stage.follow', { url: input.url }),
    ].join('\n'),
  };
}
