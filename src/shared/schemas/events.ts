import { z } from 'zod';
import { EVENT_TYPES } from '../constants';

export const EVENT_MESSAGES = {
  required: 'Please fill in required fields',
  badTime: 'Time must be HH:MM',
  badAmount: 'Amount must be a number with at most two decimals',
  amountTooLarge: 'Amount must be less than 100,000,000',
  badImage: 'Image must be an uploaded image or an https address',
} as const;

const id = z.uuid({ error: 'Not a valid id' });

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

const requiredText = (max: number, label: string) =>
  z
    .string({ error: EVENT_MESSAGES.required })
    .trim()
    .min(1, EVENT_MESSAGES.required)
    .max(max, `${label} must be at most ${max} characters`);

/** 'HH:MM' on a 24-hour clock, or nothing. */
export const timeSchema = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, EVENT_MESSAGES.badTime)
  .nullish()
  .or(z.literal('').transform(() => null))
  .transform((v) => v ?? null);

/** A date value: a Date (tRPC) or an ISO string (REST), coerced. */
export const dateSchema = z.coerce.date({ error: EVENT_MESSAGES.required });
/** A date that may be cleared: '' or null clear it; absent leaves it alone (on updates). */
const clearableDateSchema = z.union([z.literal('').transform(() => null), z.null(), z.coerce.date()]);
export const optionalDateSchema = clearableDateSchema.optional().transform((v) => v ?? null);

/** Only our own uploads or https images, so no page can be made to load an arbitrary scheme. */
export const imageUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .refine(
    (v) => v === '' || /^\/uploads\/[\w-]+\.(jpg|png|gif|webp)$/.test(v) || /^https:\/\/\S+$/.test(v),
    EVENT_MESSAGES.badImage,
  )
  .nullish()
  .transform((v) => (v ? v : null));

/** Money as a decimal string with at most two places (numeric(10,2)): never a float. */
export const amountSchema = z
  .union([z.string(), z.number()], { error: EVENT_MESSAGES.required })
  .transform((v) => String(v).trim())
  .pipe(
    z
      .string()
      .min(1, EVENT_MESSAGES.required)
      .regex(/^\d+(\.\d{1,2})?$/, EVENT_MESSAGES.badAmount)
      .refine((v) => Number(v) < 100_000_000, EVENT_MESSAGES.amountTooLarge),
  );

export const eventFields = {
  title: requiredText(200, 'Title'),
  type: z.enum(EVENT_TYPES, { error: `Type must be one of ${EVENT_TYPES.join(', ')}` }).default('Other'),
  /** ISO timestamp of the date plus time (midnight when no time), spec section 5. */
  date: dateSchema,
  time: timeSchema,
  venue: optionalText(300, 'Venue'),
  notes: optionalText(5000, 'Notes'),
  imageUrl: imageUrlSchema,
  isPublic: z.boolean().optional(),
};

export const eventCreateInput = z.object(eventFields).strict();
export const eventUpdateInput = z
  .object({
    id,
    title: eventFields.title.optional(),
    type: z.enum(EVENT_TYPES, { error: `Type must be one of ${EVENT_TYPES.join(', ')}` }).optional(),
    date: dateSchema.optional(),
    time: timeSchema.optional(),
    venue: eventFields.venue.optional(),
    notes: eventFields.notes.optional(),
    imageUrl: eventFields.imageUrl.optional(),
    isPublic: z.boolean().optional(),
  })
  .strict();
export type EventCreateInput = z.input<typeof eventCreateInput>;
export type EventUpdateInput = z.input<typeof eventUpdateInput>;

export const idInput = z.object({ id }).strict();
export const eventIdInput = z.object({ id }).strict();

export const eventDto = z.object({
  id: z.uuid(),
  title: z.string(),
  type: z.string(),
  date: z.date(),
  time: z.string().nullable(),
  venue: z.string().nullable(),
  notes: z.string().nullable(),
  imageUrl: z.string().nullable(),
  isPublic: z.boolean(),
  shareId: z.uuid(),
  createdAt: z.date(),
  completedTasks: z.number().int(),
  totalTasks: z.number().int(),
  /** Sum of paid deposits, decimal string. */
  paidAmount: z.string(),
  /** Sum of all deposits, decimal string. */
  totalDeposits: z.string(),
});
export type EventDto = z.infer<typeof eventDto>;

export const taskCreateInput = z
  .object({
    id,
    title: requiredText(200, 'Title'),
    description: optionalText(2000, 'Description'),
    dueDate: optionalDateSchema,
    completed: z.boolean().optional(),
  })
  .strict();
export const taskUpdateInput = z
  .object({
    id,
    title: requiredText(200, 'Title').optional(),
    description: optionalText(2000, 'Description').optional(),
    dueDate: clearableDateSchema.optional(),
    completed: z.boolean().optional(),
  })
  .strict();
export const taskDto = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  dueDate: z.date().nullable(),
  completed: z.boolean(),
  createdAt: z.date(),
});
export type TaskDto = z.infer<typeof taskDto>;

export const depositCreateInput = z
  .object({
    id,
    vendorName: requiredText(200, 'Vendor name'),
    amount: amountSchema,
    dueDate: dateSchema,
    paid: z.boolean().optional(),
  })
  .strict();
export const depositUpdateInput = z
  .object({
    id,
    vendorName: requiredText(200, 'Vendor name').optional(),
    amount: amountSchema.optional(),
    dueDate: dateSchema.optional(),
    paid: z.boolean().optional(),
  })
  .strict();
export const depositDto = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  vendorName: z.string(),
  amount: z.string(),
  dueDate: z.date(),
  paid: z.boolean(),
  paidDate: z.date().nullable(),
  createdAt: z.date(),
});
export type DepositDto = z.infer<typeof depositDto>;

export const memoCreateInput = z
  .object({ id, title: requiredText(200, 'Title'), content: optionalText(10_000, 'Content') })
  .strict();
export const memoUpdateInput = z
  .object({
    id,
    title: requiredText(200, 'Title').optional(),
    content: optionalText(10_000, 'Content').optional(),
  })
  .strict();
export const memoDto = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  title: z.string(),
  content: z.string().nullable(),
  createdAt: z.date(),
});
export type MemoDto = z.infer<typeof memoDto>;

/** What a public share link shows: no tasks, deposits, memos or owner details. */
export const sharedEventDto = z.object({
  title: z.string(),
  type: z.string(),
  date: z.date(),
  time: z.string().nullable(),
  venue: z.string().nullable(),
  imageUrl: z.string().nullable(),
});
export type SharedEventDto = z.infer<typeof sharedEventDto>;
export const shareIdInput = z.object({ shareId: z.uuid({ error: 'Not a valid share link' }) }).strict();

export const familyMemberDto = z.object({ id: z.uuid(), name: z.string(), isYou: z.boolean() });
export const familyEventDto = z.object({
  id: z.uuid(),
  title: z.string(),
  type: z.string(),
  date: z.date(),
  time: z.string().nullable(),
  venue: z.string().nullable(),
  ownerName: z.string(),
  isYours: z.boolean(),
});
export type FamilyMemberDto = z.infer<typeof familyMemberDto>;
export type FamilyEventDto = z.infer<typeof familyEventDto>;

export const okResult = z.object({ ok: z.literal(true) });
