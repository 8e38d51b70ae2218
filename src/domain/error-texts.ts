import { AI_FAILURE_TEXTS } from './ai-review';
import { DATA_RIGHTS_TEXTS } from './data-rights-texts';
import { inUseMessage } from './departments';
import type { Coded, ErrorCode, ErrorParams } from './error-codes';
import { HIRING_LIMIT_TEXTS } from './hiring-limits';
import { limitTexts } from './messaging';

/**
 * The English `message` of each coded error (src/domain/error-codes.ts): what API clients
 * and logs read. The browser shows the code's catalogue texts instead (decision 023).
 */
const ENGLISH: { [C in ErrorCode]: (params: ErrorParams[C]) => string } = {
  'department-in-use': ({ name, ...usage }) => inUseMessage(name, usage),
  'job-action-refused': ({ status, action }) =>
    `A ${status} job cannot be changed with "${action}"`,
  'recruiter-has-records': ({ jobs, assessments }) =>
    DATA_RIGHTS_TEXTS.recruiterHasRecords(jobs, assessments),
  'invitation-expired': ({ date, name }) =>
    `This invitation expired on ${date}. Ask ${name} to send it again`,
  'wait-jobs': ({ seconds }) => HIRING_LIMIT_TEXTS.jobs(seconds),
  'wait-invitations-sent': ({ seconds }) => HIRING_LIMIT_TEXTS.invitationsSent(seconds),
  'wait-invitations-received': ({ seconds }) => HIRING_LIMIT_TEXTS.invitationsReceived(seconds),
  'wait-applications': ({ seconds }) => HIRING_LIMIT_TEXTS.applications(seconds),
  'wait-messages': ({ seconds }) => limitTexts.messages(seconds),
  'wait-conversations': ({ seconds }) => limitTexts.conversations(seconds),
  'wait-test-mails': ({ seconds }) =>
    `You sent several test e-mails just now. Try again in ${Math.ceil(seconds / 60)} minutes.`,
  'wait-erase-attempts': ({ seconds }) =>
    `Too many attempts. Try again in ${Math.ceil(seconds / 60)} minutes.`,
  'bulk-row-not-utf8': ({ row }) =>
    `Row ${row} is not UTF-8 text. Save the file as "CSV UTF-8" and upload it again`,
  'bulk-quote-open': ({ row }) => `Row ${row}: a quoted field is never closed`,
  'bulk-too-many-rows': ({ count, max, row }) =>
    `The file has ${count.toLocaleString('en-US')} rows; at most ${max} can be invited in one upload (row ${row} is the first past the limit)`,
  'ai-off': () => AI_FAILURE_TEXTS['ai-off'],
  'ai-no-model': () => AI_FAILURE_TEXTS['ai-no-model'],
  'ai-budget-used': ({ until }) => `${AI_FAILURE_TEXTS['ai-budget-used']} They resume at ${until}.`,
  'ai-timeout': () => AI_FAILURE_TEXTS['ai-timeout'],
  'ai-rate-limited': () => AI_FAILURE_TEXTS['ai-rate-limited'],
  'ai-server-error': () => AI_FAILURE_TEXTS['ai-server-error'],
  'ai-unreachable': () => AI_FAILURE_TEXTS['ai-unreachable'],
  'ai-invalid-answer': () => AI_FAILURE_TEXTS['ai-invalid-answer'],
};

/** A coded error's English text. */
export const codedText = (error: Coded): string =>
  (ENGLISH[error.code] as (params: unknown) => string)(error.params);
