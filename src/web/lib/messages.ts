import type { ReactNode } from 'react';
import { type ErrorCode, type ErrorParams, isErrorCode } from '../../domain/error-codes';
import { formatDate, formatList, formatNumber, formatWait } from './format';
import { currentLanguage, i18n } from './i18n';

/**
 * A message that comes in English from elsewhere (the server's error answers, the shared
 * domain rules' validation messages) in the reader's language: the `messages` catalogue
 * is keyed by the English text itself (docs/decisions/023). A message with values in it
 * ("“Sales” cannot be deleted: …") matches a key written with placeholders
 * ("“{{name}}” cannot be deleted: …"); a field's message as the API sends it
 * ("dueDate: Enter a real date") keeps its field. A message the catalogue does not hold
 * is shown as it came.
 */
export function translateMessage(message: string): string {
  const exact = lookUp(message);
  if (exact !== null) return exact;
  const templated = fromTemplate(message);
  if (templated !== null) return templated;
  const field = /^([\w.]+): (.+)$/s.exec(message);
  if (field?.[1] && field[2]) {
    const rest = lookUp(field[2]) ?? fromTemplate(field[2]);
    if (rest !== null) return `${field[1]}: ${rest}`;
  }
  return message;
}

const OPTIONS = { ns: 'messages', keySeparator: false, nsSeparator: false } as const;

function lookUp(message: string): string | null {
  return i18n.exists(message, OPTIONS) ? i18n.t(message, OPTIONS) : null;
}

type Template = { key: string; pattern: RegExp; names: string[] };
let templates: { from: object; list: Template[] } | null = null;

/**
 * The catalogue's keys with {{placeholders}}, as patterns over the English text (every
 * language's catalogue has the same keys; English needs none: its keys are its texts).
 */
function templateList(): Template[] {
  const bundle = i18n.getResourceBundle(i18n.language, 'messages') as
    | Record<string, string>
    | undefined;
  if (!bundle) return [];
  if (templates?.from === bundle) return templates.list;
  const list: Template[] = [];
  for (const key of Object.keys(bundle)) {
    if (!key.includes('{{')) continue;
    const names: string[] = [];
    const source = key
      .split(/(\{\{\s*\w+\s*\}\})/)
      .map((part) => {
        const name = /^\{\{\s*(\w+)\s*\}\}$/.exec(part)?.[1];
        if (name) {
          names.push(name);
          return '(.+?)';
        }
        return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('');
    list.push({ key, pattern: new RegExp(`^${source}$`, 's'), names });
  }
  templates = { from: bundle, list };
  return list;
}

function fromTemplate(message: string): string | null {
  for (const { key, pattern, names } of templateList()) {
    const match = pattern.exec(message);
    if (!match) continue;
    const values: Record<string, string> = {};
    names.forEach((name, i) => {
      values[name] = match[i + 1] ?? '';
    });
    return i18n.t(key, { ...OPTIONS, ...values, interpolation: { escapeValue: false } });
  }
  return null;
}

/** A form's field errors (Mantine's validate result) with each message translated. */
export function translateErrors<T extends Record<string, ReactNode>>(errors: T): T {
  const out: Record<string, ReactNode> = {};
  for (const [field, message] of Object.entries(errors)) {
    out[field] = typeof message === 'string' ? translateMessage(message) : message;
  }
  return out as T;
}

// --- messages with a code (made from parts on the server) -----------------------------------

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
};

/**
 * An error the server answered with a code (src/domain/error-codes.ts) in the reader's
 * language; null when the code is not one we know or the catalogue is not there (the
 * caller then shows the server's English message). English is the server's own text.
 */
export function translateCoded(code: string, params: Values): string | null {
  if (!isErrorCode(code) || currentLanguage() === 'en') return null;
  if (!i18n.exists(`error.${code}`, OPTIONS) && !i18n.exists(`error.${code}_other`, OPTIONS))
    return null;
  return (CODED[code] as (values: Values) => string)(params);
}
