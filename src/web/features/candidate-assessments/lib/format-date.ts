import { formatDate, NOT_AVAILABLE, parseDay } from '../../../lib/format';

/**
 * 'YYYY-MM-DD' (a calendar day, as due dates are stored) as 'Nov 28, 2026' in the reader's
 * locale, never moved by their time zone. Missing: 'N/A' (spec section 3); anything else
 * that is not such a date is shown as it is rather than hidden.
 */
export function formatDay(value: string | null | undefined): string {
  if (!value?.trim()) return NOT_AVAILABLE;
  return parseDay(value) ? formatDate(value.trim()) : value;
}
