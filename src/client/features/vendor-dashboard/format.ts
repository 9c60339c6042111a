import { formatCivilDay } from '../../../shared/dates';
import { errorCode, serverMessage } from '../../lib/errors';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
// Analytics days are UTC civil dates: shown in UTC so that 'Nov 3' stays Nov 3 west of Greenwich.
const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const countFormat = new Intl.NumberFormat('en-US');

/** 'Nov 3, 2026'. */
export const formatDate = (date: Date) => dateFormat.format(date);
/** 'Nov 3, 2026, 4:05 PM'. */
export const formatDateTime = (date: Date) => dateTimeFormat.format(date);
/** An analytics day ('2026-11-03') as 'Nov 3'. */
export const formatDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));
/** An analytics day as 'Tue, Nov 3, 2026'. */
export const formatLongDay = (day: string) => formatCivilDay(day);
/** '1,234'. */
export const formatCount = (n: number) => countFormat.format(n);

/** Business minutes as '45 min', '3 h' or '3 h 20 min'. */
export function formatMinutes(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** 'pending' -> 'Pending'. */
export const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

/**
 * The server's own sentence for a refusal ('You already have a pending claim for this listing'),
 * or null for a crash or a lost connection, where the screen's fallback text reads better.
 */
export function specificMessage(error: unknown): string | null {
  if (errorCode(error) === 'INTERNAL_SERVER_ERROR') return null;
  return serverMessage(error);
}

/** A listing the caller does not own, or none at all: the server answers NOT_FOUND. */
export const isNotFound = (error: unknown) => errorCode(error) === 'NOT_FOUND';
