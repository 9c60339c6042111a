import { addDays, isShabbat } from '../../../shared/jewish-calendar';
import { FEED_TEXTS } from '../../../shared/schemas/calendar-feeds';
import { type ClockPlace, candleLighting, havdalah, localParts } from '../observance/clock';
import { isRestDay, type Observance } from '../observance/tiers';
import type { CalendarItem } from './ics';

/**
 * Candle-lighting and havdalah at a place, as items of a calendar feed: before every Shabbat and
 * festival, and when each ends. The times are the clock's (decision 034); this module only decides
 * on which evenings they fall.
 */

/** Days of a feed's times before and after today: last week's stay visible, half a year ahead. */
export const TIMES_DAYS_BEFORE = 7;
export const TIMES_DAYS_AFTER = 26 * 7;

interface TimeOnDay {
  kind: 'candles' | 'havdalah';
  date: string;
  at: number;
}

/**
 * The evenings of `days` days from `from` (the place's civil dates): candles before sunset on the
 * day before a rest day, or at nightfall when that day is itself a rest day (the second night of a
 * festival, a festival after Shabbat), unless the next is Shabbat (lit before sunset from a flame);
 * havdalah at nightfall of a rest day followed by a weekday.
 */
export function restDayTimes(
  place: ClockPlace,
  observance: Observance,
  from: string,
  days: number,
): TimeOnDay[] {
  const israel = observance.israel;
  const times: TimeOnDay[] = [];
  for (let i = 0; i < days; i++) {
    const date = addDays(from, i);
    const next = addDays(date, 1);
    const today = isRestDay(date, israel);
    const tomorrow = isRestDay(next, israel);
    if (tomorrow && (!today || isShabbat(next))) {
      times.push({ kind: 'candles', date, at: candleLighting(place, date, observance.candleMinutes).at });
    } else if (tomorrow) {
      times.push({ kind: 'candles', date, at: havdalah(place, date, observance.havdalah).at });
    } else if (today) {
      times.push({ kind: 'havdalah', date, at: havdalah(place, date, observance.havdalah).at });
    }
  }
  return times;
}

/** The times as feed items, each a moment (no end) written in UTC, stamped when the feed was made. */
export function restDayItems(
  place: ClockPlace,
  observance: Observance,
  now: Date,
  stamp: Date,
): CalendarItem[] {
  const today = localParts(place.timeZone, now.getTime()).date;
  const from = addDays(today, -TIMES_DAYS_BEFORE);
  return restDayTimes(place, observance, from, TIMES_DAYS_BEFORE + TIMES_DAYS_AFTER).map((time) => ({
    uid: `${time.kind}-${time.date}-${place.latitude},${place.longitude}@simchahub`,
    title: `${time.kind === 'candles' ? FEED_TEXTS.candleLighting : FEED_TEXTS.havdalah} (${place.name})`,
    venue: null,
    notes: null,
    date: new Date(time.at),
    civilDate: time.date,
    time: localParts(place.timeZone, time.at).time,
    timeZone: place.timeZone,
    durationMinutes: 0,
    updatedAt: stamp,
  }));
}
