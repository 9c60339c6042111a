import type { MailContent } from '../../platform/mail/outbox';
import { notificationMail } from '../../platform/mail/templates';

/** "2027-03-14" as "March 14, 2027": a civil day, read without a time zone. */
export function dayInWords(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
}

/** An admin's decision on a listing's kashrut certificate. */
export function kashrutDecidedMail(input: {
  name: string;
  listingName: string;
  decision: 'verified' | 'rejected';
  reason: string | null;
  url: string;
}): MailContent {
  const subject =
    input.decision === 'verified'
      ? `The kashrut of ${input.listingName} was verified`
      : `The kashrut certificate of ${input.listingName} was not accepted`;
  const paragraphs =
    input.decision === 'verified'
      ? [
          `We checked the certificate of ${input.listingName}. Its profile now shows the supervision as verified by SimchaHub, until the certificate's expiry date.`,
        ]
      : [
          `We could not verify the certificate of ${input.listingName}, so its profile shows the supervision as stated by the business, not yet verified.`,
          `The reason: ${input.reason ?? ''}`,
          'You can upload a new certificate from your vendor dashboard.',
        ];
  return notificationMail({
    subject,
    name: input.name,
    paragraphs,
    action: { label: 'Open your listing', url: input.url },
  });
}

/** The owner told 30 days ahead that the listing's certificate expires. */
export function kashrutExpiresMail(input: {
  name: string;
  listingName: string;
  expiresOn: string;
  url: string;
}): MailContent {
  const when = dayInWords(input.expiresOn);
  return notificationMail({
    subject: `The kashrut certificate of ${input.listingName} expires on ${when}`,
    name: input.name,
    paragraphs: [
      `The kashrut certificate of ${input.listingName} expires on ${when}. On that day its profile stops showing the supervision as verified, and the listing leaves kashrut searches.`,
      'Upload the renewed certificate with its new expiry date, and we will verify it again.',
    ],
    action: { label: 'Upload the new certificate', url: input.url },
  });
}
