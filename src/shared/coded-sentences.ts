import { formatCivilDay, formatDate } from './dates';
import type { Language } from './i18n';
import { DEFAULT_CURRENCY, quotePriceText } from './money';

/**
 * Sentences the server writes for people, kept as a code and the values they are made of (issue 32):
 * the server stores them with the row, writes the English from them for REST callers, and a client
 * says the same in its reader's language from its catalogue, with the same placeholders: a bell item
 * as `bell.<code>.title` and `bell.<code>.body`; a message the server posts for a person (a quote) as
 * `said.<code>`.
 *
 * Each value has a kind, which tells a client how to show it:
 * - `name`: a person's, a business's or an event's own name, or a person's own words, shown as
 *   written (isolated in RTL);
 * - `number`: a count or a rating;
 * - `word`: a stored value the sentence selects on (a claim's decision, 'yes' or 'no');
 * - `day`: a civil day 'YYYY-MM-DD', written 'Tue, Jun 15, 2027' (formatCivilDay);
 * - `date`: a civil day written 'June 15, 2027' (the mails' date);
 * - `eventType`: a stored event type ('Bar Mitzvah'), named by the reader's language;
 * - `money`: a price in a currency, 'AMOUNT CUR' or 'MIN-MAX CUR' (moneyParam).
 * An empty value (a deposit the quote has not) is shown empty.
 */

/** The bell's items (notifications.service.ts). */
export const NOTIFICATION_ABOUT = {
  'message.new': { sender: 'name' },
  'request.answered': { business: 'name' },
  'review.new': { rating: 'number', business: 'name' },
  'review.replied': { business: 'name' },
  'review.hidden': { listing: 'name' },
  'claim.decided': { listing: 'name', decision: 'word' },
  'listing.hidden': { listing: 'name' },
  'listing.visible': { listing: 'name' },
  'kashrut.verified': { listing: 'name' },
  'kashrut.rejected': { listing: 'name' },
  'kashrut.expires': { listing: 'name', date: 'date' },
  'quote.sent': { business: 'name', price: 'money', eventType: 'eventType', day: 'day', validUntil: 'day' },
  'quote.accepted': { customer: 'name', eventType: 'eventType', day: 'day' },
  'quote.declined': { customer: 'name', eventType: 'eventType', day: 'day' },
  'quote.expired': { business: 'name', day: 'day' },
  'booking.cancelled': { by: 'name', day: 'day' },
  'booking.completed': { eventType: 'eventType', day: 'day' },
  'rsvp.answered': {
    household: 'name',
    title: 'name',
    attending: 'number',
    declined: 'number',
    notAnswered: 'number',
  },
} as const satisfies Record<string, Record<string, ParamKind>>;

/** The messages the server posts in a conversation for a party (a quote, bookings.service.ts). */
export const MESSAGE_ABOUT = {
  'message.quote': {
    price: 'money',
    hasDeposit: 'word',
    deposit: 'money',
    depositDue: 'day',
    validUntil: 'day',
    includes: 'name',
  },
} as const satisfies Record<string, Record<string, ParamKind>>;

/** Every coded sentence's values and their kinds. */
export const SENTENCE_PARAMS = { ...NOTIFICATION_ABOUT, ...MESSAGE_ABOUT };

export type ParamKind = 'name' | 'number' | 'word' | 'day' | 'date' | 'eventType' | 'money';
export type SentenceCode = keyof typeof SENTENCE_PARAMS;
export type NotificationCode = keyof typeof NOTIFICATION_ABOUT;
export type MessageCode = keyof typeof MESSAGE_ABOUT;
export const NOTIFICATION_CODES = Object.keys(NOTIFICATION_ABOUT) as [
  NotificationCode,
  ...NotificationCode[],
];
export const MESSAGE_CODES = Object.keys(MESSAGE_ABOUT) as [MessageCode, ...MessageCode[]];

type ValueOf<K extends ParamKind> = K extends 'number' ? number : string;
/** The values of a code's sentence, each typed by its kind. */
export type SentenceParams<C extends SentenceCode> = {
  [P in keyof (typeof SENTENCE_PARAMS)[C]]: (typeof SENTENCE_PARAMS)[C][P] extends ParamKind
    ? ValueOf<(typeof SENTENCE_PARAMS)[C][P]>
    : never;
};
/** A coded sentence, as the server stores it. */
export type SentenceAbout<C extends SentenceCode = SentenceCode> = {
  [K in C]: { code: K; params: SentenceParams<K> };
}[C];
/** A coded sentence as a client reads it (its values by name). */
export type CodedSentence = { code: SentenceCode; params: Record<string, string | number> };
/** What a bell item says. */
export type NotificationAbout = SentenceAbout<NotificationCode>;
/** What a message the server posted says. */
export type MessageAbout = SentenceAbout<MessageCode>;

/** A price as a `money` value: one amount, or a range, and the currency it is in. */
export function moneyParam(
  q: { price: string | null; priceMin: string | null; priceMax: string | null },
  currency: string = DEFAULT_CURRENCY,
): string {
  if (q.price !== null) return `${q.price} ${currency}`;
  return `${q.priceMin ?? '0'}-${q.priceMax ?? '0'} ${currency}`;
}

/** A `money` value in words, as a quote's price is written: '$1,200.00', '$1,000.00 to $2,000.00'. */
export function moneyText(value: string, language: Language): string {
  const [amount = '0', currency = DEFAULT_CURRENCY] = value.split(' ');
  const dash = amount.indexOf('-');
  const price =
    dash < 0
      ? { price: amount, priceMin: null, priceMax: null }
      : { price: null, priceMin: amount.slice(0, dash), priceMax: amount.slice(dash + 1) };
  return quotePriceText(price, language, currency);
}

/** A value as the English sentence writes it. */
function english(kind: ParamKind, value: string | number): string {
  if (value === '') return '';
  if (kind === 'day') return formatCivilDay(String(value));
  if (kind === 'date') return formatDate(String(value), 'en', 'long');
  if (kind === 'money') return moneyText(String(value), 'en');
  return String(value);
}

/** The English sentences of each code (a line only where the code writes one). */
const ENGLISH: {
  [C in SentenceCode]: {
    title: (p: Record<keyof SentenceParams<C>, string>) => string;
    body?: (p: Record<keyof SentenceParams<C>, string>) => string;
  };
} = {
  'message.new': { title: (p) => `New message from ${p.sender}` },
  'request.answered': { title: (p) => `${p.business} answered your availability request` },
  'review.new': { title: (p) => `New ${p.rating}-star review of ${p.business}` },
  'review.replied': { title: (p) => `${p.business} replied to your review` },
  'review.hidden': { title: (p) => `Your review of ${p.listing} was hidden` },
  'claim.decided': { title: (p) => `Your claim for ${p.listing} was ${p.decision}` },
  'listing.hidden': { title: (p) => `Your listing ${p.listing} was hidden` },
  'listing.visible': { title: (p) => `Your listing ${p.listing} is visible again` },
  'kashrut.verified': { title: (p) => `The kashrut of ${p.listing} was verified` },
  'kashrut.rejected': { title: (p) => `The kashrut certificate of ${p.listing} was not accepted` },
  'kashrut.expires': { title: (p) => `The kashrut certificate of ${p.listing} expires on ${p.date}` },
  'quote.sent': {
    title: (p) => `${p.business} sent you a quote`,
    body: (p) => `${p.price} for ${p.eventType} on ${p.day}, valid until ${p.validUntil}`,
  },
  'quote.accepted': {
    title: (p) => `${p.customer} accepted your quote`,
    body: (p) => `${p.eventType} on ${p.day} is booked`,
  },
  'quote.declined': {
    title: (p) => `${p.customer} declined your quote`,
    body: (p) => `${p.eventType} on ${p.day}`,
  },
  'quote.expired': {
    title: (p) => `The quote from ${p.business} expired`,
    body: (p) => `It was valid until ${p.day}`,
  },
  'booking.cancelled': { title: (p) => `${p.by} cancelled the booking for ${p.day}` },
  'booking.completed': { title: (p) => `Booking completed: ${p.eventType} on ${p.day}` },
  'rsvp.answered': {
    title: (p) => `${p.household} answered the invitation to ${p.title}`,
    body: (p) =>
      [
        `${p.attending} attending`,
        `${p.declined} declined`,
        ...(p.notAnswered !== '0' ? [`${p.notAnswered} not answered yet`] : []),
      ].join(', '),
  },
  'message.quote': {
    title: (p) =>
      `Quote: ${p.price}${p.hasDeposit === 'yes' ? `, deposit ${p.deposit} due ${p.depositDue}` : ''}, valid until ${p.validUntil}.\nIncludes: ${p.includes}`,
  },
};

/** Whether a code writes its own line (the others' line is a person's words, or nothing). */
export function notificationWritesBody(code: SentenceCode): boolean {
  return ENGLISH[code].body !== undefined;
}

/**
 * The sentence in English, and a bell item's line where its code writes one: what REST callers read
 * (a message's text is its title).
 */
export function englishNotification(about: SentenceAbout): { title: string; body?: string } {
  const kinds: Record<string, ParamKind> = SENTENCE_PARAMS[about.code];
  const params: Record<string, string | number> = about.params;
  const words = Object.fromEntries(
    Object.entries(kinds).map(([name, kind]) => [name, english(kind, params[name] ?? '')]),
  );
  const texts = ENGLISH[about.code] as {
    title: (p: Record<string, string>) => string;
    body?: (p: Record<string, string>) => string;
  };
  return { title: texts.title(words), ...(texts.body ? { body: texts.body(words) } : {}) };
}
