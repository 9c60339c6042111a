import { describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/jewish-calendar';
import { hebrewObservanceName } from '../../../shared/observance-names';
import type { Custom } from '../../../shared/schemas/observance';
import { dayMarks, type Observance, restDayName } from './tiers';

/** Hebrew letters, geresh and gershayim, spaces, the slash and parentheses of titles: no Latin. */
const HEBREW_TEXT = /^[\u05D0-\u05EA\u05F3\u05F4 /()]+$/;

describe('the names the observance rules give, in Hebrew', () => {
  it('has a Hebrew name for every conflict reason, rest day and holiday mark of 2026-2030', () => {
    const missing = new Set<string>();
    const names = new Set<string>();
    const check = (name: string, date: string) => {
      names.add(name);
      const hebrew = hebrewObservanceName(name, date);
      if (hebrew === null || !HEBREW_TEXT.test(hebrew)) missing.add(`${name} => ${hebrew}`);
    };
    for (const israel of [false, true]) {
      for (const custom of ['ashkenazi', 'sephardi', 'none'] satisfies Custom[]) {
        const observance: Observance = { israel, candleMinutes: 18, havdalah: { degrees: 8.5 }, custom };
        for (const place of [null, { name: 'Jerusalem', country: 'IL' }]) {
          for (let date = '2026-01-01'; date <= '2030-12-31'; date = addDays(date, 1)) {
            for (const mark of dayMarks(date, place, observance)) {
              // The spec's reason (conflictReason), and the mark itself where it is a name, not a sentence.
              if (mark.legacy) check(mark.legacy, date);
              if (!/[:,]| \(Purim in/.test(mark.reason)) check(mark.reason, date);
            }
            check(restDayName(date, israel), date);
          }
        }
      }
    }
    expect([...missing]).toEqual([]);
    // The set is what the rules give: holidays, fasts, the Omer, the Three Weeks, Rosh Chodesh...
    for (const name of ['Shabbat', 'the Omer', 'the Three Weeks', 'the Nine Days', 'Rosh Chodesh Tevet']) {
      expect(names).toContain(name);
    }
    expect(names.size).toBeGreaterThan(50);
  });

  it('names a rest block of a festival and Shabbat together, as the calendar joins them', () => {
    // 6 Sivan 5787 is Friday 2027-06-11: in Israel one day of Shavuot, then Shabbat, one block.
    const names = ['2027-06-11', '2027-06-12'].map((date) => restDayName(date, true));
    expect(names).toEqual(['Shavuot', 'Shabbat']);
    expect(hebrewObservanceName(names.join(' and '))).toBe('שבועות ושבת');
  });
});
