import ical from 'node-ical';
import { describe, expect, it } from 'vitest';
import { DEFAULT_OBSERVANCE } from '../../../shared/schemas/observance';
import { type ClockPlace, candleLighting, HAVDALAH_DEGREES, havdalah, localParts } from '../observance/clock';
import { type Observance, observanceFor } from '../observance/tiers';
import { calendarText } from './ics';
import { restDayItems, restDayTimes } from './rest-day-times';

const CANDLE_LIGHTING_MINUTES = 18;
/** A family at home in New York with the default settings: Diaspora, 18 minutes, 8.5°. */
const diaspora: Observance = observanceFor(DEFAULT_OBSERVANCE, { name: 'New York', country: 'US' }, null);

const newYork: ClockPlace = {
  name: 'New York',
  latitude: 40.71427,
  longitude: -74.00597,
  timeZone: 'America/New_York',
};

describe('candle-lighting and havdalah of a feed', () => {
  it('lights candles before sunset on Friday and ends Shabbat at nightfall', () => {
    const times = restDayTimes(newYork, diaspora, '2027-01-04', 7);
    expect(times).toEqual([
      {
        kind: 'candles',
        date: '2027-01-08',
        at: candleLighting(newYork, '2027-01-08', CANDLE_LIGHTING_MINUTES).at,
      },
      {
        kind: 'havdalah',
        date: '2027-01-09',
        at: havdalah(newYork, '2027-01-09', { degrees: HAVDALAH_DEGREES }).at,
      },
    ]);
    // A winter Friday in New York: a little after four in the afternoon.
    expect(localParts(newYork.timeZone, times[0]?.at ?? 0).time).toMatch(/^16:[0-5]\d$/);
  });

  it('lights the second night of a festival that follows Shabbat at nightfall', () => {
    // Rosh Hashanah 5787 falls on Saturday 12 and Sunday 13 September 2026.
    const times = restDayTimes(newYork, diaspora, '2026-09-10', 5);
    expect(times.map((t) => [t.kind, t.date])).toEqual([
      ['candles', '2026-09-11'],
      ['candles', '2026-09-12'],
      ['havdalah', '2026-09-13'],
    ]);
    expect(times[1]?.at).toBe(havdalah(newYork, '2026-09-12', { degrees: HAVDALAH_DEGREES }).at);
  });

  it('writes them as moments in UTC, half a year ahead', () => {
    const stamp = new Date('2027-01-01T00:00:00Z');
    const items = restDayItems(newYork, diaspora, new Date('2027-01-05T12:00:00Z'), stamp);
    expect(items.length).toBeGreaterThan(50);
    const text = calendarText('Times', items);
    const friday = Object.values(ical.sync.parseICS(text)).find(
      (c) =>
        c?.type === 'VEVENT' &&
        c.uid === `candles-2027-01-08-${newYork.latitude},${newYork.longitude}@simchahub`,
    );
    expect(friday?.type === 'VEVENT' && friday.start.getTime()).toBe(
      candleLighting(newYork, '2027-01-08', CANDLE_LIGHTING_MINUTES).at,
    );
    expect(friday?.type === 'VEVENT' && friday.summary).toBe('Candle-lighting (New York)');
    expect(text).toMatch(/DTSTART:20270108T2\d{3}00Z/);
  });
});
