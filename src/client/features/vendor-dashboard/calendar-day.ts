import type { MyAvailabilityDto } from '../../../shared/schemas/availability';

/** How the owner's calendar shows a day, as the legend names it. */
export type DayState = 'free' | 'booked' | 'held' | 'closed' | 'not_stated';

/** Each state's colours (cell and legend swatch) and the legend's plain words. */
export const DAY_LOOK: Record<DayState, { bg: string; fg: string; label: string; meaning: string }> = {
  free: { bg: 'green.subtle', fg: 'green.fg', label: 'Free', meaning: 'room for another event' },
  booked: {
    bg: 'red.subtle',
    fg: 'red.fg',
    label: 'Booked',
    meaning: 'no room left, or marked booked by you',
  },
  held: { bg: 'orange.subtle', fg: 'orange.fg', label: 'Held', meaning: 'kept aside by you, takes a slot' },
  closed: { bg: 'gray.muted', fg: 'fg.muted', label: 'Closed', meaning: 'you take no events that day' },
  not_stated: {
    bg: 'bg.subtle',
    fg: 'fg.subtle',
    label: 'Not stated',
    meaning: 'save your calendar so families see you as free',
  },
};

/** The legend's order. */
export const DAY_STATES: readonly DayState[] = ['free', 'booked', 'held', 'closed', 'not_stated'];

/**
 * A day of the owner's calendar as one state: the owner's whole-day mark first (closed, held or
 * booked), then a day with no room left (booked), then free once the calendar is stated (else not
 * stated), as the public calendar reads it. Marks on parts of the day are shown apart, as dots.
 */
export function dayState(day: string, data: MyAvailabilityDto): DayState {
  const whole = data.entries.find((e) => e.day === day && e.part === 'day');
  if (whole && whole.status !== 'open') return whole.status;
  const room = data.days.find((d) => d.day === day);
  if (room && room.taken >= room.capacity) return room.capacity === 0 ? 'closed' : 'booked';
  return data.calendarStated ? 'free' : 'not_stated';
}

/** Shabbat or the Yom Tov on a day at the listing's place ('Shabbat', 'Passover'), else null. */
export function restOn(day: string, data: MyAvailabilityDto): string | null {
  return data.restDays.find((r) => r.day === day)?.name ?? null;
}
