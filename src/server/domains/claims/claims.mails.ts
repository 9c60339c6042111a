import type { MailContent } from '../../platform/mail/outbox';
import { notificationMail } from '../../platform/mail/templates';

export type ClaimDecision = 'approved' | 'rejected' | 'revoked';

const CLAIM_DECISION_LINES: Record<ClaimDecision, (listing: string) => string> = {
  approved: (listing) =>
    `Your claim for ${listing} was approved. The listing is now yours: edit its profile and answer its messages from your vendor dashboard.`,
  rejected: (listing) =>
    `Your claim for ${listing} was not approved. If you believe this is a mistake, you can submit a new claim with more proof of ownership.`,
  revoked: (listing) =>
    `Your approved claim for ${listing} was revoked, and the listing is no longer managed from your account.`,
};

/**
 * An admin's decision on a vendor claim (or the automatic rejection when a competing claim was
 * approved). The notes are the reviewer's own words, shown as written: they tell the claimant why.
 */
export function claimDecidedMail(input: {
  name: string;
  listingName: string;
  decision: ClaimDecision;
  notes: string | null;
  claimsUrl: string;
}): MailContent {
  const subject = `Your claim for ${input.listingName} was ${input.decision}`;
  const paragraphs = [CLAIM_DECISION_LINES[input.decision](input.listingName)];
  if (input.notes) paragraphs.push(`Notes from the review: ${input.notes}`);
  return notificationMail({
    subject,
    name: input.name,
    paragraphs,
    action: { label: 'See your claims', url: input.claimsUrl },
  });
}
