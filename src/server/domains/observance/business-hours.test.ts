import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addBusinessMinutes,
  businessMinutesBetween,
  listingClock,
  type RestClock,
  restPeriods,
} from './business-hours';
import { candleLighting, havdalah } from './clock';

/** The instants the properties draw from: 2025 to 2028. */
const YEARS = {
  min: new Date('2025-01-01T00:00:00Z'),
  max: new Date('2028-12-31T00:00:00Z'),
  noInvalidDate: true,
};

const brooklyn = listingClock({
  latitude: 40.6501,
  longitude: -73.94958,
  timeZone: 'America/New_York',
  city: 'Brooklyn',
});
const jerusalem = listingClock({
  latitude: 31.76904,
  longitude: 35.21633,
  timeZone: 'Asia/Jerusalem',
  city: 'Jerusalem',
});
const london = listingClock({
  latitude: 51.50853,
  longitude: -0.12574,
  timeZone: 'Europe/London',
  city: 'London',
});
const nowhere: RestClock = listingClock({ latitude: null, longitude: null, timeZone: null, city: null });

const at = (iso: string) => new Date(iso);
const minutes = (start: string, end: string, clock: RestClock = brooklyn) =>
  businessMinutesBetween(at(start), at(end), clock);
const HOUR = 60;
const place = (clock: RestClock) => clock.place as NonNullable<RestClock['place']>;
const MIN = 60_000;

describe('businessMinutesBetween', () => {
  it('counts every minute of a working stretch', () => {
    expect(minutes('2026-06-01T09:00:00-04:00', '2026-06-02T09:00:00-04:00')).toBe(24 * HOUR);
    expect(minutes('2026-06-01T09:00:00-04:00', '2026-06-01T09:00:59-04:00')).toBe(0);
  });

  it("leaves out Shabbat from the listing's real candle-lighting to its real havdalah", () => {
    // Brooklyn, December 2026: candles 16:12 on Friday the 18th, havdalah 17:16 on Saturday (hebcal.com).
    const [block] = restPeriods(at('2026-12-18T12:00:00-05:00'), at('2026-12-18T12:00:00-05:00'), brooklyn);
    expect(block?.map((d) => d.toISOString())).toEqual([
      '2026-12-18T21:12:00.000Z',
      '2026-12-19T22:16:00.000Z',
    ]);
    // Friday 15:00 to Sunday 10:00: 72 minutes before the candles, then 17:16 Saturday to 10:00 Sunday.
    expect(minutes('2026-12-18T15:00:00-05:00', '2026-12-20T10:00:00-05:00')).toBe(72 + 16 * HOUR + 44);
    // A Friday 17:00 answer in June is before candle-lighting (about 20:10) and counts in full.
    expect(minutes('2026-06-05T16:00:00-04:00', '2026-06-05T17:00:00-04:00')).toBe(HOUR);
    expect(minutes('2026-12-19T10:00:00-05:00', '2026-12-19T17:15:00-05:00')).toBe(0);
  });

  it('is 0 when the end is not after the start', () => {
    expect(minutes('2026-06-02T09:00:00-04:00', '2026-06-01T09:00:00-04:00')).toBe(0);
    expect(minutes('2026-06-02T09:00:00-04:00', '2026-06-02T09:00:00-04:00')).toBe(0);
    expect(businessMinutesBetween(new Date(Number.NaN), at('2026-06-02T09:00:00Z'), brooklyn)).toBe(0);
  });

  it('leaves out Yom Kippur (Monday 2026-09-21) from candle-lighting on its eve', () => {
    const candles = candleLighting(place(brooklyn), '2026-09-20', 18).at;
    const ends = havdalah(place(brooklyn), '2026-09-21', { degrees: 8.5 }).at;
    const start = at('2026-09-20T17:00:00-04:00').getTime();
    const end = at('2026-09-22T09:00:00-04:00').getTime();
    expect(minutes('2026-09-20T17:00:00-04:00', '2026-09-22T09:00:00-04:00')).toBe(
      Math.floor((candles - start + (end - ends)) / MIN),
    );
  });

  it('merges a two-day Yom Tov with the Shabbat it adjoins into one period', () => {
    // Rosh Hashanah 5787 falls on Saturday and Sunday: Friday's candles to Sunday night's havdalah.
    const [first] = restPeriods(at('2026-09-11T12:00:00-04:00'), at('2026-09-14T12:00:00-04:00'), brooklyn);
    expect(first?.map((d) => d.getTime())).toEqual([
      candleLighting(place(brooklyn), '2026-09-11', 18).at,
      havdalah(place(brooklyn), '2026-09-13', { degrees: 8.5 }).at,
    ]);
  });

  it("keeps Israel's one-day festivals and Jerusalem's 40 minutes in Jerusalem", () => {
    // Shavuot 2027: Friday 11 June in Israel (one day, then Shabbat), Friday and Saturday abroad.
    const [block] = restPeriods(at('2027-06-10T12:00:00+03:00'), at('2027-06-10T12:00:00+03:00'), jerusalem);
    expect(block?.[0].getTime()).toBe(candleLighting(place(jerusalem), '2027-06-10', 40).at);
    expect(block?.[1].getTime()).toBe(havdalah(place(jerusalem), '2027-06-12', { degrees: 8.5 }).at);
    expect(jerusalem.observance).toMatchObject({ israel: true, candleMinutes: 40 });
    expect(london.observance).toMatchObject({ israel: false, candleMinutes: 18 });
  });

  it('counts Chol HaMoed and minor holidays as working days', () => {
    // Monday to Tuesday of Chol HaMoed Passover 2026 (5 to 7 April abroad), and Purim 2027 (Tuesday 23 March).
    expect(minutes('2026-04-06T09:00:00-04:00', '2026-04-07T09:00:00-04:00')).toBe(24 * HOUR);
    expect(minutes('2027-03-23T09:00:00-04:00', '2027-03-24T09:00:00-04:00')).toBe(24 * HOUR);
  });

  it('counts real minutes across a change of daylight saving time', () => {
    // Sunday 2026-03-08 loses an hour in New York: 01:00 to 04:00 local is two real hours.
    expect(minutes('2026-03-08T01:00:00-05:00', '2026-03-08T04:00:00-04:00')).toBe(2 * HOUR);
  });

  it("uses the listing's own place: London's Shabbat is not New York's", () => {
    const friday = '2026-12-18T15:40:00Z';
    const evening = '2026-12-18T20:00:00Z';
    // 15:40 in London is after its candles (sunset 15:51 less 18 minutes: 15:33); 10:40 in Brooklyn is not.
    expect(minutes(friday, evening, london)).toBe(0);
    expect(minutes(friday, evening, brooklyn)).toBe(4 * HOUR + 20);
  });

  it('resolves a listing without coordinates by its city and state, and counts every minute where nothing is known', () => {
    const teaneck = listingClock({
      latitude: null,
      longitude: null,
      timeZone: null,
      city: 'Teaneck',
      state: 'NJ',
    });
    expect(teaneck.place).toMatchObject({ name: 'Teaneck', timeZone: 'America/New_York' });
    expect(nowhere.place).toBeNull();
    expect(minutes('2026-12-18T15:00:00-05:00', '2026-12-20T10:00:00-05:00', nowhere)).toBe(43 * HOUR);
  });

  it('never exceeds the real minutes, and adds up over a split', () => {
    fc.assert(
      fc.property(
        fc.date(YEARS),
        fc.integer({ min: 0, max: 5 * 24 * 60 }),
        fc.integer({ min: 0, max: 100 }),
        (start, span, cut) => {
          const end = new Date(start.getTime() + span * MIN);
          const middle = new Date(start.getTime() + Math.floor((span * cut) / 100) * MIN);
          const whole = businessMinutesBetween(start, end, brooklyn);
          expect(whole).toBeLessThanOrEqual(span);
          const parts =
            businessMinutesBetween(start, middle, brooklyn) + businessMinutesBetween(middle, end, brooklyn);
          expect(Math.abs(whole - parts)).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('addBusinessMinutes', () => {
  it('steps over rest periods to the instant the minutes have passed', () => {
    // Friday 18 December 2026 at 16:00 in Brooklyn, 60 business minutes: 12 before the candles
    // (16:12), the other 48 after havdalah (17:16 Saturday): 18:04.
    expect(addBusinessMinutes(at('2026-12-18T16:00:00-05:00'), 60, brooklyn).toISOString()).toBe(
      '2026-12-19T23:04:00.000Z',
    );
    expect(addBusinessMinutes(at('2026-12-16T10:00:00-05:00'), 0, brooklyn).toISOString()).toBe(
      '2026-12-16T15:00:00.000Z',
    );
  });

  it('is the inverse of businessMinutesBetween', () => {
    fc.assert(
      fc.property(fc.date(YEARS), fc.integer({ min: 0, max: 4 * 24 * 60 }), (start, wanted) => {
        const whole = new Date(Math.floor(start.getTime() / MIN) * MIN);
        const end = addBusinessMinutes(whole, wanted, brooklyn);
        expect(businessMinutesBetween(whole, end, brooklyn)).toBe(wanted);
      }),
      { numRuns: 100 },
    );
  });
});
