import { z } from 'zod';
import { civilDateSchema, editVersionField, oneOf, optionalText, rowVersionDto } from './common';

/**
 * Vendor availability (issue 29). What an owner states about a day of their listing, and what the
 * public reads of it.
 *
 * The part-of-day rule:
 * - a whole-day (`day`) entry sets the day: `open` with a capacity overrides the listing's daily
 *   capacity that day, `closed` leaves no room (capacity 0), `booked` or `held` takes one slot;
 * - a part's (`morning`, `afternoon`, `evening`) `booked` or `held` entry also takes one slot of the
 *   day; a part's `closed` entry leaves the day's room alone and only matters when a time is asked
 *   for (morning before 12:00, afternoon 12:00 to 17:00, evening from 17:00); a part's `open`
 *   entry just says so (a capacity is given for the whole day only).
 */
export const DAY_PARTS = ['day', 'morning', 'afternoon', 'evening'] as const;
export type DayPart = (typeof DAY_PARTS)[number];
export const ENTRY_STATUSES = ['open', 'booked', 'held', 'closed'] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];

/** The hours of a part of the day, as 'HH:MM' bounds [from, to). */
export const PART_HOURS: Record<Exclude<DayPart, 'day'>, { from: string; to: string }> = {
  morning: { from: '00:00', to: '12:00' },
  afternoon: { from: '12:00', to: '17:00' },
  evening: { from: '17:00', to: '24:00' },
};

/** The most days one call reads or replaces. */
export const AVAILABILITY_MAX_DAYS = 190;
export const CAPACITY_MAX = 50;

export const AVAILABILITY_MESSAGES = {
  capacityRange: `Capacity must be a whole number from 1 to ${CAPACITY_MAX}`,
  capacityOnlyOpen: 'Only an open day has a capacity',
  capacityWholeDay: 'A capacity is given for the whole day, not a part of it',
  pastDay: (day: string) =>
    `${day} has passed at your listing's place: only today and later days can be changed`,
  rangeOrder: 'The last day must not be before the first',
  rangeTooLong: `At most ${AVAILABILITY_MAX_DAYS} days at a time`,
  twice: (day: string, part: string) => `${day} (${part}) is given twice`,
  tooManyEntries: 'At most 500 entries at a time',
  bookingsHold: (day: string, held: number, capacity: number) =>
    `${held} ${held === 1 ? 'booking already holds' : 'bookings already hold'} ${day}: its capacity cannot be ${capacity}. Cancel a booking first.`,
  dailyCapacityBelowBookings: (day: string, held: number) =>
    `${held} ${held === 1 ? 'booking already holds' : 'bookings already hold'} ${day}: the daily capacity cannot be lower than ${held}.`,
  fullDay: (day: string, capacity: number) =>
    `${day} has room for ${capacity} and that is taken: mark fewer days booked or held, or raise its capacity.`,
  notFound: 'Vendor not found',
  noListing: 'An approved vendor claim is needed before you can edit a listing',
  fromAndTo: 'From and To go together',
} as const;

const capacity = z
  .number({ error: AVAILABILITY_MESSAGES.capacityRange })
  .int(AVAILABILITY_MESSAGES.capacityRange)
  .min(1, AVAILABILITY_MESSAGES.capacityRange)
  .max(CAPACITY_MAX, AVAILABILITY_MESSAGES.capacityRange);

/** One stated entry: a day or a part of it. */
export const calendarEntryInput = z
  .object({
    day: civilDateSchema('Day'),
    part: oneOf('Part of the day', DAY_PARTS).default('day'),
    status: oneOf('Status', ENTRY_STATUSES),
    capacity: capacity.nullish().transform((v) => v ?? null),
    note: optionalText(200, 'Note'),
  })
  .superRefine((v, ctx) => {
    if (v.capacity === null) return;
    if (v.status !== 'open')
      ctx.addIssue({ code: 'custom', path: ['capacity'], message: AVAILABILITY_MESSAGES.capacityOnlyOpen });
    else if (v.part !== 'day')
      ctx.addIssue({ code: 'custom', path: ['capacity'], message: AVAILABILITY_MESSAGES.capacityWholeDay });
  });
export type CalendarEntryInput = z.input<typeof calendarEntryInput>;

const vendorIdField = z.uuid({ error: AVAILABILITY_MESSAGES.notFound }).optional();

function rangeRefinement(v: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) {
  if (!v.from || !v.to) return;
  if (v.to < v.from)
    ctx.addIssue({ code: 'custom', path: ['to'], message: AVAILABILITY_MESSAGES.rangeOrder });
  else if (daysBetween(v.from, v.to) >= AVAILABILITY_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: AVAILABILITY_MESSAGES.rangeTooLong });
}

/** Whole days from `from` to `to` (civil dates). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** GET /api/vendors/profile/availability: the owner's entries from `from` (today) to `to` (from + 189 days). */
export const myAvailabilityInput = z
  .object({
    vendorId: vendorIdField,
    from: civilDateSchema('From').optional(),
    to: civilDateSchema('To').optional(),
  })
  .strict()
  .superRefine(rangeRefinement)
  .optional()
  .transform((v) => v ?? {});

/**
 * PUT /api/vendors/profile/availability. `entries` replace everything stated on the days they name;
 * with `from` and `to`, every day of that range is replaced too (a day of the range without entries
 * becomes unstated). `dailyCapacity` (optional) changes the capacity of every day without a stated
 * capacity. Any save marks the listing's calendar as stated.
 */
export const updateMyAvailabilityInput = z
  .object({
    vendorId: vendorIdField,
    /** The calendar's version this save was made from; without it the save applies as it is. */
    version: editVersionField,
    dailyCapacity: capacity.optional(),
    from: civilDateSchema('From').optional(),
    to: civilDateSchema('To').optional(),
    entries: z.array(calendarEntryInput).max(500, AVAILABILITY_MESSAGES.tooManyEntries).default([]),
  })
  .strict()
  .superRefine((v, ctx) => {
    rangeRefinement(v, ctx);
    if ((v.from === undefined) !== (v.to === undefined))
      ctx.addIssue({
        code: 'custom',
        path: [v.from ? 'to' : 'from'],
        message: AVAILABILITY_MESSAGES.fromAndTo,
      });
    const seen = new Set<string>();
    v.entries.forEach((e, i) => {
      const key = `${e.day} ${e.part}`;
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['entries', i, 'part'],
          message: AVAILABILITY_MESSAGES.twice(e.day, e.part),
        });
      seen.add(key);
    });
  });
export type UpdateMyAvailabilityInput = z.input<typeof updateMyAvailabilityInput>;

/** GET /api/vendors/{id}/availability. */
export const publicAvailabilityInput = z
  .object({
    id: z.uuid({ error: AVAILABILITY_MESSAGES.notFound }),
    from: civilDateSchema('From').optional(),
    to: civilDateSchema('To').optional(),
  })
  .superRefine(rangeRefinement);

export const calendarEntryDto = z.object({
  day: z.string(),
  part: z.enum(DAY_PARTS),
  status: z.enum(ENTRY_STATUSES),
  capacity: z.number().int().nullable(),
  note: z.string().nullable(),
});
export type CalendarEntryDto = z.infer<typeof calendarEntryDto>;

/** A day's room as the owner reads it: how many events it takes and how many are taken. */
export const dayRoomDto = z.object({
  day: z.string(),
  capacity: z.number().int(),
  taken: z.number().int(),
});

export const myAvailabilityDto = z.object({
  vendorId: z.uuid(),
  /** The stated calendar's version: the GET's ETag; a save names it (or sends If-Match) to refuse a stale edit. */
  version: rowVersionDto,
  /** The listing's zone: "today" and "past" are judged in it. */
  timeZone: z.string().nullable(),
  today: z.string(),
  dailyCapacity: z.number().int(),
  calendarStated: z.boolean(),
  from: z.string(),
  to: z.string(),
  entries: z.array(calendarEntryDto),
  /** The days of the range with anything taken or a capacity of their own. */
  days: z.array(dayRoomDto),
  /** The days of the range that are Shabbat or a Yom Tov at the listing's place, with its name. */
  restDays: z.array(z.object({ day: z.string(), name: z.string() })),
});
export type MyAvailabilityDto = z.infer<typeof myAvailabilityDto>;

/**
 * What the public reads of a day: free (room left), booked (no room left), closed, not stated, or
 * rest: Shabbat or Yom Tov at the listing's place from the eve's candle-lighting to past the day's
 * end (the first of two rest days in a row), so no hour of it can be booked, whatever the calendar
 * says. A client that does not know 'rest' should read it as not free.
 */
export const PUBLIC_DAY_STATUSES = ['free', 'booked', 'closed', 'not_stated', 'rest'] as const;
export type PublicDayStatus = (typeof PUBLIC_DAY_STATUSES)[number];

/**
 * How Shabbat or Yom Tov at the listing's place bounds a day's hours, as the marketplace's "free on"
 * search judges a time: all_day (status rest), until_nightfall (the rest ends at havdalah: only the
 * evening after it can be free), from_candle_lighting (the eve: only the hours before
 * candle-lighting can be free).
 */
export const REST_HOURS = ['all_day', 'until_nightfall', 'from_candle_lighting'] as const;
export type RestHours = (typeof REST_HOURS)[number];

export const publicDayDto = z.object({
  day: z.string(),
  status: z.enum(PUBLIC_DAY_STATUSES),
  /** Parts of a free day that are taken or closed ('evening'...): booked, held and closed alike. */
  partsUnavailable: z.array(z.enum(DAY_PARTS)),
  /** Shabbat or a Yom Tov at the listing's place ('Shabbat', 'Passover'...), else null. */
  rest: z.string().nullable(),
  /** Present only on a day Shabbat or Yom Tov touches (its eve too): which of its hours they take. */
  restHours: z.enum(REST_HOURS).optional().meta({
    description:
      "Only on a day Shabbat or Yom Tov touches at the listing's place: all_day (no hour can be booked; status rest), until_nightfall (free, if at all, only after havdalah), from_candle_lighting (the eve: free, if at all, only before candle-lighting)",
  }),
});
export type PublicDayDto = z.infer<typeof publicDayDto>;

export const publicAvailabilityDto = z.object({
  vendorId: z.uuid(),
  timeZone: z.string().nullable(),
  /** False: the owner never stated their calendar, and every day is not stated. */
  stated: z.boolean(),
  from: z.string(),
  to: z.string(),
  days: z.array(publicDayDto),
});
export type PublicAvailabilityDto = z.infer<typeof publicAvailabilityDto>;
