const NOT_AVAILABLE = 'N/A';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  // The day is built at UTC midnight and shown at UTC: the viewer's zone never moves it.
  timeZone: 'UTC',
});

/**
 * 'YYYY-MM-DD' (a calendar day, as due dates are stored) as 'Nov 28, 2026'.
 * The parts are read one by one: `new Date('2026-11-28')` means UTC midnight, which is
 * the 27th anywhere west of Greenwich. Missing: 'N/A' (spec section 3); anything else
 * that is not such a date is shown as it is rather than hidden.
 */
export function formatDay(value: string | null | undefined): string {
  if (!value?.trim()) return NOT_AVAILABLE;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!match) return value;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Years 0-99 would otherwise be read as 1900-1999.
  date.setUTCFullYear(year);
  // Reject what Date would roll over (2026-02-31 becoming March 3rd).
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return value;
  return dateFormat.format(date);
}
