import type { DayPart, PublicDayDto, PublicDayStatus } from '../../../shared/schemas/availability';
import type { MessageId } from '../../i18n/catalogue';
import type { Translate } from '../../i18n/use-t';

/** How a day of the public calendar is drawn: its legend's words and its colours. */
export interface DayLook {
  label: MessageId;
  bg: string;
  fg: string;
}

export const STATUS_LOOK: Record<PublicDayStatus, DayLook> = {
  free: { label: 'marketplace.day.free', bg: 'green.subtle', fg: 'green.fg' },
  booked: { label: 'marketplace.day.booked', bg: 'red.subtle', fg: 'red.fg' },
  closed: { label: 'marketplace.day.closed', bg: 'gray.muted', fg: 'fg.muted' },
  not_stated: { label: 'marketplace.day.notStated', bg: 'bg.subtle', fg: 'fg.subtle' },
  rest: { label: 'marketplace.day.rest', bg: 'gold.muted', fg: 'gold.fg' },
};

/** A free day that Shabbat or Yom Tov holds until nightfall: only its evening after havdalah is free. */
export const FREE_AFTER_REST_LOOK: DayLook = {
  label: 'marketplace.day.freeAfterNightfall',
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

const PART: Record<DayPart, MessageId> = {
  day: 'marketplace.day.part.day',
  morning: 'marketplace.day.part.morning',
  afternoon: 'marketplace.day.part.afternoon',
  evening: 'marketplace.day.part.evening',
};

/**
 * A day's look and what it says in words, as the server's "free on" search judges it: a day that is
 * Shabbat or Yom Tov whole (status rest) is not bookable; a free Saturday is free only after
 * nightfall; a free Friday (a Yom Tov's eve) only until candle-lighting. The rest day's name comes
 * from the server as it is, isolated by `iso` (useIsolate).
 */
export function dayLook(
  t: Translate,
  iso: (text: string) => string,
  d: PublicDayDto,
): DayLook & { text: string } {
  const rest = d.rest ? iso(d.rest) : t('marketplace.day.shabbatOrYomTov');
  const withParts = (text: string) =>
    d.partsUnavailable.length
      ? t('marketplace.day.withParts', {
          text,
          parts: d.partsUnavailable.map((p) => t(PART[p])).join(t('marketplace.day.partsSeparator')),
        })
      : text;
  if (d.status === 'rest') return { ...STATUS_LOOK.rest, text: t('marketplace.day.notBookable', { rest }) };
  if (d.status === 'free' && d.restHours === 'until_nightfall')
    return {
      ...FREE_AFTER_REST_LOOK,
      text: withParts(t('marketplace.day.untilNightfall', { rest })),
    };
  if (d.status === 'free' && d.restHours === 'from_candle_lighting')
    return { ...STATUS_LOOK.free, text: withParts(t('marketplace.day.untilCandleLighting')) };
  const look = STATUS_LOOK[d.status];
  const text = withParts(t(look.label));
  return { ...look, text: d.rest ? t('marketplace.day.withRest', { text, rest: iso(d.rest) }) : text };
}
