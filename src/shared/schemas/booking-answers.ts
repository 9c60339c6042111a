import { z } from 'zod';
import { BOOKING_ACTIONS, BOOKING_SIDES, BOOKING_STATUSES, QUOTE_STATUSES } from './bookings';
import { attachmentDto } from './messages';

/** What the quote and booking procedures answer (kept apart from the inputs the browser's forms import). */

export const bookingHistoryDto = z.object({
  id: z.uuid(),
  requestId: z.uuid(),
  quoteId: z.uuid().nullable(),
  bookingId: z.uuid().nullable(),
  action: z.enum(BOOKING_ACTIONS),
  /** Who made the change: the family, the vendor, or the app itself (expiry, completion). */
  actorSide: z.enum(['customer', 'vendor', 'system']),
  reason: z.string().nullable(),
  createdAt: z.date(),
});
export type BookingHistoryDto = z.infer<typeof bookingHistoryDto>;

export const quoteDto = z.object({
  id: z.uuid(),
  version: z.number().int(),
  requestId: z.uuid(),
  vendorId: z.uuid(),
  businessName: z.string(),
  threadId: z.uuid().nullable(),
  /** Money as decimal strings; one price, or a range. */
  price: z.string().nullable(),
  priceMin: z.string().nullable(),
  priceMax: z.string().nullable(),
  includes: z.string(),
  depositAmount: z.string().nullable(),
  /** Civil date 'YYYY-MM-DD'. */
  depositDueDate: z.string().nullable(),
  /** Civil date 'YYYY-MM-DD' at the listing's place: the last day the quote may be accepted. */
  validUntil: z.string(),
  attachments: z.array(attachmentDto),
  /** As it stands now: a quote past its valid-until reads 'expired' before the job has stored it. */
  status: z.enum(QUOTE_STATUSES),
  answeredAt: z.date().nullable(),
  bookingId: z.uuid().nullable(),
  createdAt: z.date(),
});
export type QuoteDto = z.infer<typeof quoteDto>;

export const bookingDto = z.object({
  id: z.uuid(),
  version: z.number().int(),
  /** Which side of the booking the caller is on. */
  side: z.enum(BOOKING_SIDES),
  /** As it stands now: a confirmed booking whose day has passed at the listing's place reads 'completed'. */
  status: z.enum(BOOKING_STATUSES),
  /** Civil date 'YYYY-MM-DD': the event's day at the listing's place. */
  day: z.string(),
  requestId: z.uuid(),
  threadId: z.uuid().nullable(),
  vendor: z.object({ id: z.uuid(), businessName: z.string() }),
  /** The family: its account's name, which the vendor sees in the conversation too. */
  customer: z.object({ id: z.uuid(), name: z.string() }),
  eventType: z.string(),
  /** The family's own event; its id and title are shown to the family only. */
  eventId: z.uuid().nullable(),
  eventTitle: z.string().nullable(),
  quote: quoteDto,
  /** The deposit row in the event's Deposits tab (the family's side only; paying is recorded there). */
  deposit: z
    .object({
      id: z.uuid(),
      amount: z.string(),
      dueDate: z.date(),
      paid: z.boolean(),
      paidDate: z.date().nullable(),
    })
    .nullable(),
  cancelledSide: z.enum(BOOKING_SIDES).nullable(),
  cancelReason: z.string().nullable(),
  cancelledAt: z.date().nullable(),
  completedAt: z.date().nullable(),
  createdAt: z.date(),
  history: z.array(bookingHistoryDto),
});
export type BookingDto = z.infer<typeof bookingDto>;

export const requestQuotesDto = z.object({
  requestId: z.uuid(),
  requestStatus: z.string(),
  /** Which side of the request the caller is on. */
  side: z.enum(BOOKING_SIDES),
  quotes: z.array(quoteDto),
  history: z.array(bookingHistoryDto),
});
export type RequestQuotesDto = z.infer<typeof requestQuotesDto>;
