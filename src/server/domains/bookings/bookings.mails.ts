import { formatCivilDay } from '../../../shared/dates';
import type { REQUEST_EVENT_TYPES } from '../../../shared/event-types';
import type { Language } from '../../../shared/i18n';
import { quotePriceText } from '../../../shared/schemas/bookings';
import { clipText } from '../../../shared/text';
import { type MailMessageId, type MailTexts, mailTexts } from '../../platform/mail/mail-texts';
import type { MailContent } from '../../platform/mail/outbox';
import { notificationMail } from '../../platform/mail/templates';

/**
 * The mails of quotes and bookings, each in its recipient's language: the party told of a change
 * (bookings.tell.ts). Days are civil days at the listing's place, written 'Tue, Jun 15, 2027' /
 * 'יום ג׳, 15 ביוני 2027'; prices are in the listing's currency, written as the reader's language
 * writes money. Names and the other party's own words are isolated in a right-to-left mail.
 */

/** Whom a mail goes to, and where its button leads (the conversation, or the bookings list). */
export interface BookingMailRecipient {
  name: string;
  url: string;
  language?: Language;
}

type RequestEventType = (typeof REQUEST_EVENT_TYPES)[number];

/** An event type as a sentence names it; in English, the stored value itself. */
const EVENT_TYPE_NAMES: Record<RequestEventType, MailMessageId> = {
  Wedding: 'common.eventType.wedding',
  'Bar Mitzvah': 'common.eventType.barMitzvah',
  'Bat Mitzvah': 'common.eventType.batMitzvah',
  Engagement: 'common.eventType.engagement',
  Aufruf: 'common.eventType.aufruf',
  'Shabbat Kiddush': 'common.eventType.shabbatKiddush',
  'Sheva Brachot': 'common.eventType.shevaBrachot',
  'Brit Milah': 'common.eventType.britMilah',
  'Simchat Bat': 'common.eventType.simchatBat',
  'Pidyon HaBen': 'common.eventType.pidyonHaBen',
  Upsherin: 'common.eventType.upsherin',
  'Sweet 16': 'common.eventType.sweet16',
  Graduation: 'common.eventType.graduation',
  Corporate: 'common.eventType.corporate',
  Other: 'common.eventType.other',
};

/** A request's stored event type in the mail's language; a value outside the list is shown as stored. */
export function eventTypeName(texts: MailTexts, stored: string): string {
  const id = (EVENT_TYPE_NAMES as Record<string, MailMessageId | undefined>)[stored];
  return id ? texts.t(id) : stored;
}

/** A notification of the bookings, with its one button to open what changed. */
function bookingMail(
  texts: MailTexts,
  to: BookingMailRecipient,
  content: { subject: string; preheader: string; paragraphs: string[] },
): MailContent {
  return notificationMail({
    ...content,
    name: to.name,
    action: { label: texts.t('bookings.action'), url: to.url },
    language: texts.language,
  });
}

/** The family: a vendor sent a quote. `currency` is the listing's. */
export function quoteSentMail(
  to: BookingMailRecipient,
  q: {
    businessName: string;
    eventType: string;
    day: string;
    validUntil: string;
    price: { price: string | null; priceMin: string | null; priceMax: string | null };
    currency: string;
  },
): MailContent {
  const texts = mailTexts(to.language);
  const { t, language } = texts;
  const values = {
    business: q.businessName,
    price: quotePriceText(q.price, language, q.currency),
    eventType: eventTypeName(texts, q.eventType),
    day: formatCivilDay(q.day, language),
    validUntil: formatCivilDay(q.validUntil, language),
  };
  return bookingMail(texts, to, {
    subject: t('bookings.quoteSent.subject', values),
    preheader: t('bookings.quoteSent.preheader', values),
    paragraphs: [t('bookings.quoteSent.sent', values), t('bookings.quoteSent.valid', values)],
  });
}

interface AnsweredQuote {
  customerName: string;
  eventType: string;
  day: string;
}

function answerValues(texts: MailTexts, a: AnsweredQuote) {
  return {
    customer: a.customerName,
    eventType: eventTypeName(texts, a.eventType),
    day: formatCivilDay(a.day, texts.language),
  };
}

/** The vendor: the family accepted the quote, and the day is booked. */
export function quoteAcceptedMail(to: BookingMailRecipient, a: AnsweredQuote): MailContent {
  const texts = mailTexts(to.language);
  const { t } = texts;
  const values = answerValues(texts, a);
  return bookingMail(texts, to, {
    subject: t('bookings.accepted.subject', values),
    preheader: t('bookings.accepted.preheader', values),
    paragraphs: [t('bookings.accepted.body', values), t('bookings.accepted.calendar')],
  });
}

/** The vendor: the family declined the quote. */
export function quoteDeclinedMail(to: BookingMailRecipient, a: AnsweredQuote): MailContent {
  const texts = mailTexts(to.language);
  const { t } = texts;
  const values = answerValues(texts, a);
  return bookingMail(texts, to, {
    subject: t('bookings.declined.subject', values),
    preheader: t('bookings.declined.preheader', values),
    paragraphs: [t('bookings.declined.body', values)],
  });
}

/** The other side: `by` (the family's or the business's name) cancelled the booking, for a reason. */
export function bookingCancelledMail(
  to: BookingMailRecipient,
  c: { by: string; eventType: string; day: string; reason: string },
): MailContent {
  const texts = mailTexts(to.language);
  const { t, isolate } = texts;
  const values = {
    by: c.by,
    eventType: eventTypeName(texts, c.eventType),
    day: formatCivilDay(c.day, texts.language),
  };
  return bookingMail(texts, to, {
    subject: t('bookings.cancelled.subject', values),
    preheader: isolate(clipText(c.reason, 300)),
    paragraphs: [
      t('bookings.cancelled.body', values),
      t('bookings.cancelled.reason', { reason: clipText(c.reason, 1000) }),
    ],
  });
}

/** Both sides: an open quote passed its valid-until unanswered. */
export function quoteExpiredMail(
  to: BookingMailRecipient,
  q: { businessName: string; customerName: string; eventType: string; validUntil: string },
): MailContent {
  const texts = mailTexts(to.language);
  const { t } = texts;
  const values = {
    business: q.businessName,
    customer: q.customerName,
    eventType: eventTypeName(texts, q.eventType),
    validUntil: formatCivilDay(q.validUntil, texts.language),
  };
  return bookingMail(texts, to, {
    subject: t('bookings.expired.subject', values),
    preheader: t('bookings.expired.preheader', values),
    paragraphs: [t('bookings.expired.body', values)],
  });
}

/** Each side: the booking's day has passed. The family reads the business's name, the vendor the family's. */
export function bookingCompletedMail(
  to: BookingMailRecipient & { side: 'customer' | 'vendor' },
  b: { businessName: string; customerName: string; day: string },
): MailContent {
  const texts = mailTexts(to.language);
  const { t, isolate } = texts;
  const values = {
    business: b.businessName,
    customer: b.customerName,
    day: formatCivilDay(b.day, texts.language),
  };
  const customer = to.side === 'customer';
  return bookingMail(texts, to, {
    subject: t('bookings.completed.subject', values),
    preheader: isolate(customer ? b.businessName : b.customerName),
    paragraphs: [t(customer ? 'bookings.completed.customer' : 'bookings.completed.vendor', values)],
  });
}
