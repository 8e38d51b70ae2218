const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/**
 * A calendar date ('YYYY-MM-DD') or a timestamp as 'Jun 3, 2026'; 'N/A' when missing
 * (spec section 3). Plain dates are read in local time so they never shift a day.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const plain = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = plain
    ? new Date(Number(plain[1]), Number(plain[2]) - 1, Number(plain[3]))
    : new Date(value);
  return Number.isNaN(date.getTime()) ? 'N/A' : dateFormat.format(date);
}

/** A timestamp with its time of day; 'N/A' when missing. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'N/A' : dateTimeFormat.format(date);
}

export function hoursLabel(hours: number): string {
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}
