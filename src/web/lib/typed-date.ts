import type { Language } from '../../domain/languages';
import { parseDay } from './format';

/**
 * A calendar day as the reader types it: the locale's numeric date (05.12.2026 in German,
 * 12/05/2026 in US English, 2026/12/05 in Japanese) and ISO 2026-12-05, which every locale
 * accepts so a pasted date works. The forms and the API keep 'YYYY-MM-DD'.
 */

type Part = 'year' | 'month' | 'day';
type Layout = { order: Part[]; format: Intl.DateTimeFormat };

const layouts = new Map<string, Layout>();

/** The order of year, month and day in the locale's numeric date, read from Intl once. */
function layoutOf(locale: string): Layout {
  let layout = layouts.get(locale);
  if (!layout) {
    const format = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      timeZone: 'UTC',
    });
    const order = format
      .formatToParts(new Date(Date.UTC(2026, 11, 5)))
      .map((p) => p.type)
      .filter((type): type is Part => type === 'year' || type === 'month' || type === 'day');
    layout = { order, format };
    layouts.set(locale, layout);
  }
  return layout;
}

/** 'YYYY-MM-DD' as the locale writes it with digits ('05.12.2026'); '' when it is no day. */
export function formatTypedDate(value: string, locale: string): string {
  const day = parseDay(value);
  return day ? layoutOf(locale).format.format(day) : '';
}

const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
// Digits and the separators dates are written with (Japanese may write 2026年12月5日).
const NUMERIC = /^[\d\s./\-年月日]+$/;

/** What the reader typed as 'YYYY-MM-DD', or null when it is not a real day in either form. */
export function parseTypedDate(text: string, locale: string): string | null {
  const trimmed = text.trim();
  const iso = ISO.exec(trimmed);
  let numbers: string[];
  if (iso) {
    numbers = [iso[1] as string, iso[2] as string, iso[3] as string];
  } else {
    const groups = NUMERIC.test(trimmed) ? (trimmed.match(/\d+/g) ?? []) : [];
    const { order } = layoutOf(locale);
    if (groups.length !== 3 || order.length !== 3) return null;
    const at = (part: Part) => groups[order.indexOf(part)] as string;
    numbers = [at('year'), at('month'), at('day')];
  }
  const [year, month, day] = numbers as [string, string, string];
  // A two-digit year would be a guess at the century.
  if (year.length !== 4 || month.length > 2 || day.length > 2) return null;
  const value = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return parseDay(value) ? value : null;
}

/**
 * The first day of the calendar's week per language (CLDR: Sunday in the US and Japan,
 * Monday in Germany, France and Spain). Intl.Locale's week info would say so, but Firefox
 * does not have it.
 */
export const FIRST_DAY_OF_WEEK: Record<Language, 0 | 1> = { en: 0, ja: 0, de: 1, fr: 1, es: 1 };
