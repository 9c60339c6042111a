import { describe, expect, it } from 'vitest';
import { setFormatLocale } from '../lib/intl';
import { gridDays, weekdayNames } from './month-grid';

describe("a month's grid", () => {
  it('draws the whole month, with blank cells before a first day that is not a Sunday', () => {
    const { lead, days } = gridDays('2027-01');
    expect(lead).toBe(5); // 1 January 2027 is a Friday.
    expect(days).toHaveLength(31);
    expect(days[0]).toBe('2027-01-01');
  });

  it('from a day inside it, starts at the week holding that day: no weeks wholly before it', () => {
    // Tuesday 19 January 2027: its week starts on Sunday the 17th.
    expect(gridDays('2027-01', '2027-01-19')).toEqual({
      lead: 0,
      days: Array.from({ length: 15 }, (_, i) => `2027-01-${String(17 + i).padStart(2, '0')}`),
    });
    // A Sunday starts its own week.
    expect(gridDays('2027-01', '2027-01-17').days[0]).toBe('2027-01-17');
    // In the first week, the month starts as usual.
    expect(gridDays('2027-01', '2027-01-02')).toEqual(gridDays('2027-01'));
    // A day of another month changes nothing.
    expect(gridDays('2027-02', '2027-01-19')).toEqual(gridDays('2027-02'));
  });

  it("heads its columns with the week's days in the page's language, Sunday first in both", () => {
    try {
      setFormatLocale('en-US');
      expect(weekdayNames()).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
      setFormatLocale('he-IL');
      expect(weekdayNames()).toEqual(['א׳', 'ב׳', 'ג׳', 'ד׳', 'ה׳', 'ו׳', 'ש׳']);
    } finally {
      setFormatLocale('en-US');
    }
  });
});
