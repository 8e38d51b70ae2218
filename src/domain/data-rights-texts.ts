// No zod here: the login screen (first bundle) shows one of these texts.

/** Data rights: download everything about you, erase your account (docs/decisions/015). */
export const DATA_RIGHTS_TEXTS = {
  yourData: 'Your data',
  exportIntro:
    'Download everything TalentForge holds about you: your account, profile, assessments with your answers, files, test runs, scores and feedback, your conversations, applications with their résumés, notifications, sign-in sessions and the log entries about you. One zip file: data.json and your files.',
  download: 'Download my data',
  eraseTitle: 'Erase my account',
  eraseIntro:
    'Erasing deletes your account, profile, photo, applications and résumés, and signs you out everywhere. It cannot be undone.',
  eraseKept:
    "Assessments you took stay with the recruiter who assigned them, for their records, with your name, e-mail and phone removed (shown as 'Erased candidate'). Messages you sent stay in their conversations, shown as from 'Unknown User'.",
  /** The same, said to an admin about someone else. */
  eraseKeptByAdmin:
    "Assessments they took stay with the recruiter who assigned them, for their records, without their name, e-mail or phone (shown as 'Erased candidate'). Messages they sent stay in their conversations, shown as from 'Unknown User'.",
  eraseConfirmPassword: 'Enter your password to confirm',
  eraseConfirmEmail: 'Type your e-mail address to confirm',
  eraseButton: 'Erase my account permanently',
  erased: 'Your account has been erased. Everything about you has been deleted or anonymised.',
  wrongPassword: 'The password is not correct',
  wrongEmail: 'Type the e-mail address of this account exactly',
  passwordRequired: 'Enter your password',
  emailRequired: 'Type your e-mail address',
  giveReason: 'Give the reason for this request (e.g. who asked and how)',
  recruiterHasRecords: (jobs: number, assessments: number) =>
    `This recruiter still owns ${jobs} job${jobs === 1 ? '' : 's'} and ${assessments} assessment${assessments === 1 ? '' : 's'} that candidates' records depend on, so the account cannot be erased. Deactivate it instead (Manage Users).`,
  tooLarge: 'The export is larger than the limit; files beyond it are listed in data.json',
  /** How an erased candidate appears on assessments kept for the recruiter. */
  erasedCandidate: 'Erased candidate',
  erasedUser: 'Erased user',
  unknownUser: 'Unknown User',
} as const;

export { ERASED_FLAG } from './erased-flag';
