import { z } from 'zod';
import { EVENT_MINUTES_MAX } from '../constants';
import { EVENT_TYPES } from '../event-types';
import { isKnownZone } from '../local-time';
import {
  clearableTimestampSchema,
  editVersionField,
  IMAGE_MESSAGE,
  idempotencyKeyField,
  imageRefSchema,
  oneOf,
  optionalText,
  REQUIRED_MESSAGE,
  requiredText,
  rowVersionDto,
  timestampSchema,
} from './common';

export const EVENT_MESSAGES = {
  required: REQUIRED_MESSAGE,
  badTime: 'Time must be HH:MM',
  badAmount: 'Amount must be a number with at most two decimals',
  amountNotPositive: 'Amount must be a positive number',
  pastDate: 'This date has passed. Save it as a past event?',
  badTimeZone: 'Time zone must be a known zone name, such as America/New_York',
  amountTooLarge: 'Amount must be less than 100,000,000',
  badImage: IMAGE_MESSAGE,
  badPlace: 'Place must be a place id from the place search',
  badDuration: 'Duration must be a whole number of minutes from 1 to 2880 (48 hours)',
  endWithoutStart: 'Give a start time before an end time',
  endAtStart: 'End time must be after the start time',
  endAndDurationDisagree: 'End time and duration disagree: give one of them',
  parentNotMain: 'Parent event must be one of your events that is not itself a sub-event',
  parentIsSelf: 'An event cannot be a sub-event of itself',
  hasSubEvents: 'An event with sub-events cannot become a sub-event: detach its sub-events first',
  hasGuestList: 'An event with its own guest list cannot become a sub-event: remove its guests first',
  notFound: 'Event not found',
  notShared: 'This event is not shared',
  taskNotFound: 'Task not found',
  depositNotFound: 'Deposit not found',
  memoNotFound: 'Memo not found',
  invalidId: 'Not a valid id',
  invalidShareLink: 'Not a valid share link',
} as const;

const id = z.uuid({ error: EVENT_MESSAGES.invalidId });

/** 'HH:MM' on a 24-hour clock, or nothing. */
export const timeSchema = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, EVENT_MESSAGES.badTime)
  .nullish()
  .or(z.literal('').transform(() => null))
  .transform((v) => v ?? null);

/** A date value: a Date (tRPC) or an ISO string (REST), real and within DATE_RANGE. */
export const dateSchema = timestampSchema('Date', EVENT_MESSAGES.required);
const dueDateSchema = timestampSchema('Due date', EVENT_MESSAGES.required);
/** A date that may be cleared: '' or null clear it; absent leaves it alone (on updates). */
const clearableDateSchema = clearableTimestampSchema('Due date');
export const optionalDateSchema = clearableDateSchema.optional().transform((v) => v ?? null);

export const imageUrlSchema = imageRefSchema;

/**
 * Money as a decimal string with at most two places (numeric(10,2)): never a float. A negative
 * number is told so, not that it is no number ('-500').
 */
export const amountSchema = z
  .union([z.string(), z.number()], { error: EVENT_MESSAGES.required })
  .transform((v) => String(v).trim())
  .pipe(
    z
      .string()
      .min(1, EVENT_MESSAGES.required)
      .refine((v) => !/^-\s*\d+(\.\d+)?$/.test(v), { message: EVENT_MESSAGES.amountNotPositive, abort: true })
      .regex(/^\d+(\.\d{1,2})?$/, EVENT_MESSAGES.badAmount)
      .refine((v) => Number(v) < 100_000_000, EVENT_MESSAGES.amountTooLarge),
  );

/** A deposit's amount: money, more than nothing. */
const depositAmountSchema = amountSchema.refine((v) => Number(v) > 0, EVENT_MESSAGES.amountNotPositive);

const eventType = oneOf('Type', EVENT_TYPES);

/** An event's or a requested slot's length in whole minutes, at most EVENT_MINUTES_MAX (48 hours). */
export const durationMinutesSchema = z
  .number({ error: EVENT_MESSAGES.badDuration })
  .int(EVENT_MESSAGES.badDuration)
  .min(1, EVENT_MESSAGES.badDuration)
  .max(EVENT_MINUTES_MAX, EVENT_MESSAGES.badDuration);

/** The fields a family edits; updates take any subset. */
const eventFields = z.object({
  title: requiredText(200, 'Title'),
  type: eventType,
  /** ISO timestamp of the date plus time (midnight when no time), spec section 5. */
  date: dateSchema,
  time: timeSchema,
  venue: optionalText(300, 'Venue'),
  notes: optionalText(5000, 'Notes'),
  imageUrl: imageUrlSchema,
  isPublic: z.boolean(),
  /** The city (GeoNames id from GET /api/places); null: none, the owner's home place stands in. */
  placeId: z
    .number({ error: EVENT_MESSAGES.badPlace })
    .int(EVENT_MESSAGES.badPlace)
    .positive(EVENT_MESSAGES.badPlace)
    .nullable(),
  /** 'HH:MM' the event ends; earlier than `time` means the next day. */
  endTime: timeSchema,
  /** Length in minutes, instead of an end time (at most 48 hours). */
  durationMinutes: durationMinutesSchema.nullable(),
  /**
   * The main event this is a sub-event of (one of the caller's own events that is not itself a
   * sub-event); null: a main event (on an update, detaches it, dropping its guest invitations).
   */
  parentEventId: id.nullable(),
});

/**
 * `pastEvent: false` asks first: a date that has passed is then refused (400 on `date`, "This date
 * has passed. Save it as a past event?") until the caller sends `true`. The web app sends false, then
 * true once the family confirms. A caller that sends neither (a spec-shaped REST call) saves the date
 * as given, as the spec implies. Judged in `timeZone`, the zone the browser reports, else only once
 * the day has passed everywhere (decision 031). Neither is stored.
 */
const pastEventFields = {
  pastEvent: z.boolean().optional(),
  timeZone: z.string().max(64).refine(isKnownZone, EVENT_MESSAGES.badTimeZone).nullish(),
};

export const eventCreateInput = eventFields
  .extend({
    type: eventType.default('Other'),
    isPublic: z.boolean().optional(),
    placeId: eventFields.shape.placeId.optional(),
    endTime: eventFields.shape.endTime.optional(),
    durationMinutes: eventFields.shape.durationMinutes.optional(),
    parentEventId: eventFields.shape.parentEventId.optional(),
    ...pastEventFields,
    idempotencyKey: idempotencyKeyField,
  })
  .strict();
export const eventUpdateInput = eventFields
  .partial()
  .extend({ id, version: editVersionField, ...pastEventFields })
  .strict();
export type EventCreateInput = z.input<typeof eventCreateInput>;
export type EventUpdateInput = z.input<typeof eventUpdateInput>;

export const idInput = z.object({ id }).strict();
export const eventIdInput = z.object({ id }).strict();

/** What every view of an event shows, the public share page's included. */
export const eventHeadline = {
  title: z.string(),
  type: z.string(),
  date: z.date(),
  time: z.string().nullable(),
  venue: z.string().nullable(),
};

const taskFields = z.object({
  title: requiredText(200, 'Title'),
  description: optionalText(2000, 'Description'),
  dueDate: clearableDateSchema,
  completed: z.boolean(),
});
export const taskCreateInput = taskFields
  .extend({
    id,
    dueDate: optionalDateSchema,
    completed: z.boolean().optional(),
    idempotencyKey: idempotencyKeyField,
  })
  .strict();
export const taskUpdateInput = taskFields.partial().extend({ id, version: editVersionField }).strict();

/** A task, deposit or memo as the client sees it: its own fields between its event and its version. */
function eventItemDto<Fields extends z.ZodRawShape>(fields: Fields) {
  return z.object({
    id: z.uuid(),
    eventId: z.uuid(),
    ...fields,
    createdAt: z.date(),
    version: rowVersionDto,
  });
}

export const taskDto = eventItemDto({
  title: z.string(),
  description: z.string().nullable(),
  dueDate: z.date().nullable(),
  completed: z.boolean(),
});
export type TaskDto = z.infer<typeof taskDto>;

const depositFields = z.object({
  vendorName: requiredText(200, 'Vendor name'),
  amount: depositAmountSchema,
  dueDate: dueDateSchema,
  paid: z.boolean(),
});
export const depositCreateInput = depositFields
  .extend({ id, paid: z.boolean().optional(), idempotencyKey: idempotencyKeyField })
  .strict();
export const depositUpdateInput = depositFields.partial().extend({ id, version: editVersionField }).strict();
export const depositDto = eventItemDto({
  vendorName: z.string(),
  amount: z.string(),
  dueDate: z.date(),
  paid: z.boolean(),
  paidDate: z.date().nullable(),
});
export type DepositDto = z.infer<typeof depositDto>;

const memoFields = z.object({ title: requiredText(200, 'Title'), content: optionalText(10_000, 'Content') });
export const memoCreateInput = memoFields.extend({ id, idempotencyKey: idempotencyKeyField }).strict();
export const memoUpdateInput = memoFields.partial().extend({ id, version: editVersionField }).strict();
export const memoDto = eventItemDto({ title: z.string(), content: z.string().nullable() });
export type MemoDto = z.infer<typeof memoDto>;

/** What a public share link shows: no tasks, deposits, memos or owner details. */
export const sharedEventDto = z.object({ ...eventHeadline, imageUrl: z.string().nullable() });
export type SharedEventDto = z.infer<typeof sharedEventDto>;
export const shareIdInput = z
  .object({ shareId: z.uuid({ error: EVENT_MESSAGES.invalidShareLink }) })
  .strict();

export const familyMemberDto = z.object({ id: z.uuid(), name: z.string(), isYou: z.boolean() });
export const familyEventDto = z.object({
  id: z.uuid(),
  ...eventHeadline,
  ownerName: z.string(),
  isYours: z.boolean(),
});
export type FamilyMemberDto = z.infer<typeof familyMemberDto>;
export type FamilyEventDto = z.infer<typeof familyEventDto>;

export const okResult = z.object({ ok: z.literal(true) });
