// @hebcal/core (GPL-2.0) is a test-only oracle: a devDependency, never imported outside tests.

import { HDate, HebrewCalendar, Location, months, TimedEvent } from '@hebcal/core';
import { describe, expect, it } from 'vitest';
import { addDays, dayOfWeek } from '../../../shared/jewish-calendar';
import {
  OBSERVANCE_REASON_CODES,
  OBSERVANCE_REASON_PARAMS,
  readObservanceReason,
} from '../../../shared/observance-reasons';
import {
  type Custom,
  DEFAULT_OBSERVANCE,
  OBSERVANCE_ABOUT_CODES_TEXT,
} from '../../../shared/schemas/observance';
import { localParts } from './clock';
import { BROOKLYN, JERUSALEM, LONDON, LOS_ANGELES } from './test-places';
import {
  clockTime,
  dayMarks,
  type JudgedPlace,
  type Judgement,
  judgeRange,
  judgeSlot,
  type Observance,
  observanceFor,
  restBlocks,
} from './tiers';

/**
 * The three tiers against hand-checked cases. Every clock time written below was read off
 * @hebcal/core's tables for the place (the first describe block checks that it still is), so each
 * expectation can be followed by hand: an event is forbidden when [start, start + length) reaches
 * past candle-lighting or starts before havdalah, and otherwise takes the weightiest day mark.
 */

/** The defaults at the place: Israel's schedule and 40 minutes in Jerusalem, 18 and the Diaspora elsewhere. */
function at(p: JudgedPlace, custom?: Custom): Observance {
  const observance = observanceFor(DEFAULT_OBSERVANCE, p, p);
  return custom ? { ...observance, custom } : observance;
}

function judge(
  p: JudgedPlace | null,
  date: string,
  time: string | null,
  durationMinutes: number | null,
  observance: Observance = p ? at(p) : observanceFor(DEFAULT_OBSERVANCE, null, null),
): Judgement {
  return judgeSlot({ date, time, durationMinutes }, p, observance);
}

/** Level, legacy flag and reason in one object, so that a failure shows them together. */
function summary(j: Judgement) {
  return { level: j.conflict.level, hasConflict: j.hasConflict, conflictReason: j.conflictReason };
}

function minutes(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

// ---------------------------------------------------------------------------------------------
// The oracle
// ---------------------------------------------------------------------------------------------

/** A civil date as hebcal takes it: a Date whose local fields are that day. */
function hebcalDay(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

/**
 * Hebcal's candle-lighting or havdalah time on a civil date at a place, 'HH:MM' local, with the
 * place's defaults (Israel's schedule and 40 minutes in Jerusalem) and 8.5° havdalah.
 */
function hebcalTime(p: JudgedPlace, date: string, what: 'Candle lighting' | 'Havdalah'): string | undefined {
  const il = p.country === 'IL';
  const events = HebrewCalendar.calendar({
    start: hebcalDay(date),
    end: hebcalDay(date),
    candlelighting: true,
    location: new Location(p.latitude, p.longitude, il, p.timeZone, p.name),
    il,
    candleLightingMins: p.name === 'Jerusalem' ? 40 : 18,
    havdalahDeg: 8.5,
  });
  const found = events.find((ev): ev is TimedEvent => ev instanceof TimedEvent && ev.getDesc() === what);
  return found ? localParts(p.timeZone, found.eventTime.getTime()).time : undefined;
}

/** The civil date of a Hebrew date. */
function civil(day: number, month: number, year: number): string {
  const g = new HDate(day, month, year).greg();
  return `${g.getFullYear()}-${String(g.getMonth() + 1).padStart(2, '0')}-${String(g.getDate()).padStart(2, '0')}`;
}

const SUN = 0;
const MON = 1;
const TUE = 2;
const WED = 3;
const THU = 4;
const FRI = 5;
const SAT = 6;

// ---------------------------------------------------------------------------------------------
// Hand-checked clock times
// ---------------------------------------------------------------------------------------------

interface Weekend {
  place: JudgedPlace;
  friday: string;
  /** Friday's candle-lighting and Saturday's havdalah, 'HH:MM' local. */
  candles: string;
  havdalah: string;
}

/** A summer and a winter weekend in each city (the summer one before the Three Weeks of 5786). */
const WEEKENDS: Weekend[] = [
  { place: JERUSALEM, friday: '2026-06-19', candles: '19:07', havdalah: '20:30' },
  { place: JERUSALEM, friday: '2026-12-18', candles: '15:58', havdalah: '17:18' },
  { place: BROOKLYN, friday: '2026-06-19', candles: '20:11', havdalah: '21:21' },
  { place: BROOKLYN, friday: '2026-12-18', candles: '16:12', havdalah: '17:16' },
  { place: LOS_ANGELES, friday: '2026-06-19', candles: '19:49', havdalah: '20:51' },
  { place: LOS_ANGELES, friday: '2026-12-18', candles: '16:28', havdalah: '17:28' },
  { place: LONDON, friday: '2026-06-19', candles: '21:03', havdalah: '22:36' },
  { place: LONDON, friday: '2026-12-18', candles: '15:34', havdalah: '16:51' },
];

describe('the hand-checked times are hebcal’s', () => {
  it.each(WEEKENDS)('$place.name, weekend of $friday: candles $candles, havdalah $havdalah', (w) => {
    expect(dayOfWeek(w.friday)).toBe(FRI);
    expect(hebcalTime(w.place, w.friday, 'Candle lighting')).toBe(w.candles);
    expect(hebcalTime(w.place, addDays(w.friday, 1), 'Havdalah')).toBe(w.havdalah);
    // And the engine's block for the weekend is the same two minutes.
    const [block] = restBlocks(w.place, w.friday, w.friday, at(w.place));
    expect(block).toBeDefined();
    expect(clockTime(block?.startsAt ?? 0, w.place.timeZone)).toBe(w.candles);
    expect(clockTime(block?.endsAt ?? 0, w.place.timeZone)).toBe(w.havdalah);
  });
});

// ---------------------------------------------------------------------------------------------
// 1. The examples
// ---------------------------------------------------------------------------------------------

describe("the issue's examples: Brooklyn, December 2026", () => {
  it('Friday 18 December 15:00 for three hours runs past candle-lighting at 16:12', () => {
    // 15:00 + 180 min = 18:00 > 16:12 (sunset 16:30 less 18 minutes).
    const j = judge(BROOKLYN, '2026-12-18', '15:00', 180);
    expect(summary(j)).toEqual({ level: 'forbidden', hasConflict: true, conflictReason: 'Shabbat' });
    expect(j.conflict.reason).toBe(
      'Shabbat begins at 16:12 in Brooklyn on Friday 18 December; this event runs until 18:00.',
    );
    expect(j.conflict.place).toBe(BROOKLYN);
  });

  it('Saturday 19 December 19:30 is motzei Shabbat: after havdalah at 17:16', () => {
    // 19:30 is 2 h 14 min after havdalah: no conflict, only the word that Shabbat has ended.
    const j = judge(BROOKLYN, '2026-12-19', '19:30', null);
    expect(summary(j)).toEqual({ level: 'info', hasConflict: false, conflictReason: null });
    expect(j.conflict.reason).toBe('Motzei Shabbat: Shabbat ends at 17:16 in Brooklyn.');
  });

  it('Saturday 19 December 16:30 starts before havdalah at 17:16', () => {
    const j = judge(BROOKLYN, '2026-12-19', '16:30', 120);
    expect(summary(j)).toEqual({ level: 'forbidden', hasConflict: true, conflictReason: 'Shabbat' });
    expect(j.conflict.reason).toBe(
      'Shabbat ends at 17:16 in Brooklyn on Saturday 19 December; this event starts at 16:30.',
    );
  });
});

// ---------------------------------------------------------------------------------------------
// 2 and 3. Friday afternoon and Saturday night, four cities, summer and winter
// ---------------------------------------------------------------------------------------------

describe('a Friday-afternoon wedding, four cities, summer and winter', () => {
  it('Jerusalem keeps 40 minutes and the Israeli schedule by default; the others 18 and the Diaspora', () => {
    expect(at(JERUSALEM)).toMatchObject({ israel: true, candleMinutes: 40, havdalah: { degrees: 8.5 } });
    for (const p of [BROOKLYN, LOS_ANGELES, LONDON]) {
      expect(at(p)).toMatchObject({ israel: false, candleMinutes: 18, havdalah: { degrees: 8.5 } });
    }
  });

  it.each(WEEKENDS)('$place.name $friday: ending at candle-lighting ($candles) is allowed', (w) => {
    // [15:00, candles): the interval is half-open, so ending at the minute Shabbat begins is before it.
    const length = minutes(w.candles) - minutes('15:00');
    const j = judge(w.place, w.friday, '15:00', length);
    expect(j.conflict.level).not.toBe('forbidden');
    expect(j.hasConflict).toBe(false);
    // Within six hours of Shabbat the judgement says when it begins.
    expect(j.conflict.level).toBe('info');
    expect(j.conflict.reason).toBe(
      `Shabbat begins at ${w.candles} in ${w.place.name}; this event ends at ${w.candles}.`,
    );
  });

  it.each(WEEKENDS)('$place.name $friday: one minute past candle-lighting ($candles) is forbidden', (w) => {
    const length = minutes(w.candles) - minutes('15:00') + 1;
    const j = judge(w.place, w.friday, '15:00', length);
    expect(summary(j)).toEqual({ level: 'forbidden', hasConflict: true, conflictReason: 'Shabbat' });
    const ends = minutes(w.candles) + 1;
    const until = `${String(Math.floor(ends / 60)).padStart(2, '0')}:${String(ends % 60).padStart(2, '0')}`;
    expect(j.conflict.reason).toMatch(
      new RegExp(
        `^Shabbat begins at ${w.candles} in ${w.place.name} on Friday \\d+ \\w+; this event runs until ${until}\\.$`,
      ),
    );
  });

  it.each(WEEKENDS)(
    '$place.name $friday: Saturday night, one minute before havdalah ($havdalah) and at it',
    (w) => {
      const saturday = addDays(w.friday, 1);
      const early = minutes(w.havdalah) - 1;
      const before = judge(
        w.place,
        saturday,
        `${String(Math.floor(early / 60)).padStart(2, '0')}:${String(early % 60).padStart(2, '0')}`,
        120,
      );
      expect(summary(before)).toEqual({ level: 'forbidden', hasConflict: true, conflictReason: 'Shabbat' });
      expect(before.conflict.reason).toContain(
        `Shabbat ends at ${w.havdalah} in ${w.place.name} on Saturday`,
      );
      // Starting at the minute of havdalah is after Shabbat.
      const after = judge(w.place, saturday, w.havdalah, 120);
      expect(summary(after)).toEqual({ level: 'info', hasConflict: false, conflictReason: null });
      expect(after.conflict.reason).toBe(`Motzei Shabbat: Shabbat ends at ${w.havdalah} in ${w.place.name}.`);
    },
  );
});

// ---------------------------------------------------------------------------------------------
// 4 and 5. Yom Tov: the Diaspora's second day, and Yom Tov straight after Shabbat
// ---------------------------------------------------------------------------------------------

describe('the second day of Yom Tov', () => {
  // 5788: Shavuot is Wednesday 31 May 2028 (6 Sivan), its Diaspora second day Thursday 1 June;
  // Passover's eighth day (22 Nisan) is Tuesday 18 April 2028. All weekdays.
  const shavuot2 = civil(7, months.SIVAN, 5788);
  const passover8 = civil(22, months.NISAN, 5788);

  it('the dates are weekdays', () => {
    expect([shavuot2, dayOfWeek(shavuot2)]).toEqual(['2028-06-01', THU]);
    expect([passover8, dayOfWeek(passover8)]).toEqual(['2028-04-18', TUE]);
  });

  it('is forbidden in the Diaspora: one block over both days', () => {
    const shavuot = judge(BROOKLYN, shavuot2, '12:00', 120);
    expect(summary(shavuot)).toEqual({ level: 'forbidden', hasConflict: true, conflictReason: 'Shavuot' });
    // Candle-lighting on Tuesday 30 May (erev Shavuot) to havdalah on Thursday 1 June.
    expect(hebcalTime(BROOKLYN, '2028-05-30', 'Candle lighting')).toBe('20:01');
    expect(hebcalTime(BROOKLYN, '2028-06-01', 'Havdalah')).toBe('21:10');
    expect(shavuot.conflict.reason).toBe(
      'This event falls within Shavuot in Brooklyn, from 20:01 on Tuesday 30 May to 21:10 on Thursday 1 June.',
    );
    const passover = judge(BROOKLYN, passover8, '12:00', 120);
    expect(summary(passover)).toEqual({ level: 'forbidden', hasConflict: true, conflictReason: 'Passover' });
  });

  it('is not Yom Tov in Israel: the day after Shavuot has no mark; Passover’s 22 Nisan is in the Omer', () => {
    // Israel keeps one day of Shavuot and seven of Passover. 7 Sivan is an ordinary day (the Omer
    // ended on 5 Sivan), and 12:00 is far from any candle-lighting.
    expect(summary(judge(JERUSALEM, shavuot2, '12:00', 120))).toEqual({
      level: null,
      hasConflict: false,
      conflictReason: null,
    });
    // 22 Nisan is the Omer's seventh day: avoided by Ashkenazi custom (the default) and Sephardi,
    // nothing by custom 'none'.
    const omer = judge(JERUSALEM, passover8, '12:00', 120);
    expect(summary(omer)).toEqual({ level: 'custom', hasConflict: true, conflictReason: 'the Omer' });
    expect(omer.conflict.reason).toContain('day 7');
    expect(judge(JERUSALEM, passover8, '12:00', 120, at(JERUSALEM, 'none')).conflict.level).toBeNull();
  });

  it('a Diaspora family keeps its second day at an event in Jerusalem (the schedule follows the home)', () => {
    const observance = observanceFor(DEFAULT_OBSERVANCE, BROOKLYN, JERUSALEM);
    expect(observance).toMatchObject({ israel: false, candleMinutes: 40 });
    const j = judge(JERUSALEM, shavuot2, '12:00', 120, observance);
    expect(summary(j)).toEqual({ level: 'forbidden', hasConflict: true, conflictReason: 'Shavuot' });
  });
});

describe('Yom Tov beginning at the end of Shabbat', () => {
  // 5789: 6 Sivan is Sunday 20 May 2029, so Shavuot begins on Saturday night; in the Diaspora it
  // lasts to Monday 21 May. Shabbat and Shavuot are one block, Friday's candles to Monday's havdalah.
  const saturday = civil(5, months.SIVAN, 5789);

  it('the date is a Saturday before Shavuot', () => {
    expect([saturday, dayOfWeek(saturday)]).toEqual(['2029-05-19', SAT]);
    expect(hebcalTime(BROOKLYN, '2029-05-18', 'Candle lighting')).toBe('19:51');
    // Hebcal prints Saturday night's nightfall as Shavuot's candle-lighting, then havdalah on Monday.
    expect(hebcalTime(BROOKLYN, '2029-05-19', 'Candle lighting')).toBe('20:58');
    expect(hebcalTime(BROOKLYN, '2029-05-21', 'Havdalah')).toBe('21:00');
  });

  it('restBlocks merges Shabbat and both days of Shavuot into one block in the Diaspora', () => {
    const blocks = restBlocks(BROOKLYN, saturday, saturday, at(BROOKLYN));
    expect(blocks).toHaveLength(1);
    const [block] = blocks;
    expect(block).toMatchObject({ first: '2029-05-19', last: '2029-05-21', approximate: false });
    expect(localParts(BROOKLYN.timeZone, block?.startsAt ?? 0)).toEqual({
      date: '2029-05-18',
      time: '19:51',
    });
    expect(localParts(BROOKLYN.timeZone, block?.endsAt ?? 0)).toEqual({ date: '2029-05-21', time: '21:00' });
  });

  it('and Shabbat with Israel’s one day of Shavuot, to havdalah on Sunday', () => {
    const [block, ...rest] = restBlocks(JERUSALEM, saturday, saturday, at(JERUSALEM));
    expect(rest).toEqual([]);
    expect(block).toMatchObject({ first: '2029-05-19', last: '2029-05-20' });
    expect(hebcalTime(JERUSALEM, '2029-05-18', 'Candle lighting')).toBe('18:51');
    expect(hebcalTime(JERUSALEM, '2029-05-20', 'Havdalah')).toBe('20:13');
    expect(localParts(JERUSALEM.timeZone, block?.startsAt ?? 0)).toEqual({
      date: '2029-05-18',
      time: '18:51',
    });
    expect(localParts(JERUSALEM.timeZone, block?.endsAt ?? 0)).toEqual({ date: '2029-05-20', time: '20:13' });
  });

  it('an event at Saturday 21:00, after Shabbat’s nightfall (20:58), is on Shavuot: forbidden', () => {
    const j = judge(BROOKLYN, saturday, '21:00', 180);
    // Not motzei Shabbat: the block goes on. At 21:00 Shabbat is over and Shavuot has begun.
    expect(summary(j)).toEqual({ level: 'forbidden', hasConflict: true, conflictReason: 'Shavuot' });
    expect(j.conflict.reason).toBe(
      'This event falls within Shavuot in Brooklyn, from 19:51 on Friday 18 May to 21:00 on Monday 21 May.',
    );
    // The same in Jerusalem, where Shavuot is only Sunday.
    const jerusalem = judge(JERUSALEM, saturday, '21:00', 180);
    expect(summary(jerusalem)).toEqual({ level: 'forbidden', hasConflict: true, conflictReason: 'Shavuot' });
  });

  it('Saturday noon is still Shabbat, and Monday evening ends with Shavuot’s havdalah', () => {
    expect(summary(judge(BROOKLYN, saturday, '12:00', 60))).toEqual({
      level: 'forbidden',
      hasConflict: true,
      conflictReason: 'Shabbat',
    });
    const monday = judge(BROOKLYN, '2029-05-21', '20:00', 120);
    expect(summary(monday)).toEqual({ level: 'forbidden', hasConflict: true, conflictReason: 'Shavuot' });
    expect(monday.conflict.reason).toBe(
      'Shavuot ends at 21:00 in Brooklyn on Monday 21 May; this event starts at 20:00.',
    );
    // From havdalah on Monday: after Shavuot.
    const after = judge(BROOKLYN, '2029-05-21', '21:00', 120);
    expect(summary(after)).toEqual({ level: 'info', hasConflict: false, conflictReason: null });
    expect(after.conflict.reason).toBe('After Shavuot: Shavuot ends at 21:00 in Brooklyn.');
  });
});

// ---------------------------------------------------------------------------------------------
// 6. Past midnight
// ---------------------------------------------------------------------------------------------

describe('events running past midnight', () => {
  it('Thursday 20:00 for five hours ends at 01:00 Friday: long before candle-lighting', () => {
    expect(dayOfWeek('2026-12-17')).toBe(THU);
    expect(summary(judge(BROOKLYN, '2026-12-17', '20:00', 300))).toEqual({
      level: null,
      hasConflict: false,
      conflictReason: null,
    });
  });

  it('Thursday 20:00 for 21 hours runs into Friday past candle-lighting at 16:12: forbidden', () => {
    const j = judge(BROOKLYN, '2026-12-17', '20:00', 21 * 60);
    expect(summary(j)).toEqual({ level: 'forbidden', hasConflict: true, conflictReason: 'Shabbat' });
    expect(j.conflict.reason).toBe(
      'Shabbat begins at 16:12 in Brooklyn on Friday 18 December; this event runs until 17:00.',
    );
  });

  it('Saturday 21:00 to 02:00 before the fast of 10 Tevet (Sunday) ends before its dawn', () => {
    // 10 Tevet 5787 is Sunday 20 December 2026; a minor fast begins at dawn (about 05:40 there).
    expect(civil(10, months.TEVET, 5787)).toBe('2026-12-20');
    expect(dayOfWeek('2026-12-20')).toBe(SUN);
    const j = judge(BROOKLYN, '2026-12-19', '21:00', 300);
    expect(summary(j)).toEqual({ level: 'info', hasConflict: false, conflictReason: null });
    expect(j.conflict.reason).toBe('Motzei Shabbat: Shabbat ends at 17:16 in Brooklyn.');
    // Running on to 07:00, after dawn, it is on the fast.
    expect(summary(judge(BROOKLYN, '2026-12-19', '21:00', 600))).toEqual({
      level: 'custom',
      hasConflict: true,
      conflictReason: 'Fast of 10 Tevet',
    });
  });

  it("Tisha B'Av, unlike the minor fasts, begins at sunset the evening before", () => {
    // 9 Av 5789 is Saturday 21 July 2029: the fast is kept on Sunday 22 July and begins at sunset
    // on Saturday (Shabbat ends at about 21:10 there). A Saturday-night party at 22:00 is on the
    // fast even for custom 'none'; for Ashkenazim it is also in the Nine Days.
    expect(civil(9, months.AV, 5789)).toBe('2029-07-21');
    const none = judge(BROOKLYN, '2029-07-21', '22:00', 120, at(BROOKLYN, 'none'));
    expect(summary(none)).toEqual({ level: 'custom', hasConflict: true, conflictReason: "Tisha B'Av" });
    expect(judge(BROOKLYN, '2029-07-21', '22:00', 120).conflict.level).toBe('custom');
    // 8 Av 5788 is Monday 31 July 2028: a 19:00 party is on the eve of the fast at sunset (about 20:15).
    expect(civil(8, months.AV, 5788)).toBe('2028-07-31');
    expect(summary(judge(BROOKLYN, '2028-07-31', '19:00', 180, at(BROOKLYN, 'none')))).toEqual({
      level: 'custom',
      hasConflict: true,
      conflictReason: "Tisha B'Av",
    });
    // Ending before sunset it is not.
    expect(judge(BROOKLYN, '2028-07-31', '12:00', 120, at(BROOKLYN, 'none')).conflict.level).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// 7. The Omer and the Three Weeks by custom
// ---------------------------------------------------------------------------------------------

type Expected = { level: 'custom' | 'info' | null; hasConflict: boolean; conflictReason: string | null };
const FINE: Expected = { level: null, hasConflict: false, conflictReason: null };
const OMER: Expected = { level: 'custom', hasConflict: true, conflictReason: 'the Omer' };
const PASSOVER_CHOL_HAMOED: Expected = { level: 'custom', hasConflict: true, conflictReason: 'Passover' };
const RC_INFO: Expected = { level: 'info', hasConflict: false, conflictReason: null };
const LAG_BAOMER: Expected = { level: 'info', hasConflict: true, conflictReason: 'Lag BaOmer' };

describe('the Omer by custom (5789: spring 2029)', () => {
  // The civil dates, all weekdays (Rosh Chodesh Iyar is Sunday and Monday).
  const days = {
    nisan17: civil(17, months.NISAN, 5789),
    nisan30: civil(30, months.NISAN, 5789),
    iyar1: civil(1, months.IYYAR, 5789),
    iyar17: civil(17, months.IYYAR, 5789),
    iyar18: civil(18, months.IYYAR, 5789),
    iyar19: civil(19, months.IYYAR, 5789),
  };

  it('the dates', () => {
    expect(days).toEqual({
      nisan17: '2029-04-02',
      nisan30: '2029-04-15',
      iyar1: '2029-04-16',
      iyar17: '2029-05-02',
      iyar18: '2029-05-03',
      iyar19: '2029-05-04',
    });
    expect(Object.values(days).map(dayOfWeek)).toEqual([MON, SUN, MON, WED, THU, FRI]);
  });

  /**
   * 10:00 to 12:00: no Shabbat near (the Friday, 19 Iyar, ends more than six hours before candles).
   * - 17 Nisan is Chol HaMoed Passover (day 2 of the Omer): every custom avoids it, and the reason
   *   is the festival's, which outranks the Omer.
   * - Rosh Chodesh Iyar (30 Nisan, 1 Iyar): Ashkenazim allow it as an exception (info); Sephardim
   *   still avoid it; with no custom it is plain Rosh Chodesh.
   * - 17 Iyar (day 32): avoided by both customs.
   * - 18 Iyar, Lag BaOmer (day 33): Ashkenazim allow it; Sephardim wait for the 34th day's morning.
   *   The spec warns of Lag BaOmer as a celebration day, so the legacy flag is set where it is info.
   * - 19 Iyar (day 34): allowed by all.
   */
  const table: { custom: Custom; expected: Record<keyof typeof days, Expected> }[] = [
    {
      custom: 'ashkenazi',
      expected: {
        nisan17: PASSOVER_CHOL_HAMOED,
        nisan30: RC_INFO,
        iyar1: RC_INFO,
        iyar17: OMER,
        iyar18: LAG_BAOMER,
        iyar19: FINE,
      },
    },
    {
      custom: 'sephardi',
      expected: {
        nisan17: PASSOVER_CHOL_HAMOED,
        nisan30: OMER,
        iyar1: OMER,
        iyar17: OMER,
        iyar18: OMER,
        iyar19: FINE,
      },
    },
    {
      custom: 'none',
      expected: {
        nisan17: PASSOVER_CHOL_HAMOED,
        nisan30: RC_INFO,
        iyar1: RC_INFO,
        iyar17: FINE,
        iyar18: LAG_BAOMER,
        iyar19: FINE,
      },
    },
  ];

  it.each(table)('$custom', ({ custom, expected }) => {
    const seen = Object.fromEntries(
      Object.entries(days).map(([key, date]) => [
        key,
        summary(judge(BROOKLYN, date, '10:00', 120, at(BROOKLYN, custom))),
      ]),
    );
    expect(seen).toEqual(expected);
  });

  it('the reasons say which custom and which day', () => {
    const reason = (custom: Custom, date: string) =>
      judge(BROOKLYN, date, '10:00', 120, at(BROOKLYN, custom)).conflict.reason;
    expect(reason('ashkenazi', days.iyar1)).toBe(
      'Rosh Chodesh Iyar: many Ashkenazi communities allow weddings on it during the Omer',
    );
    expect(reason('none', days.iyar1)).toBe('Rosh Chodesh Iyar');
    expect(reason('ashkenazi', days.iyar17)).toBe(
      'The Omer (day 32): Ashkenazi custom avoids weddings until Lag BaOmer',
    );
    expect(reason('sephardi', days.iyar18)).toBe(
      'The Omer (day 33): Sephardi custom avoids weddings until the morning of its 34th day',
    );
    expect(reason('ashkenazi', days.iyar18)).toBe('Lag BaOmer: weddings are held again');
    // The span named: Ashkenazi 16 Nisan to 17 Iyar, Sephardi to 18 Iyar (whole local days).
    const ashkenazi = judge(BROOKLYN, days.iyar17, '10:00', 120, at(BROOKLYN, 'ashkenazi')).conflict;
    expect(localParts(BROOKLYN.timeZone, ashkenazi.startsAt?.getTime() ?? 0)).toEqual({
      date: civil(16, months.NISAN, 5789),
      time: '00:00',
    });
    expect(localParts(BROOKLYN.timeZone, ashkenazi.endsAt?.getTime() ?? 0)).toEqual({
      date: days.iyar18,
      time: '00:00',
    });
    const sephardi = judge(BROOKLYN, days.iyar17, '10:00', 120, at(BROOKLYN, 'sephardi')).conflict;
    expect(localParts(BROOKLYN.timeZone, sephardi.endsAt?.getTime() ?? 0)).toEqual({
      date: days.iyar19,
      time: '00:00',
    });
  });
});

describe('the Three Weeks and the Nine Days by custom (5788: summer 2028)', () => {
  const days = {
    tammuz16: civil(16, months.TAMUZ, 5788),
    tammuz17: civil(17, months.TAMUZ, 5788),
    tammuz29: civil(29, months.TAMUZ, 5788),
    av1: civil(1, months.AV, 5788),
    av9: civil(9, months.AV, 5788),
    av10: civil(10, months.AV, 5788),
    av11: civil(11, months.AV, 5788),
  };

  it('the dates', () => {
    expect(days).toEqual({
      tammuz16: '2028-07-10',
      tammuz17: '2028-07-11',
      tammuz29: '2028-07-23',
      av1: '2028-07-24',
      av9: '2028-08-01',
      av10: '2028-08-02',
      av11: '2028-08-03',
    });
    expect(Object.values(days).map(dayOfWeek)).toEqual([MON, TUE, SUN, MON, TUE, WED, THU]);
  });

  const FAST_17_TAMMUZ: Expected = {
    level: 'custom',
    hasConflict: true,
    conflictReason: 'Fast of 17 Tammuz',
  };
  const TISHA_BAV: Expected = { level: 'custom', hasConflict: true, conflictReason: "Tisha B'Av" };
  const THREE_WEEKS: Expected = { level: 'custom', hasConflict: true, conflictReason: 'the Three Weeks' };
  const NINE_DAYS: Expected = { level: 'custom', hasConflict: true, conflictReason: 'the Nine Days' };

  /**
   * 10:00 to 12:00 on weekdays.
   * - 17 Tammuz and 9 Av are public fasts: custom for every custom, and the fast is the reason.
   * - 29 Tammuz: in the Three Weeks (Ashkenazim) but before the Nine Days (Sephardim).
   * - 1 Av (Rosh Chodesh): the Nine Days for both customs; with none, plain Rosh Chodesh Av.
   * - 16 Tammuz, 10 Av and 11 Av are outside every window.
   */
  const table: { custom: Custom; expected: Record<keyof typeof days, Expected> }[] = [
    {
      custom: 'ashkenazi',
      expected: {
        tammuz16: FINE,
        tammuz17: FAST_17_TAMMUZ,
        tammuz29: THREE_WEEKS,
        av1: NINE_DAYS,
        av9: TISHA_BAV,
        av10: FINE,
        av11: FINE,
      },
    },
    {
      custom: 'sephardi',
      expected: {
        tammuz16: FINE,
        tammuz17: FAST_17_TAMMUZ,
        tammuz29: FINE,
        av1: NINE_DAYS,
        av9: TISHA_BAV,
        av10: FINE,
        av11: FINE,
      },
    },
    {
      custom: 'none',
      expected: {
        tammuz16: FINE,
        tammuz17: FAST_17_TAMMUZ,
        tammuz29: FINE,
        av1: RC_INFO,
        av9: TISHA_BAV,
        av10: FINE,
        av11: FINE,
      },
    },
  ];

  it.each(table)('$custom', ({ custom, expected }) => {
    const seen = Object.fromEntries(
      Object.entries(days).map(([key, date]) => [
        key,
        summary(judge(BROOKLYN, date, '10:00', 120, at(BROOKLYN, custom))),
      ]),
    );
    expect(seen).toEqual(expected);
  });

  it('the windows named: Ashkenazi 17 Tammuz to 9 Av, Sephardi 1 to 9 Av', () => {
    const span = (custom: Custom) => {
      const c = judge(BROOKLYN, days.av1, '10:00', 120, at(BROOKLYN, custom)).conflict;
      return [
        localParts(BROOKLYN.timeZone, c.startsAt?.getTime() ?? 0).date,
        localParts(BROOKLYN.timeZone, c.endsAt?.getTime() ?? 0).date,
      ];
    };
    expect(span('ashkenazi')).toEqual([days.tammuz17, days.av10]);
    expect(span('sephardi')).toEqual([days.av1, days.av10]);
    expect(judge(BROOKLYN, days.tammuz29, '10:00', 120, at(BROOKLYN, 'ashkenazi')).conflict.reason).toBe(
      'The Three Weeks: Ashkenazi custom avoids weddings from 17 Tammuz to 9 Av',
    );
  });
});

// ---------------------------------------------------------------------------------------------
// 8. Chol HaMoed, fasts, Rosh Chodesh, Hanukkah, Purim
// ---------------------------------------------------------------------------------------------

describe('days by custom and days worth knowing', () => {
  it('Chol HaMoed Sukkot and Passover: custom for every custom, the festival as legacy reason', () => {
    // 5787: Sukkot begins Saturday 26 September 2026; Tuesday 29 September is 18 Tishrei.
    expect(civil(18, months.TISHREI, 5787)).toBe('2026-09-29');
    for (const custom of ['ashkenazi', 'sephardi', 'none'] as const) {
      const sukkot = judge(BROOKLYN, '2026-09-29', '12:00', 120, at(BROOKLYN, custom));
      expect(summary(sukkot)).toEqual({ level: 'custom', hasConflict: true, conflictReason: 'Sukkot' });
      expect(sukkot.conflict.reason).toBe(
        'Chol HaMoed Sukkot: most communities do not hold weddings on the intermediate days',
      );
    }
    // 18 Nisan 5789, Tuesday 3 April 2029, in Jerusalem too (Israel's Chol HaMoed starts a day earlier).
    expect(civil(18, months.NISAN, 5789)).toBe('2029-04-03');
    expect(summary(judge(JERUSALEM, '2029-04-03', '12:00', 120))).toEqual(PASSOVER_CHOL_HAMOED);
    expect(summary(judge(JERUSALEM, civil(16, months.NISAN, 5789), '12:00', 120))).toEqual(
      PASSOVER_CHOL_HAMOED,
    );
    // In the Diaspora 16 Nisan (Sunday 1 April 2029) is Yom Tov.
    expect(judge(BROOKLYN, civil(16, months.NISAN, 5789), '12:00', 120).conflict.level).toBe('forbidden');
  });

  it('public fasts: the Fast of Gedaliah and 10 Tevet', () => {
    expect([civil(3, months.TISHREI, 5787), dayOfWeek('2026-09-14')]).toEqual(['2026-09-14', MON]);
    const gedaliah = judge(BROOKLYN, '2026-09-14', '12:00', 120, at(BROOKLYN, 'none'));
    expect(summary(gedaliah)).toEqual({
      level: 'custom',
      hasConflict: true,
      conflictReason: 'Fast of Gedaliah',
    });
    expect(gedaliah.conflict.reason).toBe('Fast of Gedaliah, a public fast day');
    expect(summary(judge(BROOKLYN, '2026-12-20', '12:00', 120))).toEqual({
      level: 'custom',
      hasConflict: true,
      conflictReason: 'Fast of 10 Tevet',
    });
  });

  it('Rosh Chodesh: info, not a legacy conflict', () => {
    // 1 Kislev 5787 is Wednesday 11 November 2026 (Cheshvan has 29 days that year: one day).
    expect([civil(1, months.KISLEV, 5787), dayOfWeek('2026-11-11')]).toEqual(['2026-11-11', WED]);
    const j = judge(BROOKLYN, '2026-11-11', '12:00', 120);
    expect(summary(j)).toEqual({ level: 'info', hasConflict: false, conflictReason: null });
    expect(j.conflict.reason).toBe('Rosh Chodesh Kislev');
  });

  it('Hanukkah: info, and a legacy conflict (the spec warns of it)', () => {
    // 26 Kislev 5787, Sunday 6 December 2026: the second day.
    expect(civil(26, months.KISLEV, 5787)).toBe('2026-12-06');
    const j = judge(BROOKLYN, '2026-12-06', '12:00', 120);
    expect(summary(j)).toEqual({ level: 'info', hasConflict: true, conflictReason: 'Hanukkah' });
    expect(j.conflict.reason).toBe('Hanukkah (day 2)');
  });

  it('Purim on 14 Adar elsewhere, Shushan Purim on 15 Adar in Jerusalem', () => {
    // 5787 is a leap year: Purim is 14 Adar II, Tuesday 23 March 2027.
    const purim = civil(14, months.ADAR_II, 5787);
    const shushan = civil(15, months.ADAR_II, 5787);
    expect([purim, shushan]).toEqual(['2027-03-23', '2027-03-24']);
    expect(summary(judge(BROOKLYN, purim, '12:00', 120))).toEqual({
      level: 'info',
      hasConflict: true,
      conflictReason: 'Purim',
    });
    const brooklynShushan = judge(BROOKLYN, shushan, '12:00', 120);
    expect(summary(brooklynShushan)).toEqual({ level: 'info', hasConflict: false, conflictReason: null });
    expect(brooklynShushan.conflict.reason).toBe('Shushan Purim (Purim in Jerusalem)');
    // Jerusalem: 14 Adar is not its Purim, 15 Adar is.
    const jerusalem14 = judge(JERUSALEM, purim, '12:00', 120);
    expect(summary(jerusalem14)).toEqual({ level: 'info', hasConflict: false, conflictReason: null });
    expect(jerusalem14.conflict.reason).toBe('Purim: Jerusalem celebrates Shushan Purim tomorrow');
    const jerusalem15 = judge(JERUSALEM, shushan, '12:00', 120);
    expect(summary(jerusalem15)).toEqual({ level: 'info', hasConflict: true, conflictReason: 'Purim' });
    expect(jerusalem15.conflict.reason).toBe('Shushan Purim: Purim in Jerusalem');
  });
});

// ---------------------------------------------------------------------------------------------
// 9 and 10. No place, no time
// ---------------------------------------------------------------------------------------------

describe('without a place or a time', () => {
  it('no place: a Saturday is forbidden as Shabbat with no times; a Tuesday is fine', () => {
    const saturday = judge(null, '2026-12-19', '12:00', null);
    expect(summary(saturday)).toEqual({ level: 'forbidden', hasConflict: true, conflictReason: 'Shabbat' });
    expect(saturday.conflict).toMatchObject({ startsAt: null, endsAt: null, place: null });
    expect(saturday.conflict.reason).toBe(
      "This date is Shabbat. Choose the event's place to see when it begins and ends there.",
    );
    expect(dayOfWeek('2026-12-22')).toBe(TUE);
    expect(summary(judge(null, '2026-12-22', '12:00', null))).toEqual(FINE);
  });

  it('a Saturday without a time at a place: forbidden, naming candle-lighting and havdalah', () => {
    const j = judge(BROOKLYN, '2026-12-19', null, null);
    expect(summary(j)).toEqual({ level: 'forbidden', hasConflict: true, conflictReason: 'Shabbat' });
    expect(j.conflict.reason).toBe(
      'Saturday 19 December is Shabbat in Brooklyn, from 16:12 on Friday 18 December to 17:16 on Saturday 19 December. An event that starts after 17:16 is after it.',
    );
  });

  it('a Friday without a time is not forbidden (the day is not Shabbat until its evening)', () => {
    expect(summary(judge(BROOKLYN, '2026-12-18', null, null))).toEqual(FINE);
  });
});

// ---------------------------------------------------------------------------------------------
// Each reason by code: what a client needs to say it in its reader's language
// ---------------------------------------------------------------------------------------------

describe('each reason by code and values (about)', () => {
  const shabbatInBrooklyn = {
    name: 'Shabbat',
    place: 'Brooklyn',
    zone: 'America/New_York',
  };
  // Candle-lighting Friday 18 December 2026 at 16:12 in Brooklyn, havdalah Saturday at 17:16.
  const CANDLES = '2026-12-18T21:12:00.000Z';
  const HAVDALAH = '2026-12-19T22:16:00.000Z';

  it('the forbidden tier: begins, ends, within, a day without a time; the instants are the span’s', () => {
    const begins = judge(BROOKLYN, '2026-12-18', '15:00', 180);
    expect(begins.conflict.about).toEqual({
      code: 'restBegins',
      params: {
        ...shabbatInBrooklyn,
        date: '2026-12-19',
        startsAt: CANDLES,
        eventEndsAt: '2026-12-18T23:00:00.000Z',
        assumedHours: null,
      },
    });
    expect(begins.conflict.startsAt?.toISOString()).toBe(CANDLES);
    // Without an end, the 4 hours assumed are said.
    expect(judge(BROOKLYN, '2026-12-18', '15:00', null).conflict.about).toMatchObject({
      code: 'restBegins',
      params: { eventEndsAt: '2026-12-19T00:00:00.000Z', assumedHours: 4 },
    });
    expect(judge(BROOKLYN, '2026-12-19', '16:30', 120).conflict.about).toEqual({
      code: 'restEnds',
      params: {
        ...shabbatInBrooklyn,
        date: '2026-12-19',
        endsAt: HAVDALAH,
        eventStartsAt: '2026-12-19T21:30:00.000Z',
      },
    });
    expect(judge(BROOKLYN, '2026-12-19', '10:00', 120).conflict.about).toEqual({
      code: 'restWithin',
      params: { ...shabbatInBrooklyn, date: '2026-12-19', startsAt: CANDLES, endsAt: HAVDALAH },
    });
    expect(judge(BROOKLYN, '2026-12-19', null, null).conflict.about).toEqual({
      code: 'restDay',
      params: { ...shabbatInBrooklyn, date: '2026-12-19', startsAt: CANDLES, endsAt: HAVDALAH },
    });
  });

  it('without a place: the rest day by its date, and the eve of one', () => {
    expect(judge(null, '2026-12-19', '12:00', null).conflict.about).toEqual({
      code: 'restDayNoPlace',
      params: { name: 'Shabbat', date: '2026-12-19' },
    });
    expect(judge(null, '2026-12-18', '15:00', null).conflict.about).toEqual({
      code: 'restEveNoPlace',
      params: { name: 'Shabbat', date: '2026-12-19' },
    });
  });

  it('near a rest block: after it and before it', () => {
    expect(judge(BROOKLYN, '2026-12-19', '19:30', null).conflict.about).toEqual({
      code: 'afterRest',
      params: { ...shabbatInBrooklyn, date: '2026-12-19', endsAt: HAVDALAH },
    });
    expect(judge(BROOKLYN, '2026-12-18', '10:00', 120).conflict.about).toEqual({
      code: 'beforeRest',
      params: {
        ...shabbatInBrooklyn,
        date: '2026-12-19',
        startsAt: CANDLES,
        eventEndsAt: '2026-12-18T17:00:00.000Z',
      },
    });
    // A festival by its own name: Rosh Hashanah 5788 begins Friday evening 1 October 2027.
    expect(judge(BROOKLYN, '2027-10-03', '21:00', 120).conflict.about).toMatchObject({
      code: 'afterRest',
      params: { name: 'Rosh Hashanah', date: '2027-10-03' },
    });
  });

  it('days by custom and worth knowing, each with its code', () => {
    const marks = (date: string, place: JudgedPlace, custom: Custom) =>
      dayMarks(date, place, at(place, custom)).map((m) => m.about);
    expect(marks('2026-09-29', BROOKLYN, 'ashkenazi')).toEqual([
      { code: 'cholHamoed', params: { name: 'Sukkot', date: '2026-09-29' } },
    ]);
    expect(marks('2026-09-14', BROOKLYN, 'none')).toEqual([
      { code: 'fast', params: { name: 'Fast of Gedaliah', date: '2026-09-14' } },
    ]);
    // 6 Iyar 5789 is the Omer's 21st day; 1 Iyar is Rosh Chodesh; 18 Iyar Lag BaOmer.
    expect(marks(civil(6, months.IYYAR, 5789), BROOKLYN, 'ashkenazi')).toEqual([
      { code: 'omer', params: { day: 21, custom: 'ashkenazi' } },
    ]);
    expect(marks(civil(18, months.IYYAR, 5789), BROOKLYN, 'sephardi')).toEqual([
      { code: 'omer', params: { day: 33, custom: 'sephardi' } },
    ]);
    expect(marks(civil(1, months.IYYAR, 5789), BROOKLYN, 'ashkenazi')).toEqual([
      { code: 'roshChodeshIyarOmer', params: {} },
    ]);
    expect(marks(civil(18, months.IYYAR, 5789), BROOKLYN, 'ashkenazi')).toEqual([
      { code: 'lagBaOmer', params: {} },
    ]);
    expect(marks(civil(20, months.TAMUZ, 5788), BROOKLYN, 'ashkenazi')).toEqual([
      { code: 'threeWeeks', params: {} },
    ]);
    expect(marks(civil(3, months.AV, 5788), BROOKLYN, 'ashkenazi')).toEqual([
      { code: 'nineDaysInThreeWeeks', params: {} },
    ]);
    expect(marks(civil(3, months.AV, 5788), BROOKLYN, 'sephardi')).toEqual([
      { code: 'nineDaysSephardi', params: {} },
    ]);
    expect(marks(civil(15, months.AV, 5788), BROOKLYN, 'ashkenazi')).toEqual([
      { code: 'day', params: { name: "Tu B'Av", date: civil(15, months.AV, 5788) } },
    ]);
    expect(marks('2026-11-11', BROOKLYN, 'ashkenazi')).toEqual([
      { code: 'day', params: { name: 'Rosh Chodesh Kislev', date: '2026-11-11' } },
    ]);
    expect(marks('2026-12-06', BROOKLYN, 'ashkenazi')).toEqual([
      { code: 'day', params: { name: 'Hanukkah (day 2)', date: '2026-12-06' } },
    ]);
    expect(marks('2027-03-24', BROOKLYN, 'ashkenazi')).toEqual([{ code: 'shushanPurim', params: {} }]);
    expect(marks('2027-03-23', JERUSALEM, 'ashkenazi')).toEqual([
      { code: 'shushanPurimTomorrow', params: {} },
    ]);
    expect(marks('2027-03-24', JERUSALEM, 'ashkenazi')).toEqual([
      { code: 'shushanPurimJerusalem', params: {} },
    ]);
  });

  it('a reason always comes with its code and values of the kinds its code takes, every code in a year', () => {
    const seen = new Set<string>();
    const check = (reason: string | null, about: unknown) => {
      expect(about === null, String(reason)).toBe(reason === null);
      if (about === null) return;
      const read = readObservanceReason(about as never);
      expect(read, reason ?? '').not.toBeNull();
      if (!read) return;
      expect(Object.keys(read.params).sort()).toEqual(
        Object.keys(OBSERVANCE_REASON_PARAMS[read.code]).sort(),
      );
      seen.add(read.code);
    };
    for (const place of [BROOKLYN, JERUSALEM]) {
      for (const custom of ['ashkenazi', 'sephardi'] as const) {
        for (const [time, length] of [
          [null, null],
          ['10:00', 120],
          ['15:00', null],
          ['16:30', 120],
          ['21:00', 120],
        ] as const) {
          for (const { judgement } of judgeRange(
            '2027-09-01',
            '2028-08-31',
            time,
            length,
            place,
            at(place, custom),
          )) {
            check(judgement.conflict.reason, judgement.conflict.about);
          }
        }
      }
    }
    for (const date of ['2026-12-18', '2026-12-19']) {
      for (const time of ['12:00', '15:00']) {
        const j = judge(null, date, time, null);
        check(j.conflict.reason, j.conflict.about);
      }
    }
    expect([...seen].sort()).toEqual([...OBSERVANCE_REASON_CODES].sort());
  });

  it("the REST document's description lists every code", () => {
    expect(OBSERVANCE_ABOUT_CODES_TEXT.split(', ')).toEqual(OBSERVANCE_REASON_CODES);
  });
});
