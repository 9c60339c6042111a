import type { Language } from '../../../shared/i18n';
import { type MailMessageId, mailTexts } from '../../platform/mail/mail-texts';
import type { MailContent } from '../../platform/mail/outbox';
import { notificationMail } from '../../platform/mail/templates';

export type ClaimDecision = 'approved' | 'rejected' | 'revoked';

const CLAIM_DECISION_LINES: Record<ClaimDecision, MailMessageId> = {
  approved: 'claims.decided.approved',
  rejected: 'claims.decided.rejected',
  revoked: 'claims.decided.revoked',
};

/**
 * An admin's decision on a vendor claim (or the automatic rejection when a competing claim was
 * approved), in the claimant's language. The notes are the reviewer's own words, shown as written:
 * they tell the claimant why.
 */
export function claimDecidedMail(input: {
  name: string;
  listingName: string;
  decision: ClaimDecision;
  notes: string | null;
  claimsUrl: string;
  language?: Language;
}): MailContent {
  const { t, language } = mailTexts(input.language);
  const listing = input.listingName;
  const paragraphs = [t(CLAIM_DECISION_LINES[input.decision], { listing })];
  if (input.notes) paragraphs.push(t('claims.decided.notes', { notes: input.notes }));
  return notificationMail({
    subject: t('claims.decided.subject', { listing, decision: input.decision }),
    name: input.name,
    paragraphs,
    action: { label: t('claims.decided.action'), url: input.claimsUrl },
    language,
  });
}
