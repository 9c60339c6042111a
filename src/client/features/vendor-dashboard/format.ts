import { formatCivilDay } from '../../../shared/dates';
import type { Language } from '../../../shared/i18n';
import type { MessageId } from '../../i18n/catalogue';
import type { Translate } from '../../i18n/use-t';
import { errorCode, serverMessage } from '../../lib/errors';
import { dateFormat, formatCount as formatScreenCount } from '../../lib/intl';

/** 'Nov 3, 2026' ('3 בנוב׳ 2026'), in the page's language. */
export const formatDate = (date: Date) =>
  dateFormat({ month: 'short', day: 'numeric', year: 'numeric' }).format(date);
/** 'Nov 3, 2026, 4:05 PM', in the page's language. */
export const formatDateTime = (date: Date) =>
  dateFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(date);
/**
 * An analytics day ('2026-11-03') as 'Nov 3' ('3 בנוב׳'). Analytics days are UTC civil dates: shown
 * in UTC so that 'Nov 3' stays Nov 3 west of Greenwich.
 */
export const formatDay = (day: string) =>
  dateFormat({ month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
/** An analytics day as 'Tue, Nov 3, 2026' ('יום ג׳, 3 בנוב׳ 2026'). */
export const formatLongDay = (day: string, language: Language) => formatCivilDay(day, language);
/** '1,234', in the page's language. */
export const formatCount = (n: number) => formatScreenCount(n);

/** Business minutes as '45 min', '3 h' or '3 h 20 min' ('45 דק׳', '3 שע׳', '3 שע׳ ו־20 דק׳'). */
export function formatMinutes(t: Translate, minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  // Passed as texts: written without grouping, as ever ('1200 h').
  if (hours === 0) return t('common.duration.minutes', { minutes: String(rest) });
  return rest === 0
    ? t('common.duration.hours', { hours: String(hours) })
    : t('common.duration.hoursMinutes', { hours: String(hours), minutes: String(rest) });
}

/** 'pending' -> 'Pending'. */
export const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

const CLAIM_STATUS_LABELS: Record<string, MessageId> = {
  pending: 'claims.status.pending',
  approved: 'claims.status.approved',
  rejected: 'claims.status.rejected',
  withdrawn: 'claims.status.withdrawn',
  revoked: 'claims.status.revoked',
};

/** A claim's status as its badge names it: 'Pending' ('ממתינה'); an unknown one as statusLabel does. */
export function claimStatusLabel(t: Translate, status: string): string {
  const id = CLAIM_STATUS_LABELS[status];
  return id ? t(id) : statusLabel(status);
}

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
