import type { Language } from '../../../shared/i18n';
import { holidayIdOfName, holidayName } from '../../../shared/jewish-calendar';
import type { MyAvailabilityDto } from '../../../shared/schemas/availability';
import type { MessageId } from '../../i18n/catalogue';
import type { Translate } from '../../i18n/use-t';

/** How the owner's calendar shows a day, as the legend names it. */
export type DayState = 'free' | 'booked' | 'held' | 'closed' | 'not_stated';

/** Each state's colours (cell and legend swatch) and the legend's plain words (catalogue ids). */
export const DAY_LOOK: Record<DayState, { bg: string; fg: string; label: MessageId; meaning: MessageId }> = {
  free: {
    bg: 'green.subtle',
    fg: 'green.fg',
    label: 'vendorDashboard.calendar.state.free',
    meaning: 'vendorDashboard.calendar.meaning.free',
  },
  booked: {
    bg: 'red.subtle',
    fg: 'red.fg',
    label: 'vendorDashboard.calendar.state.booked',
    meaning: 'vendorDashboard.calendar.meaning.booked',
  },
  held: {
    bg: 'orange.subtle',
    fg: 'orange.fg',
    label: 'vendorDashboard.calendar.state.held',
    meaning: 'vendorDashboard.calendar.meaning.held',
  },
  closed: {
    bg: 'gray.muted',
    fg: 'fg.muted',
    label: 'vendorDashboard.calendar.state.closed',
    meaning: 'vendorDashboard.calendar.meaning.closed',
  },
  not_stated: {
    bg: 'bg.subtle',
    fg: 'fg.subtle',
    label: 'vendorDashboard.calendar.state.notStated',
    meaning: 'vendorDashboard.calendar.meaning.notStated',
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

/**
 * A rest day's name as the server gives it ('Shabbat', 'Passover') in the page's language ('שבת',
 * 'פסח'); a name the calendar does not know stays as it came.
 */
export function restName(t: Translate, language: Language, name: string): string {
  if (name === 'Shabbat') return t('vendorDashboard.calendar.shabbat');
  const holiday = holidayIdOfName(name);
  return holiday ? holidayName(holiday, language) : name;
}
