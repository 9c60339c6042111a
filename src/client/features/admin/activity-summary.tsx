import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ROLES } from '../../../shared/constants';
import type { AdminActivityItemDto, AuditActionValue } from '../../../shared/schemas/admin';
import type { MessageId } from '../../i18n/catalogue';
import { useT } from '../../i18n/use-t';

/** The feed's sentence for an admin action (the server's words in English: 'Hid the listing'). */
export const FEED_ACTION_WORDS: Record<AuditActionValue, MessageId> = {
  'claim.approve': 'admin.feed.action.claimApprove',
  'claim.reject': 'admin.feed.action.claimReject',
  'claim.revoke': 'admin.feed.action.claimRevoke',
  'vendor.verify': 'admin.feed.action.vendorVerify',
  'vendor.unverify': 'admin.feed.action.vendorUnverify',
  'vendor.hide': 'admin.feed.action.vendorHide',
  'vendor.unhide': 'admin.feed.action.vendorUnhide',
  'user.suspend': 'admin.feed.action.userSuspend',
  'user.reinstate': 'admin.feed.action.userReinstate',
  'user.role': 'admin.feed.action.userRole',
  'report.dismiss': 'admin.feed.action.reportDismiss',
  'report.suspend_sender': 'admin.feed.action.reportSuspendSender',
  'review.hide': 'admin.feed.action.reviewHide',
  'review.unhide': 'admin.feed.action.reviewUnhide',
  'review.dismiss_report': 'admin.feed.action.reviewDismissReport',
  'kashrut.verify': 'admin.feed.action.kashrutVerify',
  'kashrut.reject': 'admin.feed.action.kashrutReject',
};

const SIGNED_UP: Record<(typeof ROLES)[number], MessageId> = {
  customer: 'admin.feed.says.signedUpCustomer',
  vendor: 'admin.feed.says.signedUpVendor',
  admin: 'admin.feed.says.signedUpAdmin',
};

/** A decided claim's status inside the feed's sentence ('Claimed Simcha Hall (approved)'). */
const CLAIM_STATUS: Record<string, MessageId> = {
  approved: 'admin.feed.status.approved',
  rejected: 'admin.feed.status.rejected',
  withdrawn: 'admin.feed.status.withdrawn',
  revoked: 'admin.feed.status.revoked',
};

const known = <T extends string>(table: Record<T, MessageId>, value: string | undefined) =>
  value !== undefined && Object.hasOwn(table, value) ? table[value as T] : undefined;

/**
 * What a feed item says, in the page's language: composed from the values the server made its
 * summary of (`about`), the English the very summary the server wrote, business names and reasons
 * (a person's words) isolated. Without those values, or with one this screen does not know, the
 * server's own summary.
 */
export function ActivitySummary({ item }: { item: AdminActivityItemDto }): ReactNode {
  const t = useT();
  const about = item.about;
  if (!about) return item.summary;
  if (item.kind === 'signup') {
    const id = known(SIGNED_UP, about.role);
    return id ? t(id) : item.summary;
  }
  if (item.kind === 'claim') {
    if (about.businessName === undefined) return item.summary;
    const name = <bdi>{about.businessName}</bdi>;
    if (about.status === 'pending')
      return <FormattedMessage id="admin.feed.says.claimed" values={{ name }} />;
    const status = known(CLAIM_STATUS, about.status);
    return status ? (
      <FormattedMessage id="admin.feed.says.claimedStatus" values={{ name, status: t(status) }} />
    ) : (
      item.summary
    );
  }
  if (item.kind === 'report') {
    return about.reason === undefined ? (
      item.summary
    ) : (
      <FormattedMessage id="admin.feed.says.reported" values={{ reason: <bdi>{about.reason}</bdi> }} />
    );
  }
  const action = known(FEED_ACTION_WORDS, about.action);
  if (!action) return item.summary;
  return about.reason === undefined ? (
    t(action)
  ) : (
    <FormattedMessage
      id="admin.feed.says.withReason"
      values={{ action: t(action), reason: <bdi>{about.reason}</bdi> }}
    />
  );
}
