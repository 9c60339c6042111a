import { Flag } from 'lucide-react';
import { REPORT_STATUSES } from '../../../shared/schemas/admin';
import type { REVIEW_REPORT_STATUSES } from '../../../shared/schemas/reviews';
import type { MessageId } from '../../i18n/catalogue';
import type { Translate } from '../../i18n/use-t';
import { STATE_LABELS } from './format';

/**
 * The status filter and the empty states the two report lists of the Reports view share (reported
 * conversations and reported reviews), so the two sections, one above the other, read alike.
 */
export type ReportStatus = (typeof REPORT_STATUSES)[number] & (typeof REVIEW_REPORT_STATUSES)[number];
export type ReportStatusFilter = 'all' | ReportStatus;

/** Open first (what waits for an admin), the closed ones, then all of them. */
export const REPORT_STATUS_OPTIONS: readonly { value: ReportStatusFilter; label: MessageId }[] = [
  ...REPORT_STATUSES.map((s) => ({ value: s, label: STATE_LABELS[s] })),
  { value: 'all', label: 'admin.reports.all' },
];

/** The status a list asks the server for: none for all of them. */
export const reportStatusQuery = (filter: ReportStatusFilter): ReportStatus | undefined =>
  filter === 'all' ? undefined : filter;

/** The colour of a report's status badge. */
export const REPORT_PALETTE = { open: 'yellow', resolved: 'green', dismissed: 'gray' } as const;

/**
 * The empty state of a report list under a status filter: what is missing, and when it comes. A list
 * is of reported conversations (reported from their messages, resolved by suspending the sender) or
 * of reported reviews (reported on a vendor profile, resolved by hiding the review).
 */
export function emptyReports(t: Translate, filter: ReportStatusFilter, thing: 'conversation' | 'review') {
  const title =
    filter === 'all' ? t('admin.reports.emptyAll', { thing }) : t('admin.reports.emptyOf', { thing, filter });
  const description =
    filter === 'resolved'
      ? t('admin.reports.emptyResolved', { thing })
      : filter === 'dismissed'
        ? t('admin.reports.emptyDismissed')
        : t('admin.reports.emptyOpen', { thing });
  return { icon: Flag, title, description };
}
