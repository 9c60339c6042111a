import { Flag } from 'lucide-react';
import { REPORT_STATUSES } from '../../../shared/schemas/admin';
import type { REVIEW_REPORT_STATUSES } from '../../../shared/schemas/reviews';
import { statusLabel } from './format';

/**
 * The status filter and the empty states the two report lists of the Reports view share (reported
 * conversations and reported reviews), so the two sections, one above the other, read alike.
 */
export type ReportStatus = (typeof REPORT_STATUSES)[number] & (typeof REVIEW_REPORT_STATUSES)[number];
export type ReportStatusFilter = 'all' | ReportStatus;

/** Open first (what waits for an admin), the closed ones, then all of them. */
export const REPORT_STATUS_OPTIONS: readonly { value: ReportStatusFilter; label: string }[] = [
  ...REPORT_STATUSES.map((s) => ({ value: s, label: statusLabel(s) })),
  { value: 'all', label: 'All reports' },
];

/** The status a list asks the server for: none for all of them. */
export const reportStatusQuery = (filter: ReportStatusFilter): ReportStatus | undefined =>
  filter === 'all' ? undefined : filter;

/** The colour of a report's status badge. */
export const REPORT_PALETTE = { open: 'yellow', resolved: 'green', dismissed: 'gray' } as const;

/** What a report list is about: 'conversation', and where it is reported from. */
interface Reported {
  thing: 'conversation' | 'review';
  /** 'in their messages': where someone reports one. */
  where: string;
  /** What closes a report as resolved: 'suspending the sender'. */
  resolvedBy: string;
}

/** The empty state of a report list under a status filter: what is missing, and when it comes. */
export function emptyReports(filter: ReportStatusFilter, { thing, where, resolvedBy }: Reported) {
  const title = filter === 'all' ? `No reported ${thing}s yet` : `No ${filter} reports of ${thing}s`;
  const description =
    filter === 'resolved'
      ? `Reports closed by ${resolvedBy} appear here.`
      : filter === 'dismissed'
        ? 'Reports closed without action appear here.'
        : `When someone reports a ${thing} ${where}, it appears here.`;
  return { icon: Flag, title, description };
}
