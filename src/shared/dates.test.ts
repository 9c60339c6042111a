import { describe, expect, it } from 'vitest';
import { formatCivilDay, formatCivilDayTime, formatClockTime } from './dates';

describe('formatCivilDay', () => {
  it('writes a calendar date with its weekday, the same in every time zone', () => {
    expect(formatCivilDay('2027-06-15')).toBe('Tue, Jun 15, 2027');
    expect(formatCivilDay('2026-01-01')).toBe('Thu, Jan 1, 2026');
    expect(formatCivilDay('2026-12-31')).toBe('Thu, Dec 31, 2026');
  });
});

describe('formatClockTime and formatCivilDayTime', () => {
  it('write a time on the clock as people read it, the same in every time zone', () => {
    // Some ICU versions put a narrow no-break space before AM/PM.
    const plain = (text: string) => text.replace(/\u202f/g, ' ');
    expect(plain(formatClockTime('19:00'))).toBe('7:00 PM');
    expect(plain(formatClockTime('00:05'))).toBe('12:05 AM');
    expect(plain(formatClockTime('12:30'))).toBe('12:30 PM');
    expect(plain(formatCivilDayTime('2027-01-05', '19:00'))).toBe('Tue, Jan 5, 2027 at 7:00 PM');
    expect(formatCivilDayTime('2027-01-05', null)).toBe('Tue, Jan 5, 2027');
  });
});
