import { z } from 'zod';
import { EVENT_TYPES } from '../../../shared/event-types';
import { addDays } from '../../../shared/jewish-calendar';
import { CALENDAR_MESSAGES, findDatesInput } from '../../../shared/schemas/calendar';
import { thenWire } from '../../lib/use-zod-form';

export const LENGTH_MESSAGE =
  /* value: a schema's error message, shown as the shared schemas' are */ 'Length must be a number of hours, from a quarter of an hour to 48';

/**
 * The "Find a date" form holds what its inputs hold (dates, a time, the length in hours as typed,
 * the place chosen or null for the home place), turns it into calendar.dates' input and checks it
 * with that procedure's own schema, so the rules (the 400-day range, the time) are the shared ones.
 */
export const findDateForm = z
  .object({
    from: z.string(),
    to: z.string(),
    eventType: z.union([z.enum(EVENT_TYPES), z.literal('')]),
    time: z.string().min(1, CALENDAR_MESSAGES.badTime),
    hours: z.string(),
    /** null: the home place. */
    placeId: z.number().nullable(),
  })
  .transform(({ hours, eventType, placeId, ...rest }, ctx) => {
    const value = Number(hours.trim());
    if (!hours.trim() || !Number.isFinite(value) || value < 0.25 || value > 48) {
      ctx.addIssue({ code: 'custom', path: ['hours'], message: LENGTH_MESSAGE });
      return z.NEVER;
    }
    return {
      ...rest,
      durationMinutes: Math.round(value * 60),
      ...(eventType ? { eventType } : {}),
      ...(placeId === null ? {} : { placeId }),
    };
  })
  .transform(thenWire(findDatesInput));
export type FindDateFormValues = z.input<typeof findDateForm>;

export function blankFindDate(today: string): FindDateFormValues {
  return {
    from: today,
    to: addDays(today, 182),
    eventType: 'Wedding',
    time: '19:00',
    hours: '4',
    placeId: null,
  };
}

/** Where "Plan an event on this date" goes: the events page's create dialog, filled in. */
export function planEventHref(
  date: string,
  time: string,
  eventType: string | null,
  placeId: number | null = null,
  durationMinutes: number | null = null,
): string {
  const params = new URLSearchParams({ new: '1', date, time });
  if (eventType) params.set('type', eventType);
  if (placeId !== null) params.set('place', String(placeId));
  if (durationMinutes !== null) params.set('length', String(durationMinutes));
  return `/events?${params.toString()}`;
}
