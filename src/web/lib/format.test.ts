import { afterEach, describe, expect, it } from 'vitest';
import {
  formatAgo,
  formatDate,
  formatDateTime,
  formatList,
  formatMoney,
  formatNumber,
  formatRelative,
  formatTime,
  formatWait,
  formatZonedDateTime,
  numberSeparators,
  sameClockTime,
} from './format';
import { i18n } from './i18n';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('formats follow the language in force', () => {
  it('writes days in each locale, and N/A when missing or unreadable', async () => {
    expect(formatDate('2026-06-03')).toBe('Jun 3, 2026');
    expect(formatDate(null)).toBe('N/A');
    expect(formatDate('2026-02-31')).toBe('N/A');
    expect(formatDate('not a date')).toBe('N/A');
    await i18n.changeLanguage('de');
    expect(formatDate('2026-06-03')).toBe('3. Juni 2026');
    await i18n.changeLanguage('fr');
    expect(formatDate('2026-06-03')).toBe('3 juin 2026');
    await i18n.changeLanguage('ja');
    expect(formatDate('2026-06-03')).toBe('2026年6月3日');
  });

  it('keeps a calendar day on its day whatever the zone, and times in the reader zone', () => {
    expect(formatDate('2026-01-01')).toBe('Jan 1, 2026');
    const at = new Date(2026, 5, 3, 15, 7, 9);
    expect(formatTime(at)).toBe('3:07 PM');
    expect(formatTime(at, { seconds: true })).toBe('3:07:09 PM');
    expect(formatDateTime(at)).toBe('Jun 3, 2026, 3:07 PM');
  });

  it('groups numbers and writes money by locale', async () => {
    expect(formatNumber(12500)).toBe('12,500');
    expect(formatMoney(50000, 'USD')).toBe('$50,000');
    await i18n.changeLanguage('de');
    expect(formatNumber(12500)).toBe('12.500');
    expect(formatMoney(50000, 'EUR')).toBe('50.000\u00a0€');
    await i18n.changeLanguage('ja');
    expect(formatMoney(50000, 'JPY')).toBe('￥50,000');
  });

  it('says how long ago in words of the language', async () => {
    const now = new Date('2026-06-03T12:00:00Z');
    expect(formatRelative(new Date('2026-06-03T11:55:00Z'), now)).toBe('5 minutes ago');
    expect(formatRelative(new Date('2026-06-02T12:00:00Z'), now)).toBe('yesterday');
    await i18n.changeLanguage('es');
    expect(formatRelative(new Date('2026-06-05T12:00:00Z'), now)).toBe('pasado mañana');
  });

  it('writes an interview time with its weekday and zone in the language in force', async () => {
    const at = '2026-06-02T13:30:00.000Z';
    expect(formatZonedDateTime(at, 'Europe/Berlin')).toBe('Tue, Jun 2, 2026, 03:30 PM GMT+2');
    await i18n.changeLanguage('de');
    expect(formatZonedDateTime(at, 'Europe/Berlin')).toBe('Di., 2. Juni 2026, 15:30 MESZ');
    await i18n.changeLanguage('ja');
    expect(formatZonedDateTime(at, 'Asia/Tokyo')).toBe('2026年6月2日(火) 22:30 JST');
    // "N/A" in the reader's language: English left on a Japanese screen otherwise.
    expect(formatZonedDateTime(null)).toBe('なし');
    await i18n.changeLanguage('de');
    expect(formatDate(null)).toBe('k. A.');
    await i18n.changeLanguage('ja');
    expect(formatZonedDateTime(at, 'Not/AZone')).not.toBe('N/A');
  });

  it('knows when two zones show the same clock time', () => {
    expect(sameClockTime('2026-12-05T15:30:00Z', 'UTC', 'Europe/London')).toBe(true);
    expect(sameClockTime('2026-06-05T15:30:00Z', 'UTC', 'Europe/London')).toBe(false);
    expect(sameClockTime('2026-12-05T15:30:00Z', 'UTC', 'Not/AZone')).toBe(false);
  });
});

// --- jobs (i18n-jobs) ---------------------------------------------------------------------
describe('number inputs group digits as the reader writes them', () => {
  it('gives the locale grouping and decimal marks', async () => {
    expect(numberSeparators()).toEqual({ thousandSeparator: ',', decimalSeparator: '.' });
    await i18n.changeLanguage('de');
    expect(numberSeparators()).toEqual({ thousandSeparator: '.', decimalSeparator: ',' });
    await i18n.changeLanguage('fr');
    expect(numberSeparators()).toEqual({ thousandSeparator: '\u202f', decimalSeparator: ',' });
  });

  it('joins lists the way the language does', async () => {
    expect(formatList(['1 template', '2 jobs'])).toBe('1 template and 2 jobs');
    await i18n.changeLanguage('de');
    expect(formatList(['a', 'b', 'c'])).toBe('a, b und c');
  });
});

describe('formatAgo', () => {
  it("says 'Just now' under a minute or for a bad date, then minutes, hours, days, then the day", async () => {
    const now = new Date('2026-11-21T12:00:00Z');
    expect(formatAgo('2026-11-21T11:59:30Z', now)).toBe('Just now');
    expect(formatAgo(null, now)).toBe('Just now');
    expect(formatAgo('nonsense', now)).toBe('Just now');
    expect(formatAgo('2026-11-21T11:55:00Z', now)).toBe('5m ago');
    expect(formatAgo('2026-11-21T09:00:00Z', now)).toBe('3h ago');
    expect(formatAgo('2026-11-19T12:00:00Z', now)).toBe('2d ago');
    expect(formatAgo('2026-11-01T12:00:00Z', now)).toBe('Nov 1');
    await i18n.changeLanguage('de');
    expect(formatAgo('2026-11-21T11:59:30Z', now)).toBe('Gerade eben');
    expect(formatAgo('2026-11-21T11:55:00Z', now)).toBe('vor 5 Min.');
    await i18n.changeLanguage('ja');
    expect(formatAgo('2026-11-21T09:00:00Z', now)).toBe('3 時間前');
  });

  it("writes a limit's wait rounded up, with the locale's unit and plural", async () => {
    expect(formatWait(0)).toBe('1 second');
    expect(formatWait(59)).toBe('59 seconds');
    expect(formatWait(61)).toBe('2 minutes');
    expect(formatWait(3601)).toBe('2 hours');
    await i18n.changeLanguage('de');
    expect(formatWait(1800)).toBe('30 Minuten');
    expect(formatWait(3600)).toBe('1 Stunde');
    await i18n.changeLanguage('ja');
    expect(formatWait(1800)).toBe('30 分');
  });
});
