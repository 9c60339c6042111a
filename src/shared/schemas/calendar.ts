import { z } from 'zod';
import { EVENT_MINUTES_MAX } from '../constants';
import { EVENT_TYPES } from '../event-types';
import { civilDateSchema, oneOf, optionalQueryNumber, queryNumber } from './common';
import { conflictPlaceDto, observanceAboutDto } from './observance';

/**
 * Finding a date (issue 28): one start time and length judged on every date of a range at a place,
 * and the calendar's candle-lighting, havdalah and day marks at the home place (decision 034).
 */

/** The longest range "Find a date" judges: a year and a month or so. */
export const FIND_DATES_MAX_DAYS = 400;
/** The longest range of the calendar's times: two months. */
export const CALENDAR_TIMES_MAX_DAYS = 62;
export const DEFAULT_FIND_MINUTES = 240;

export const CALENDAR_MESSAGES = {
  toBeforeFrom: 'The end of the range must be on or after its start',
  tooLong: (days: number) => `Choose a range of at most ${days} days`,
  noPlace: 'Choose a place, or set your home place in Profile Settings',
  badTime: 'Start time must be HH:MM',
  badDuration: 'Length must be a whole number of minutes from 1 to 2880 (48 hours)',
} as const;

const DAY_MS = 86_400_000;

/** Days from `from` to `to` (civil dates); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** A range of civil dates, refused on `to` when it ends before it starts or runs longer than `maxDays`. */
const dateRange = (maxDays: number) => ({
  from: civilDateSchema('From'),
  to: civilDateSchema('To'),
  check: (value: { from: string; to: string }, ctx: z.RefinementCtx) => {
    const days = daysBetween(value.from, value.to);
    if (!Number.isFinite(days)) return;
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: CALENDAR_MESSAGES.toBeforeFrom });
    else if (days + 1 > maxDays) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: CALENDAR_MESSAGES.tooLong(maxDays) });
    }
  },
});

const findRange = dateRange(FIND_DATES_MAX_DAYS);

export const findDatesInput = z
  .object({
    from: findRange.from,
    to: findRange.to,
    /** The place's GeoNames id; absent: the caller's home place. */
    placeId: optionalQueryNumber('placeId', z.number().int('placeId must be a whole number').positive()),
    time: z
      .string({ error: CALENDAR_MESSAGES.badTime })
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, CALENDAR_MESSAGES.badTime),
    durationMinutes: queryNumber(
      'durationMinutes',
      z
        .number()
        .int(CALENDAR_MESSAGES.badDuration)
        .min(1, CALENDAR_MESSAGES.badDuration)
        .max(EVENT_MINUTES_MAX, CALENDAR_MESSAGES.badDuration),
      DEFAULT_FIND_MINUTES,
    ),
    eventType: oneOf('Event type', EVENT_TYPES).optional(),
  })
  .superRefine(findRange.check);
export type FindDatesInput = z.input<typeof findDatesInput>;

export const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** A date the slot may be held on: its tier below forbidden (or none) and why. */
export const foundDateDto = z.object({
  date: z.string().meta({ example: '2026-12-19' }),
  weekday: z.enum(WEEKDAYS),
  level: z.enum(['custom', 'info']).nullable(),
  reason: z.string().nullable(),
  /** `reason` by code (observance-reasons.ts), null without a reason. */
  about: observanceAboutDto.nullable().optional(),
  hasConflict: z.boolean(),
  conflictReason: z.string().nullable(),
  startsAt: z.date().nullable(),
  endsAt: z.date().nullable(),
});
export type FoundDateDto = z.infer<typeof foundDateDto>;

export const findDatesDto = z.object({
  place: conflictPlaceDto,
  eventType: z.enum(EVENT_TYPES).nullable(),
  time: z.string(),
  durationMinutes: z.number().int(),
  /** Every date of the range but those the slot would overlap Shabbat or Yom Tov on. */
  dates: z.array(foundDateDto),
  /** How many dates were left out as forbidden. */
  forbiddenCount: z.number().int(),
});
export type FindDatesDto = z.infer<typeof findDatesDto>;

const timesRange = dateRange(CALENDAR_TIMES_MAX_DAYS);

export const calendarTimesInput = z
  .object({ from: timesRange.from, to: timesRange.to })
  .superRefine(timesRange.check);
export type CalendarTimesInput = z.input<typeof calendarTimesInput>;

export const calendarDayDto = z.object({
  date: z.string(),
  /** Candles on the eve of a run of Shabbat and Yom Tov days, at the home place. */
  candleLighting: z.date().nullable(),
  /** Havdalah on a run's last day. */
  havdalah: z.date().nullable(),
  /** `about`: `reason` by code (observance-reasons.ts). */
  marks: z.array(
    z.object({
      level: z.enum(['custom', 'info']),
      reason: z.string(),
      about: observanceAboutDto.optional(),
    }),
  ),
});
export type CalendarDayDto = z.infer<typeof calendarDayDto>;

export const calendarTimesDto = z.object({
  /** The home place whose clock gave the times; null: none set, so no times nor blocks. */
  place: conflictPlaceDto.nullable(),
  days: z.array(calendarDayDto),
  /** Runs of Shabbat and Yom Tov touching the range, candle-lighting to havdalah. */
  blocks: z.array(z.object({ startsAt: z.date(), endsAt: z.date(), name: z.string() })),
});
export type CalendarTimesDto = z.infer<typeof calendarTimesDto>;
