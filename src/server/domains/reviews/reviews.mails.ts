import type { Language } from '../../../shared/i18n';
import { mailTexts } from '../../platform/mail/mail-texts';
import type { MailContent } from '../../platform/mail/outbox';
import { notificationMail } from '../../platform/mail/templates';

/** An admin hid a review: its writer is told why, in their language. The reason is the admin's words. */
export function reviewHiddenMail(input: {
  name: string;
  listingName: string;
  reason: string;
  listingUrl: string;
  language?: Language;
}): MailContent {
  const { t, language } = mailTexts(input.language);
  const listing = input.listingName;
  return notificationMail({
    subject: t('reviews.hidden.subject', { listing }),
    name: input.name,
    paragraphs: [t('reviews.hidden.body', { listing }), t('common.reasonGiven', { reason: input.reason })],
    action: { label: t('reviews.hidden.action'), url: input.listingUrl },
    language,
  });
}
