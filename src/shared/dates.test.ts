import { describe, expect, it } from 'vitest';
import {
  formatCivilDay,
  formatCivilDayTime,
  formatClockTime,
  formatDate,
  formatDateRange,
  formatInstantDate,
  formatInstantDateTime,
  formatInstantTime,
  weekdayNames,
} from './dates';

// Some ICU versions put a narrow no-break space before AM/PM, or a no-break space after a comma.
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('formatCivilDay', () => {
  it('writes a calendar date with its weekday, the same in every time zone', () => {
    expect(formatCivilDay('2027-06-15')).toBe('Tue, Jun 15, 2027');
    expect(formatCivilDay('2026-01-01')).toBe('Thu, Jan 1, 2026');
    expect(formatCivilDay('2026-12-31')).toBe('Thu, Dec 31, 2026');
  });

  it('writes it in Hebrew for a Hebrew reader', () => {
    expect(formatCivilDay('2027-06-15', 'he')).toBe('יום ג׳, 15 ביוני 2027');
    expect(formatCivilDay('2026-12-19', 'he')).toBe('שבת, 19 בדצמ׳ 2026');
  });
});

describe('formatClockTime and formatCivilDayTime', () => {
  it('write a time on the clock as people read it, the same in every time zone', () => {
    expect(plain(formatClockTime('19:00'))).toBe('7:00 PM');
    expect(plain(formatClockTime('00:05'))).toBe('12:05 AM');
    expect(plain(formatClockTime('12:30'))).toBe('12:30 PM');
    expect(plain(formatCivilDayTime('2027-01-05', '19:00'))).toBe('Tue, Jan 5, 2027 at 7:00 PM');
    expect(formatCivilDayTime('2027-01-05', null)).toBe('Tue, Jan 5, 2027');
  });

  it('write a 24-hour clock in Hebrew', () => {
    expect(formatClockTime('19:00', 'he')).toBe('19:00');
    expect(formatClockTime('00:05', 'he')).toBe('00:05');
    expect(formatClockTime('09:30', 'he')).toBe('09:30');
    expect(formatCivilDayTime('2027-01-05', '19:00', 'he')).toBe('יום ג׳, 5 בינו׳ 2027 בשעה 19:00');
    expect(formatCivilDayTime('2027-01-05', '', 'he')).toBe('יום ג׳, 5 בינו׳ 2027');
  });
});

describe('formatDate', () => {
  it('writes each style in both languages', () => {
    const cases: Array<[Parameters<typeof formatDate>[2], string, string]> = [
      ['short', '6/15/2027', '15.6.2027'],
      ['medium', 'Jun 15, 2027', '15 ביוני 2027'],
      ['long', 'June 15, 2027', '15 ביוני 2027'],
      ['full', 'Tuesday, June 15, 2027', 'יום שלישי, 15 ביוני 2027'],
      ['dayMonth', 'Jun 15', '15 ביוני'],
      ['monthYear', 'June 2027', 'יוני 2027'],
      ['weekday', 'Tue, Jun 15, 2027', 'יום ג׳, 15 ביוני 2027'],
    ];
    for (const [style, en, he] of cases) {
      expect([style, formatDate('2027-06-15', 'en', style), formatDate('2027-06-15', 'he', style)]).toEqual([
        style,
        en,
        he,
      ]);
    }
    expect(formatDate('2027-01-05', 'he')).toBe('5 בינו׳ 2027');
  });

  it('refuses what is not a calendar date, and a style it does not know', () => {
    for (const bad of ['2027-02-30', '2027-6-15', '15/06/2027', '']) {
      expect(() => formatDate(bad, 'en')).toThrow(/Invalid date/);
    }
    expect(() => formatDate('2027-06-15', 'en', 'tiny' as never)).toThrow(/Unknown date style 'tiny'/);
  });
});

describe('formatDateRange', () => {
  // Some ICU versions put thin spaces around the dash of a range.
  const spaced = (text: string) => text.replace(/[\u2009\u202f\u00a0]/g, ' ');

  it("writes a week in the reader's language, naming a month or a year once when both ends share it", () => {
    expect(spaced(formatDateRange('2027-04-18', '2027-04-24', 'en', 'long'))).toBe('April 18 – 24, 2027');
    expect(spaced(formatDateRange('2027-04-25', '2027-05-01', 'en', 'long'))).toBe('April 25 – May 1, 2027');
    expect(spaced(formatDateRange('2027-12-26', '2028-01-01', 'en', 'long'))).toBe(
      'December 26, 2027 – January 1, 2028',
    );
    expect(spaced(formatDateRange('2027-04-18', '2027-04-24', 'he', 'long'))).toBe('18–24 באפריל 2027');
    expect(spaced(formatDateRange('2027-04-25', '2027-05-01', 'he', 'long'))).toBe('25 אפריל – 1 מאי 2027');
  });

  it('refuses a range that ends before it starts', () => {
    expect(() => formatDateRange('2027-04-24', '2027-04-18', 'en')).toThrow(/ends before it starts/);
  });
});

describe('instants in a zone', () => {
  // 21:12 UTC on 18 December 2026: 16:12 in New York, 23:12 in Jerusalem, already the 19th in Tokyo.
  const at = new Date('2026-12-18T21:12:00Z');

  it('write the time and date on the clock of the zone given', () => {
    expect(plain(formatInstantTime(at, 'America/New_York', 'en'))).toBe('4:12 PM');
    expect(formatInstantTime(at, 'America/New_York', 'he')).toBe('16:12');
    expect(formatInstantTime(at, 'Asia/Jerusalem', 'he')).toBe('23:12');
    expect(formatInstantDate(at, 'Asia/Tokyo', 'en')).toBe('Dec 19, 2026');
    expect(formatInstantDate(at.getTime(), 'Asia/Jerusalem', 'he', 'full')).toBe('יום שישי, 18 בדצמבר 2026');
    expect(plain(formatInstantDateTime(at, 'America/New_York', 'en'))).toBe('Dec 18, 2026, 4:12 PM');
    expect(formatInstantDateTime(at, 'America/New_York', 'he')).toBe('18 בדצמ׳ 2026, 16:12');
    expect(plain(formatInstantDateTime(at, 'America/New_York', 'en', 'full'))).toBe(
      'Friday, December 18, 2026 at 4:12 PM',
    );
    expect(formatInstantDateTime(at, 'Asia/Jerusalem', 'he', 'full')).toBe(
      'יום שישי, 18 בדצמבר 2026 בשעה 23:12',
    );
  });

  it('use the runtime’s own zone for null, and refuse an unknown zone or instant', () => {
    const local = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }).format(at);
    expect(formatInstantTime(at, null, 'en')).toBe(local);
    expect(() => formatInstantTime(at, 'Mars/Olympus_Mons', 'en')).toThrow(/Unknown time zone/);
    expect(() => formatInstantDate(new Date(Number.NaN), 'UTC', 'he')).toThrow(/Invalid instant/);
  });
});

describe('weekdayNames', () => {
  it('names the week from Sunday in both languages', () => {
    expect(weekdayNames('he', 'narrow')).toEqual(['א׳', 'ב׳', 'ג׳', 'ד׳', 'ה׳', 'ו׳', 'ש׳']);
    expect(weekdayNames('he', 'long')[0]).toBe('יום ראשון');
    expect(weekdayNames('en', 'short')).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    expect(() => weekdayNames('en', 'wide' as never)).toThrow(RangeError);
  });
});
