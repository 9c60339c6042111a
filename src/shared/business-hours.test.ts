import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addBusinessMinutes,
  businessMinutesBetween,
  isRestDay,
  restPeriods,
  timeZoneForLongitude,
} from './business-hours';

/** The instants the properties draw from: 2025 to 2028. */
const YEARS = {
  min: new Date('2025-01-01T00:00:00Z'),
  max: new Date('2028-12-31T00:00:00Z'),
  noInvalidDate: true,
};

const at = (iso: string) => new Date(iso);
const minutes = (start: string, end: string, timeZone?: string) =>
  businessMinutesBetween(at(start), at(end), timeZone ? { timeZone } : {});
const HOUR = 60;

describe('businessMinutesBetween', () => {
  it('counts every minute of a working stretch', () => {
    expect(minutes('2026-06-01T09:00:00-04:00', '2026-06-02T09:00:00-04:00')).toBe(24 * HOUR);
    expect(minutes('2026-06-01T09:00:00-04:00', '2026-06-01T09:00:59-04:00')).toBe(0);
  });

  it('leaves out Shabbat, from 18:00 on Friday to 21:00 on Saturday', () => {
    // Friday 17:00 to Sunday 10:00: the hour before 18:00, then Saturday 21:00 to Sunday 10:00.
    expect(minutes('2026-06-05T17:00:00-04:00', '2026-06-07T10:00:00-04:00')).toBe(1 * HOUR + 13 * HOUR);
    expect(minutes('2026-06-06T10:00:00-04:00', '2026-06-06T20:59:00-04:00')).toBe(0);
    expect(minutes('2026-06-05T18:00:00-04:00', '2026-06-06T21:30:00-04:00')).toBe(30);
  });

  it('is 0 when the end is not after the start', () => {
    expect(minutes('2026-06-02T09:00:00-04:00', '2026-06-01T09:00:00-04:00')).toBe(0);
    expect(minutes('2026-06-02T09:00:00-04:00', '2026-06-02T09:00:00-04:00')).toBe(0);
    expect(businessMinutesBetween(new Date(Number.NaN), at('2026-06-02T09:00:00Z'))).toBe(0);
  });

  it('leaves out Yom Kippur (Monday 2026-09-21) from its eve at 18:00', () => {
    expect(isRestDay('2026-09-21')).toBe(true);
    // Sunday 17:00 to Tuesday 09:00: an hour on the eve, then Monday 21:00 to Tuesday 09:00.
    expect(minutes('2026-09-20T17:00:00-04:00', '2026-09-22T09:00:00-04:00')).toBe(1 * HOUR + 12 * HOUR);
  });

  it('merges a two-day Yom Tov with the Shabbat it adjoins into one period', () => {
    // Rosh Hashanah 5787 falls on Saturday and Sunday: Friday 18:00 to Sunday 21:00 is one period.
    const [first] = restPeriods(at('2026-09-11T12:00:00-04:00'), at('2026-09-14T12:00:00-04:00'));
    expect(first?.map((d) => d.toISOString())).toEqual([
      '2026-09-11T22:00:00.000Z',
      '2026-09-14T01:00:00.000Z',
    ]);
    expect(minutes('2026-09-10T12:00:00-04:00', '2026-09-15T12:00:00-04:00')).toBe(5 * 24 * HOUR - 51 * HOUR);
    // Passover 2026 begins on Thursday: Thursday, Friday and Shabbat run from Wednesday 18:00 to
    // Saturday 21:00 (75 hours).
    expect(minutes('2026-04-01T12:00:00-04:00', '2026-04-05T12:00:00-04:00')).toBe(4 * 24 * HOUR - 75 * HOUR);
    // Shavuot 2027 on Friday and Saturday: from Thursday 18:00.
    expect(minutes('2027-06-10T17:00:00-04:00', '2027-06-12T22:00:00-04:00')).toBe(2 * HOUR);
  });

  it('counts Chol HaMoed and minor holidays as working days', () => {
    expect(isRestDay('2026-04-06')).toBe(false);
    expect(minutes('2026-04-06T09:00:00-04:00', '2026-04-07T09:00:00-04:00')).toBe(24 * HOUR);
    // Purim 2026 (Tuesday 3 March).
    expect(minutes('2026-03-03T09:00:00-05:00', '2026-03-04T09:00:00-05:00')).toBe(24 * HOUR);
  });

  it('counts real minutes across a change of daylight saving time', () => {
    // The clocks go forward at 02:00 on Sunday 2026-03-08: Saturday 22:00 EST to Sunday 10:00 EDT
    // is 11 hours, and Shabbat still ends at 21:00 EST.
    expect(minutes('2026-03-07T22:00:00-05:00', '2026-03-08T10:00:00-04:00')).toBe(11 * HOUR);
    expect(minutes('2026-03-06T17:00:00-05:00', '2026-03-08T10:00:00-04:00')).toBe(1 * HOUR + 12 * HOUR);
    // They go back at 02:00 on Sunday 2026-11-01: 14 hours from Saturday 21:00 EDT to Sunday 10:00 EST.
    expect(minutes('2026-10-30T17:00:00-04:00', '2026-11-01T10:00:00-05:00')).toBe(1 * HOUR + 14 * HOUR);
  });

  it("uses the listing's time zone", () => {
    // Friday 17:00 to Saturday 22:00 in Los Angeles; in New York those instants are 20:00 and 01:00.
    expect(minutes('2026-06-05T17:00:00-07:00', '2026-06-06T22:00:00-07:00', 'America/Los_Angeles')).toBe(
      2 * HOUR,
    );
    expect(minutes('2026-06-05T17:00:00-07:00', '2026-06-06T22:00:00-07:00')).toBe(4 * HOUR);
  });

  it('never exceeds the real minutes, and adds up over a split', () => {
    fc.assert(
      fc.property(fc.date(YEARS), fc.date(YEARS), fc.date(YEARS), (a, b, c) => {
        const [s, m, e] = [a, b, c].sort((x, y) => x.getTime() - y.getTime()) as [Date, Date, Date];
        const whole = businessMinutesBetween(s, e);
        expect(whole).toBeGreaterThanOrEqual(0);
        expect(whole).toBeLessThanOrEqual((e.getTime() - s.getTime()) / 60_000);
        // Each half is floored to whole minutes on its own.
        const parts = businessMinutesBetween(s, m) + businessMinutesBetween(m, e);
        expect(Math.abs(whole - parts)).toBeLessThanOrEqual(1);
      }),
      { numRuns: 200 },
    );
  });
});

describe('timeZoneForLongitude', () => {
  it.each([
    [-118.24, 'America/Los_Angeles'],
    [-104.99, 'America/Denver'],
    [-87.63, 'America/Chicago'],
    [-80.19, 'America/New_York'],
    [-73.98, 'America/New_York'],
    [null, 'America/New_York'],
    [undefined, 'America/New_York'],
  ])('%s -> %s', (lng, zone) => {
    expect(timeZoneForLongitude(lng)).toBe(zone);
  });
});

describe('addBusinessMinutes', () => {
  it('steps over rest periods to the instant the minutes have passed', () => {
    const add = (start: string, minutes: number, timeZone?: string) =>
      addBusinessMinutes(at(start), minutes, timeZone ? { timeZone } : {}).toISOString();
    expect(add('2026-06-01T09:00:00-04:00', 90)).toBe(at('2026-06-01T10:30:00-04:00').toISOString());
    // Friday 17:00 plus 24 hours: one before Shabbat, 23 after it ends on Saturday at 21:00.
    expect(add('2026-06-05T17:00:00-04:00', 24 * HOUR)).toBe(at('2026-06-07T20:00:00-04:00').toISOString());
    // Received during Shabbat: the clock starts at 21:00.
    expect(add('2026-06-06T12:00:00-04:00', 30)).toBe(at('2026-06-06T21:30:00-04:00').toISOString());
    // Rosh Hashanah on Saturday and Sunday after Shabbat: nothing counts from Friday 18:00 to Sunday 21:00.
    expect(add('2026-09-11T17:00:00-04:00', 2 * HOUR)).toBe(at('2026-09-13T22:00:00-04:00').toISOString());
    expect(add('2026-06-05T17:00:00-07:00', 2 * HOUR, 'America/Los_Angeles')).toBe(
      at('2026-06-06T22:00:00-07:00').toISOString(),
    );
  });

  it('is the inverse of businessMinutesBetween', () => {
    fc.assert(
      fc.property(fc.date(YEARS), fc.integer({ min: 0, max: 10 * 24 * 60 }), (start, minutes) => {
        const end = addBusinessMinutes(start, minutes);
        expect(businessMinutesBetween(start, end)).toBe(minutes);
        // And the first such instant: a millisecond earlier, the last minute is not complete.
        if (minutes > 0) expect(businessMinutesBetween(start, new Date(end.getTime() - 1))).toBe(minutes - 1);
      }),
      { numRuns: 200 },
    );
  });
});
