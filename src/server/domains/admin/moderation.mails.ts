import { SUPPORT_EMAIL } from '../../../shared/constants';
import type { Language } from '../../../shared/i18n';
import { mailTexts } from '../../platform/mail/mail-texts';
import type { MailContent } from '../../platform/mail/outbox';
import { notificationMail } from '../../platform/mail/templates';

/**
 * An admin hid or showed again a listing, in its owner's language. The reason is the admin's own
 * words, shown as written; a hidden listing's owner is told whom to write to.
 */
export function listingVisibilityMail(input: {
  name: string;
  listingName: string;
  hidden: boolean;
  reason: string | null;
  dashboardUrl: string;
  language?: Language;
}): MailContent {
  const { t, language } = mailTexts(input.language);
  const listing = input.listingName;
  const paragraphs = input.hidden
    ? [t('admin.listingVisibility.hidden', { listing }), t('admin.listingVisibility.stillYours')]
    : [t('admin.listingVisibility.visible', { listing })];
  if (input.reason) paragraphs.push(t('common.reasonGiven', { reason: input.reason }));
  if (input.hidden) paragraphs.push(t('admin.listingVisibility.mistake', { email: SUPPORT_EMAIL }));
  return notificationMail({
    subject: input.hidden
      ? t('admin.listingVisibility.subjectHidden', { listing })
      : t('admin.listingVisibility.subjectVisible', { listing }),
    name: input.name,
    paragraphs,
    action: { label: t('admin.listingVisibility.action'), url: input.dashboardUrl },
    language,
  });
}
