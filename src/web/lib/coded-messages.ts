import { type ErrorCode, type ErrorParams, isErrorCode } from '../../domain/error-codes';
import { formatDate, formatDateTime, formatList, formatNumber, formatWait } from './format';
import { i18n } from './i18n';
import { OPTIONS } from './message-options';

/**
 * The texts of errors the server answers with a code (docs/decisions/023), loaded by
 * messages.ts as a chunk of its own for every language but English.
 */

type Values = Record<string, string | number>;
const num = (value: unknown) => (typeof value === 'number' ? value : Number(value) || 0);
const str = (value: unknown) => (typeof value === 'string' ? value : String(value ?? ''));

/** A key of the `messages` catalogue's coded block ('error.<code>...'), with its values. */
const tr = (key: string, values: Values = {}) => i18n.t(key, { ...OPTIONS, ...values });

/** "2 jobs and 1 template" in the reader's language: each count's own plural, then a list. */
const counted = (prefix: string, counts: [string, number][]) =>
  formatList(
    counts
      .filter(([, count]) => count > 0)
      .map(([name, count]) => tr(`${prefix}.${name}`, { count, n: formatNumber(count) })),
  );

const wait = (key: string) => (p: { seconds: number }) =>
  tr(key, { wait: formatWait(num(p.seconds)) });

/**
 * Each code's text in the reader's language, from the values the server sent: counts with
 * i18next plurals, lists with Intl.ListFormat, waits, numbers and days through format.ts.
 */
const CODED: { [C in ErrorCode]: (params: ErrorParams[C]) => string } = {
  'department-in-use': (p) => {
    const counts: [string, number][] = [
      ['templates', num(p.templates)],
      ['jobs', num(p.jobs)],
      ['admins', num(p.admins)],
    ];
    return tr('error.department-in-use', {
      name: str(p.name),
      usage: counted('error.department-in-use', counts),
      count: counts.reduce((sum, [, n]) => sum + n, 0),
    });
  },
  'job-action-refused': (p) =>
    tr('error.job-action-refused', {
      status: tr(`error.job-action-refused.status.${str(p.status)}`),
      action: tr(`error.job-action-refused.action.${str(p.action)}`),
    }),
  'recruiter-has-records': (p) =>
    tr('error.recruiter-has-records', {
      jobs: tr('error.recruiter-has-records.jobs', {
        count: num(p.jobs),
        n: formatNumber(num(p.jobs)),
      }),
      assessments: tr('error.recruiter-has-records.assessments', {
        count: num(p.assessments),
        n: formatNumber(num(p.assessments)),
      }),
    }),
  'invitation-expired': (p) =>
    tr('error.invitation-expired', { date: formatDate(str(p.date)), name: str(p.name) }),
  'wait-jobs': wait('error.wait-jobs'),
  'wait-invitations-sent': wait('error.wait-invitations-sent'),
  'wait-invitations-received': wait('error.wait-invitations-received'),
  'wait-applications': wait('error.wait-applications'),
  'wait-messages': wait('error.wait-messages'),
  'wait-conversations': wait('error.wait-conversations'),
  'wait-test-mails': wait('error.wait-test-mails'),
  'wait-erase-attempts': wait('error.wait-erase-attempts'),
  'bulk-row-not-utf8': (p) => tr('error.bulk-row-not-utf8', { row: formatNumber(num(p.row)) }),
  'bulk-quote-open': (p) => tr('error.bulk-quote-open', { row: formatNumber(num(p.row)) }),
  'bulk-too-many-rows': (p) =>
    tr('error.bulk-too-many-rows', {
      rows: formatNumber(num(p.count)),
      max: formatNumber(num(p.max)),
      row: formatNumber(num(p.row)),
    }),
  'ai-off': () => tr('error.ai-off'),
  'ai-no-model': () => tr('error.ai-no-model'),
  'ai-budget-used': (p) => tr('error.ai-budget-used', { until: formatDateTime(str(p.until)) }),
  'ai-timeout': () => tr('error.ai-timeout'),
  'ai-rate-limited': () => tr('error.ai-rate-limited'),
  'ai-server-error': () => tr('error.ai-server-error'),
  'ai-unreachable': () => tr('error.ai-unreachable'),
  'ai-invalid-answer': () => tr('error.ai-invalid-answer'),
};

/** A coded error in the language in force; null for a code we do not know or texts not loaded. */
export function translateCoded(code: string, params: Values): string | null {
  if (!isErrorCode(code)) return null;
  if (!i18n.exists(`error.${code}`, OPTIONS) && !i18n.exists(`error.${code}_other`, OPTIONS))
    return null;
  return (CODED[code] as (values: Values) => string)(params);
}
