// One formatting module for the whole app (the reader's locale).
export { formatDate, formatDateTime } from '../../../lib/format';

export function hoursLabel(hours: number): string {
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}
