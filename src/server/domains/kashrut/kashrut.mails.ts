import type { Language } from '../../../shared/i18n';
import { mailTexts } from '../../platform/mail/mail-texts';
import type { MailContent } from '../../platform/mail/outbox';
import { notificationMail } from '../../platform/mail/templates';

/** "2027-03-14" as "March 14, 2027" ("14 במרץ 2027" in Hebrew): a civil day, read without a time zone. */
export function dayInWords(day: string, language?: Language): string {
  return mailTexts(language).day(day);
}

/** An admin's decision on a listing's kashrut certificate, in the owner's language. */
export function kashrutDecidedMail(input: {
  name: string;
  listingName: string;
  decision: 'verified' | 'rejected';
  reason: string | null;
  url: string;
  language?: Language;
}): MailContent {
  const { t, language } = mailTexts(input.language);
  const listing = input.listingName;
  const verified = input.decision === 'verified';
  const paragraphs = verified
    ? [t('kashrut.decided.verified', { listing })]
    : [
        t('kashrut.decided.rejected', { listing }),
        t('kashrut.decided.reason', { reason: input.reason ?? '' }),
        t('kashrut.decided.uploadAgain'),
      ];
  return notificationMail({
    subject: verified
      ? t('kashrut.decided.subjectVerified', { listing })
      : t('kashrut.decided.subjectRejected', { listing }),
    name: input.name,
    paragraphs,
    action: { label: t('kashrut.decided.action'), url: input.url },
    language,
  });
}

/** The owner told 30 days ahead that the listing's certificate expires, in the owner's language. */
export function kashrutExpiresMail(input: {
  name: string;
  listingName: string;
  expiresOn: string;
  url: string;
  language?: Language;
}): MailContent {
  const { t, day, language } = mailTexts(input.language);
  const values = { listing: input.listingName, date: day(input.expiresOn) };
  return notificationMail({
    subject: t('kashrut.expires.subject', values),
    name: input.name,
    paragraphs: [t('kashrut.expires.body', values), t('kashrut.expires.renew')],
    action: { label: t('kashrut.expires.action'), url: input.url },
    language,
  });
}
