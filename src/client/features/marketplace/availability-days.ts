import type { PublicDayDto, PublicDayStatus } from '../../../shared/schemas/availability';

/** How a day of the public calendar is drawn: its legend's words and its colours. */
export interface DayLook {
  label: string;
  bg: string;
  fg: string;
}

export const STATUS_LOOK: Record<PublicDayStatus, DayLook> = {
  free: { label: 'Free', bg: 'green.subtle', fg: 'green.fg' },
  booked: { label: 'Booked', bg: 'red.subtle', fg: 'red.fg' },
  closed: { label: 'Closed', bg: 'gray.muted', fg: 'fg.muted' },
  not_stated: { label: 'Not stated', bg: 'bg.subtle', fg: 'fg.subtle' },
  rest: { label: 'Shabbat or Yom Tov: not bookable', bg: 'gold.muted', fg: 'gold.fg' },
};

/** A free day that Shabbat or Yom Tov holds until nightfall: only its evening after havdalah is free. */
export const FREE_AFTER_REST_LOOK: DayLook = {
  label: 'Free after nightfall',
  bg: 'gold.subtle',
  fg: 'green.fg',
};

/** The legend, in the order it is read. */
export const LEGEND: DayLook[] = [
  STATUS_LOOK.free,
  FREE_AFTER_REST_LOOK,
  STATUS_LOOK.booked,
  STATUS_LOOK.closed,
  STATUS_LOOK.not_stated,
  STATUS_LOOK.rest,
];

/**
 * A day's look and what it says in words, as the server's "free on" search judges it: a day that is
 * Shabbat or Yom Tov whole (status rest) is not bookable; a free Saturday is free only after
 * nightfall; a free Friday (a Yom Tov's eve) only until candle-lighting.
 */
export function dayLook(d: PublicDayDto): DayLook & { text: string } {
  const parts = d.partsUnavailable.length ? ` (${d.partsUnavailable.join(', ')} unavailable)` : '';
  if (d.status === 'rest')
    return { ...STATUS_LOOK.rest, text: `${d.rest ?? 'Shabbat or Yom Tov'}: not bookable` };
  if (d.status === 'free' && d.restHours === 'until_nightfall')
    return {
      ...FREE_AFTER_REST_LOOK,
      text: `${d.rest ?? 'Shabbat or Yom Tov'} until nightfall, free after${parts}`,
    };
  if (d.status === 'free' && d.restHours === 'from_candle_lighting')
    return { ...STATUS_LOOK.free, text: `Free until candle-lighting${parts}` };
  const look = STATUS_LOOK[d.status];
  return { ...look, text: `${look.label}${parts}${d.rest ? `, ${d.rest}` : ''}` };
}
