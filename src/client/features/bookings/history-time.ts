import { dateFormat } from '../../lib/intl';

/** Date and time as the browser's toLocaleString writes them, in the page's language and zone. */
const HISTORY_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
};

/** When a step of a booking's or quote's history was taken ('12/1/2026, 7:40:12 PM'). */
export function historyTime(at: Date): string {
  return dateFormat(HISTORY_TIME).format(at);
}
