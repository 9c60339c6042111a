import { z } from 'zod';

export { formatMoney, quotePriceText } from '../money';

import { civilDateSchema, oneOf, REQUIRED_MESSAGE, safeString } from './common';
import { amountSchema } from './events';

/** Quotes and bookings (issue 29): what the vendor offers on a request, and what the family's yes makes. */

export const QUOTE_STATUSES = ['sent', 'accepted', 'declined', 'expired', 'withdrawn'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export const BOOKING_STATUSES = ['confirmed', 'completed', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const BOOKING_ACTIONS = [
  'quoted',
  'accepted',
  'declined',
  'expired',
  'withdrawn',
  'cancelled',
  'completed',
] as const;
export const BOOKING_SIDES = ['customer', 'vendor'] as const;

export const BOOKING_LIMITS = {
  includesChars: 5000,
  reasonChars: 1000,
  attachments: 5,
} as const;

/** Every sentence these procedures answer with, in one place for the server, the client and the tests. */
export const BOOKING_MESSAGES = {
  priceMissing: 'Give a price, or a lowest and a highest price',
  priceAndRange: 'Give either one price or a price range, not both',
  rangeHalf: 'Give both the lowest and the highest price',
  rangeReversed: 'The highest price must not be below the lowest price',
  depositHalf: 'Give the deposit amount and its due date together',
  depositNotPositive: 'Deposit must be more than 0',
  depositTooLarge: 'Deposit must not be larger than the price',
  depositDuePassed: 'The deposit due date has passed',
  depositDueAfterEvent: 'The deposit must be due on or before the event date',
  validUntilPassed: 'Valid until must be today or later',
  includesMissing: 'Say what the quote includes',
  attachmentNotFound: 'Attach only files you uploaded to this conversation',
  reasonMissing: 'Please give a reason for cancelling',
  reasonTooLong: `Reason must be at most ${BOOKING_LIMITS.reasonChars} characters`,
  requestNotFound: 'This request does not exist',
  quoteNotFound: 'This quote does not exist',
  bookingNotFound: 'This booking does not exist',
  notYourListing: "Only the owner of the request's listing can send a quote on it",
  onlyFamilyAnswers: 'Only the family who sent the request can accept or decline its quote',
  noThread: 'This request has no conversation to send a quote in',
  requestBooked: 'This request is already booked: no new quote can be sent',
  requestDeclined: 'The family declined the quote on this request: no new quote can be sent',
  requestExpired: 'This request has expired: no new quote can be sent',
  eventPassed: (day: string) => `The event date ${day} has passed`,
  quoteExpired: (day: string) => `This quote expired on ${day}`,
  quoteAccepted: 'This quote has already been accepted',
  quoteAcceptedNoDecline: 'This quote was accepted: cancel the booking instead of declining the quote',
  quoteDeclined: 'This quote was declined and can no longer be answered',
  quoteWithdrawn: 'The vendor replaced this quote with a newer one: answer the newest quote',
  dayFull: (business: string, day: string) =>
    `${business} has no room left on ${day}: another family booked the last slot.`,
  bookingCancelled: 'This booking was already cancelled',
  bookingCompleted: 'This booking is completed: its date has passed, so it can no longer be cancelled',
  partiesOnly: 'Bookings belong to families and vendors',
  tooManyAttachments: `Attach at most ${BOOKING_LIMITS.attachments} files`,
} as const;

const optionalAmount = z.preprocess((v) => (v === '' || v === null ? undefined : v), amountSchema.optional());
const optionalDay = (label: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), civilDateSchema(label).optional());

const cents = (v: string) => Math.round(Number(v) * 100);

/** POST /api/quotes: one price or a range, what it includes, an optional deposit, and how long it holds. */
export const quoteInput = z
  .object({
    requestId: z.uuid({ error: BOOKING_MESSAGES.requestNotFound }),
    price: optionalAmount,
    priceMin: optionalAmount,
    priceMax: optionalAmount,
    includes: safeString('Includes', {
      max: BOOKING_LIMITS.includesChars,
      required: BOOKING_MESSAGES.includesMissing,
    })
      .trim()
      .min(1, BOOKING_MESSAGES.includesMissing),
    depositAmount: optionalAmount,
    depositDueDate: optionalDay('Deposit due date'),
    validUntil: civilDateSchema('Valid until', { required: REQUIRED_MESSAGE }),
    attachmentIds: z
      .array(z.uuid({ error: BOOKING_MESSAGES.attachmentNotFound }))
      .max(BOOKING_LIMITS.attachments, BOOKING_MESSAGES.tooManyAttachments)
      .default([]),
  })
  .superRefine((q, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const range = q.priceMin !== undefined || q.priceMax !== undefined;
    if (q.price !== undefined && range) issue('price', BOOKING_MESSAGES.priceAndRange);
    else if (q.price === undefined && !range) issue('price', BOOKING_MESSAGES.priceMissing);
    else if (range && q.priceMin === undefined) issue('priceMin', BOOKING_MESSAGES.rangeHalf);
    else if (range && q.priceMax === undefined) issue('priceMax', BOOKING_MESSAGES.rangeHalf);
    else if (q.priceMin !== undefined && q.priceMax !== undefined && cents(q.priceMin) > cents(q.priceMax)) {
      issue('priceMax', BOOKING_MESSAGES.rangeReversed);
    }
    if (q.depositAmount === undefined && q.depositDueDate !== undefined) {
      issue('depositAmount', BOOKING_MESSAGES.depositHalf);
    } else if (q.depositAmount !== undefined && q.depositDueDate === undefined) {
      issue('depositDueDate', BOOKING_MESSAGES.depositHalf);
    } else if (q.depositAmount !== undefined) {
      const top = q.price ?? q.priceMax;
      if (cents(q.depositAmount) <= 0) issue('depositAmount', BOOKING_MESSAGES.depositNotPositive);
      else if (top !== undefined && cents(q.depositAmount) > cents(top)) {
        issue('depositAmount', BOOKING_MESSAGES.depositTooLarge);
      }
    }
  });
export type QuoteInput = z.input<typeof quoteInput>;

/** POST /api/quotes/{id}/accept and /decline. */
export const quoteAnswerInput = z.object({ id: z.uuid({ error: BOOKING_MESSAGES.quoteNotFound }) });

/** POST /api/bookings/{id}/cancel. */
export const cancelBookingInput = z.object({
  id: z.uuid({ error: BOOKING_MESSAGES.bookingNotFound }),
  reason: z
    .string({ error: BOOKING_MESSAGES.reasonMissing })
    .trim()
    .min(1, BOOKING_MESSAGES.reasonMissing)
    .max(BOOKING_LIMITS.reasonChars, BOOKING_MESSAGES.reasonTooLong),
});

/**
 * GET /api/bookings: the caller's, optionally of one of their events, only those still ahead, or only
 * those of one status as it reads now (`completed`: past ones, whether or not the sweep stored it).
 */
export const bookingsListInput = z
  .object({
    eventId: z.uuid().optional(),
    upcoming: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean()).optional(),
    status: oneOf('Status', BOOKING_STATUSES).optional(),
  })
  .default({});

export const requestQuotesInput = z.object({
  requestId: z.uuid({ error: BOOKING_MESSAGES.requestNotFound }),
});
