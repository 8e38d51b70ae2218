/**
 * A time of day as the reader types it: the locale's clock (14:30 in German, French, Spanish
 * and Japanese, 2:30 PM in US English) and 24-hour "14:30", which every locale accepts so a
 * pasted time works. The forms and the API keep 'HH:MM'.
 */
import { TIME_OF_DAY } from '../../domain/interviews';

type Clock = { format: Intl.DateTimeFormat; am: string[]; pm: string[] };

const clocks = new Map<string, Clock>();

// The day periods every locale reads, besides its own (a.m., p. m., AM).
const AM = ['am', 'a.m.', 'a. m.'];
const PM = ['pm', 'p.m.', 'p. m.'];

/** Spaces of any kind as one plain space, lower case, full-width digits as ASCII ones. */
function normalise(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The locale's hour cycle and its names for the morning and the afternoon, read from Intl once. */
function clockOf(locale: string): Clock {
  let clock = clocks.get(locale);
  if (!clock) {
    const cycle = new Intl.DateTimeFormat(locale, {
      hour: 'numeric',
      timeZone: 'UTC',
    }).resolvedOptions().hourCycle;
    const twelveHour = cycle === 'h11' || cycle === 'h12';
    // 2:30 PM, but 09:05 on a 24-hour clock (as 'HH:MM' and the browser's own field).
    const format = new Intl.DateTimeFormat(locale, {
      hour: twelveHour ? 'numeric' : '2-digit',
      minute: '2-digit',
      timeZone: 'UTC',
    });
    const period = (hour: number) =>
      new Intl.DateTimeFormat(locale, { hour: 'numeric', hour12: true, timeZone: 'UTC' })
        .formatToParts(new Date(Date.UTC(2026, 0, 1, hour)))
        .find((part) => part.type === 'dayPeriod')?.value;
    const own = (hour: number) => {
      const name = period(hour);
      return name ? [normalise(name)] : [];
    };
    clock = {
      format,
      am: [...own(9), ...AM],
      pm: [...own(15), ...PM],
    };
    clocks.set(locale, clock);
  }
  return clock;
}

/** 'HH:MM' as the locale writes it ('14:30', '2:30 PM'); '' when it is no time. */
export function formatTypedTime(value: string, locale: string): string {
  const match = TIME_OF_DAY.exec(value);
  if (!match) return '';
  const at = new Date(Date.UTC(2026, 0, 1, Number(match[1]), Number(match[2])));
  // Intl puts a narrow no-break space before PM; the reader types a plain one.
  return clockOf(locale).format.format(at).replace(/\s+/g, ' ');
}

// Hours, then minutes after ':' or '.', or after 'h' (French 14h30, 14h) or 時 (Japanese
// 14時30分, 14時); 3-4 digits without a separator (930, 1430); or hours alone (14, 2 pm).
const CLOCK =
  /^(\d{1,2})(?:\s?[:.]\s?(\d{2})|\s?(?:h|時)\s?(?:(\d{2})\s?分?)?)?$|^(\d{1,2})(\d{2})$/;

/** The day period a text starts or ends with ('pm', '午後'), and the rest of it. */
function splitPeriod(text: string, clock: Clock): { period: 'am' | 'pm' | null; rest: string } {
  const names = [
    ...clock.am.map((name) => ({ name, period: 'am' as const })),
    ...clock.pm.map((name) => ({ name, period: 'pm' as const })),
  ].sort((a, b) => b.name.length - a.name.length);
  for (const { name, period } of names) {
    if (text.endsWith(name)) return { period, rest: text.slice(0, -name.length).trim() };
    if (text.startsWith(name)) return { period, rest: text.slice(name.length).trim() };
  }
  return { period: null, rest: text };
}

/** What the reader typed as 'HH:MM', or null when it is not a time of day. */
export function parseTypedTime(text: string, locale: string): string | null {
  const { period, rest } = splitPeriod(normalise(text), clockOf(locale));
  const match = CLOCK.exec(rest);
  if (!match) return null;
  let hour = Number(match[1] ?? match[4]);
  const minute = Number(match[2] ?? match[3] ?? match[5] ?? '0');
  if (minute > 59) return null;
  if (period) {
    // 12 AM is midnight and 12 PM noon; no 0 or 13 on a 12-hour clock.
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (period === 'pm' ? 12 : 0);
  } else if (hour > 23) {
    return null;
  }
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}
