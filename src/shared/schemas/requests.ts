import { z } from 'zod';
import { LIMITS } from '../constants';
import { formatCivilDay } from '../dates';
import { REQUEST_EVENT_TYPES } from '../event-types';
import { isKnownZone } from '../local-time';
import { civilDateSchema, idempotencyKeyField, optionalText, requiredText, safeString } from './common';
import { amountSchema, durationMinutesSchema, timeSchema } from './events';

export const REQUEST_MESSAGES = {
  missing: 'Please fill in event type, date, and message',
  badDate: 'Date must be a calendar date (YYYY-MM-DD)',
  datePassed: 'Please choose a date that has not passed',
  badTimeZone: 'Time zone must be a known zone name, such as America/New_York',
  budgetOrder: 'Minimum budget cannot be more than the maximum',
  attachments: 'Only JPG, PNG, GIF, and PDF files under 10MB are allowed',
  tooManyAttachments: `At most ${LIMITS.attachmentsMax} attachments`,
  eventNotFound: 'Event not found',
  tooMany: 'You have sent many availability requests in a short time.',
  partiesOnly: 'Availability requests belong to customers and vendors',
  attachmentNameRequired: 'Attachment name is required',
  guestCountTooLow: 'Guest count must be at least 1',
  badPlace: 'Place must be a place id from the place search',
} as const;

export const ATTACHMENT_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'application/pdf'] as const;

/**
 * An attachment of an availability request. `id` is the upload's (POST /api/attachments): the file
 * is linked to the request's first message and its stored name, size and type win. Without it, the
 * spec's name, size and type are kept as a description only.
 */
export const attachmentSchema = z.object({
  id: z.uuid({ error: 'Attachment not found. Upload the file again.' }).optional(),
  name: requiredText(255, 'Attachment name', REQUEST_MESSAGES.attachmentNameRequired),
  size: z.number().int().min(0).max(LIMITS.attachmentBytes, REQUEST_MESSAGES.attachments),
  type: z.enum(ATTACHMENT_TYPES, { error: REQUEST_MESSAGES.attachments }),
});

/** Blank or not a number gives the default of 100 (spec section 5); below 1 is refused. */
const guestCountSchema = z.preprocess((v) => {
  if (v === undefined || v === null || v === '') return LIMITS.guestCountDefault;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? Math.trunc(n) : LIMITS.guestCountDefault;
}, z.number().int().min(1, REQUEST_MESSAGES.guestCountTooLow).max(100_000));

const optionalAmount = z.preprocess((v) => (v === '' || v === null ? undefined : v), amountSchema.optional());

/** Spec section 3's availability request payload; hasConflict and conflictReason are recomputed by the server. */
export const availabilityRequestInput = z
  .object({
    id: z.uuid({ error: 'Vendor not found' }),
    eventType: z.enum(REQUEST_EVENT_TYPES, { error: REQUEST_MESSAGES.missing }),
    date: civilDateSchema('Date', { required: REQUEST_MESSAGES.missing, format: REQUEST_MESSAGES.badDate }),
    time: timeSchema,
    guestCount: guestCountSchema.optional(),
    budgetMin: optionalAmount,
    budgetMax: optionalAmount,
    city: optionalText(100, 'City'),
    /**
     * The event's city from the place search (GeoNames id). Without it the server resolves `city` by
     * name, then falls back to the listing's place and the sender's home place (decision 034).
     */
    placeId: z
      .number({ error: REQUEST_MESSAGES.badPlace })
      .int(REQUEST_MESSAGES.badPlace)
      .positive(REQUEST_MESSAGES.badPlace)
      .nullish(),
    /** How long the event lasts, for judging it against Shabbat (default 4 hours). */
    durationMinutes: durationMinutesSchema.nullish(),
    message: requiredText(5000, 'Message', REQUEST_MESSAGES.missing),
    eventId: z.uuid().nullish(),
    hasConflict: z.boolean().optional(),
    conflictReason: safeString('Conflict reason', { max: 200 }).nullish(),
    attachments: z
      .array(attachmentSchema)
      .max(LIMITS.attachmentsMax, REQUEST_MESSAGES.tooManyAttachments)
      .refine((list) => {
        const ids = list.flatMap((a) => (a.id ? [a.id] : []));
        return new Set(ids).size === ids.length;
      }, 'The same attachment is listed twice')
      .default([]),
    /**
     * The sender's own zone, as their browser reports it ('America/New_York'): where the listing has
     * no coordinates, whether the date has passed is judged there (decision 031).
     */
    timeZone: z.string().max(64).refine(isKnownZone, REQUEST_MESSAGES.badTimeZone).nullish(),
    idempotencyKey: idempotencyKeyField,
  })
  .strict()
  .refine(
    (v) =>
      v.budgetMin === undefined || v.budgetMax === undefined || Number(v.budgetMin) <= Number(v.budgetMax),
    {
      message: REQUEST_MESSAGES.budgetOrder,
      path: ['budgetMin'],
    },
  );
export type AvailabilityRequestInput = z.input<typeof availabilityRequestInput>;

/**
 * The subject of the conversation an availability request opens, its date as the app writes dates:
 * 'Wedding on Tue, Jun 15, 2027: availability request'.
 */
export function availabilityRequestSubject(eventType: string, date: string): string {
  return `${eventType} on ${formatCivilDay(date)}: availability request`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const REQUEST_SUBJECT = /^(.+) on [A-Z][a-z]{2}, ([A-Z][a-z]{2}) (\d{1,2}), (\d{4}): availability request$/;
const REQUEST_TYPES: ReadonlySet<string> = new Set(REQUEST_EVENT_TYPES);

/**
 * The event type and civil date ('YYYY-MM-DD') of a subject availabilityRequestSubject() made, so that
 * a screen can say it in its reader's language; null for any other subject. A subject is recognized
 * only when its type is one a request may have and writing that type and date again gives the very
 * same subject, so a person's own words (even close ones) are never taken for one.
 */
export function parseAvailabilityRequestSubject(subject: string): { eventType: string; date: string } | null {
  const match = REQUEST_SUBJECT.exec(subject);
  if (!match) return null;
  const [, eventType = '', monthName = '', day = '', year = ''] = match;
  const month = MONTHS.indexOf(monthName) + 1;
  if (month === 0 || !REQUEST_TYPES.has(eventType)) return null;
  const date = `${year}-${String(month).padStart(2, '0')}-${day.padStart(2, '0')}`;
  try {
    return availabilityRequestSubject(eventType, date) === subject ? { eventType, date } : null;
  } catch {
    // A day the calendar does not have (Feb 30).
    return null;
  }
}

/** The event an availability request asks about, as every view of the request shows it. */
export const requestedEventFields = {
  eventType: z.string(),
  /** Civil date 'YYYY-MM-DD'. */
  eventDate: z.string(),
  eventTime: z.string().nullable(),
  guestCount: z.number().int(),
  budgetMin: z.string().nullable(),
  budgetMax: z.string().nullable(),
  city: z.string().nullable(),
};

/**
 * What the sender is told once a request is sent: a listing nobody manages yet promises no answer,
 * its request waits for the business to claim it (issue 27).
 */
export function requestSentNotice(vendor: { managed: boolean }): { title: string; description: string } {
  return vendor.managed
    ? { title: 'Request sent successfully!', description: 'The vendor will respond to your inquiry soon.' }
    : {
        title: 'Request sent',
        description:
          'This listing is not managed by its business yet: your request waits until they claim it.',
      };
}
