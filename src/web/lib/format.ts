import { currentLocale, i18n } from './i18n';

/**
 * Every date, time, number and amount the app shows, in the reader's locale
 * (the language in force: src/web/lib/i18n.ts). Missing or unreadable dates are 'N/A'
 * (spec section 3) in English and its counterpart in the other languages (notAvailable()).
 * Formatters are kept per locale: building one costs more than using it.
 */

/** The spec's English text; screens show notAvailable(), which is it in English. */
export const NOT_AVAILABLE = 'N/A';

/** "N/A" in the language in force ("k. A.", "N/D", "なし"): never English on a translated screen. */
export function notAvailable(): string {
  return i18n.t('notAvailable', { ns: 'common', defaultValue: NOT_AVAILABLE });
}

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();

function formatter<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(
  kind: 'date' | 'number' | 'relative',
  options: object,
  make: (locale: string) => T,
): T {
  const locale = currentLocale();
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let made = cache.get(key) as T | undefined;
  if (!made) {
    made = make(locale);
    cache.set(key, made);
  }
  return made;
}

const dateTime = (options: Intl.DateTimeFormatOptions) =>
  formatter('date', options, (locale) => new Intl.DateTimeFormat(locale, options));

const PLAIN_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * 'YYYY-MM-DD' (a calendar day, as due dates are stored) at UTC midnight, or null when it
 * is not a real day (2026-02-31). Shown at UTC, so the viewer's zone never moves it.
 */
export function parseDay(value: string): Date | null {
  const match = PLAIN_DAY.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Years 0-99 would otherwise be read as 1900-1999.
  date.setUTCFullYear(year);
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date;
}

type DateInput = string | number | Date | null | undefined;

function toDate(value: DateInput): { date: Date; plainDay: boolean } | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') {
    const day = parseDay(value);
    if (day) return { date: day, plainDay: true };
    if (PLAIN_DAY.test(value.trim())) return null;
  }
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : { date, plainDay: false };
}

/** A day: 'Jun 3, 2026' (en), '3 juin 2026' (fr), '2026/06/03' (ja)... 'N/A' when missing. */
export function formatDate(value: DateInput): string {
  const read = toDate(value);
  if (!read) return notAvailable();
  const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
  if (read.plainDay) options.timeZone = 'UTC';
  return dateTime(options).format(read.date);
}

/** A day without its year ('Jun 3'), for chart axes. */
export function formatMonthDay(value: DateInput): string {
  const read = toDate(value);
  if (!read) return notAvailable();
  const options: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' };
  if (read.plainDay) options.timeZone = 'UTC';
  return dateTime(options).format(read.date);
}

/** A day with its weekday, without the year ('Tue, Jun 3'). */
export function formatWeekdayDay(value: DateInput): string {
  const read = toDate(value);
  if (!read) return notAvailable();
  return dateTime({ weekday: 'short', month: 'short', day: 'numeric' }).format(read.date);
}

/** A moment with its time of day: 'Jun 3, 2026, 3:07 PM'. */
export function formatDateTime(value: DateInput): string {
  const read = toDate(value);
  if (!read) return notAvailable();
  return dateTime({
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(read.date);
}

/** A time of day: '3:07 PM' (or '3:07:09 PM' with seconds); empty when unreadable. */
export function formatTime(value: DateInput, { seconds = false } = {}): string {
  const read = toDate(value);
  if (!read) return '';
  return dateTime(
    seconds
      ? { hour: 'numeric', minute: '2-digit', second: '2-digit' }
      : { hour: 'numeric', minute: '2-digit' },
  ).format(read.date);
}

/** A whole or decimal number with the locale's grouping: 12,500 / 12 500 / 12.500. */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  return formatter('number', options, (locale) => new Intl.NumberFormat(locale, options)).format(
    value,
  );
}

/** An amount of money: '$50,000', '50 000 €', '¥50,000'; an unknown code shown after the number. */
export function formatMoney(amount: number, currency: string): string {
  const options: Intl.NumberFormatOptions = {
    style: 'currency',
    currency,
    maximumFractionDigits: 0,
  };
  try {
    return formatter('number', options, (locale) => new Intl.NumberFormat(locale, options)).format(
      amount,
    );
  } catch {
    return `${formatNumber(amount)} ${currency}`;
  }
}

const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** 'Today' or 'Yesterday' (days 0 and -1) in the reader's language, capitalised as a label. */
export function formatDayName(days: 0 | -1): string {
  const format = formatter(
    'relative',
    { numeric: 'auto' },
    (locale) => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }),
  );
  const text = format.format(days, 'day');
  return text.charAt(0).toLocaleUpperCase(currentLocale()) + text.slice(1);
}

/** How long ago or ahead: '5 minutes ago', 'in 2 days', 'yesterday' (numeric: auto). */
export function formatRelative(value: DateInput, now: Date = new Date()): string {
  const read = toDate(value);
  if (!read) return notAvailable();
  let amount = (read.date.getTime() - now.getTime()) / 1000;
  const format = formatter(
    'relative',
    { numeric: 'auto' },
    (locale) => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }),
  );
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) return format.format(Math.round(amount), unit);
    amount /= size;
  }
  return format.format(Math.round(amount), 'year');
}

// --- interviews (features/interviews) ---------------------------------------------------

/**
 * An interview's moment with its weekday, time and zone name, in the reader's zone or in
 * `timeZone` when given (the zone the time was set in): 'Tue, Jun 3, 2026, 03:07 PM GMT+2'.
 */
export function formatZonedDateTime(value: DateInput, timeZone?: string): string {
  const read = toDate(value);
  if (!read) return notAvailable();
  const options: Intl.DateTimeFormatOptions = {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  };
  if (timeZone) options.timeZone = timeZone;
  try {
    return dateTime(options).format(read.date);
  } catch {
    // An unknown zone: the reader's own.
    const { timeZone: _unknown, ...own } = options;
    return dateTime(own).format(read.date);
  }
}

/**
 * Whether two time zones show the same clock time at that moment (UTC and Europe/London in
 * winter): a time need not be written twice, once in each. An unknown zone never matches.
 */
export function sameClockTime(value: DateInput, zoneA: string, zoneB: string): boolean {
  const read = toDate(value);
  if (!read) return false;
  const offset = (timeZone: string) =>
    dateTime({ timeZone, timeZoneName: 'longOffset' })
      .formatToParts(read.date)
      .find((p) => p.type === 'timeZoneName')?.value;
  try {
    return offset(zoneA) === offset(zoneB);
  } catch {
    return false;
  }
}

// --- jobs and profile: number inputs ------------------------------------------------------

/**
 * The grouping and decimal marks of the locale in force, for inputs that format as one
 * types (Mantine's NumberInput): '12,500.5' in English, '12.500,5' in German.
 */
export function numberSeparators(): { thousandSeparator: string; decimalSeparator: string } {
  const options = { useGrouping: true };
  const parts = formatter(
    'number',
    options,
    (locale) => new Intl.NumberFormat(locale, options),
  ).formatToParts(12345.6);
  return {
    thousandSeparator: parts.find((p) => p.type === 'group')?.value ?? ',',
    decimalSeparator: parts.find((p) => p.type === 'decimal')?.value ?? '.',
  };
}

// --- departments (i18n-admin) --------------------------------------------------------------

const listCache = new Map<string, Intl.ListFormat>();

/** A list joined the reader's way: 'a, b and c' / 'a, b et c' / 'a, b und c'. */
export function formatList(items: readonly string[]): string {
  const options = { style: 'long', type: 'conjunction' } as const;
  const locale = currentLocale();
  const key = `list|${locale}`;
  let made = listCache.get(key);
  if (!made) {
    made = new Intl.ListFormat(locale, options);
    listCache.set(key, made);
  }
  return made.format(items);
}

// --- the shell and messaging: compact "how long ago" ---------------------------------------

/**
 * How long ago, compactly, for lists (the bell, conversations): the spec's 'Just now' under
 * a minute (or when unreadable), then '5m ago' / 'vor 5 Min.' / '5分前' up to a week, then
 * the day ('Jun 3').
 */
export function formatAgo(value: DateInput, now: Date = new Date()): string {
  const read = toDate(value);
  const justNow = i18n.t('time.justNow', { ns: 'common' });
  if (!read) return justNow;
  const seconds = Math.max(0, Math.round((now.getTime() - read.date.getTime()) / 1000));
  if (seconds < 60) return justNow;
  const format = formatter(
    'relative',
    { ago: true },
    // English's narrow style is the spec's '5m ago'; other languages' short one reads better.
    (locale) =>
      new Intl.RelativeTimeFormat(locale, {
        style: locale.startsWith('en') ? 'narrow' : 'short',
        numeric: 'always',
      }),
  );
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return format.format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return format.format(-hours, 'hour');
  const days = Math.floor(hours / 24);
  if (days < 7) return format.format(-days, 'day');
  return formatMonthDay(read.date);
}

// --- server messages with a code (errcodes): the abuse limits' waits ------------------------

/**
 * How long until a limit's window reopens, rounded up as the server does: '45 seconds',
 * '3 minutes', '2 hours' / '3 Minuten' / '3 分' (Intl's long unit names, plural included).
 */
export function formatWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  const m = Math.ceil(s / 60);
  const [value, unit] =
    s < 60 ? [s, 'second'] : m < 60 ? [m, 'minute'] : [Math.ceil(m / 60), 'hour'];
  const options: Intl.NumberFormatOptions = { style: 'unit', unit, unitDisplay: 'long' };
  return formatter('number', options, (locale) => new Intl.NumberFormat(locale, options)).format(
    value,
  );
}
