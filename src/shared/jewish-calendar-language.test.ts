import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './i18n';
import {
  formatHebrewDate,
  HOLIDAY_IDS,
  hebrewMonthName,
  hebrewMonthYear,
  hebrewNumeral,
  holidayIdOfName,
  holidayName,
  holidaysBetween,
  holidaysOn,
  holidayTitle,
} from './jewish-calendar';

/** ICU's Hebrew calendar (Intl, en) read in UTC, with its three spellings that differ from ours. */
const icu = new Intl.DateTimeFormat('en-u-ca-hebrew', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const ICU_MONTHS: Record<string, string> = { Tishri: 'Tishrei', Heshvan: 'Cheshvan', Tamuz: 'Tammuz' };
const icuHebrewDate = (date: string) =>
  icu.format(new Date(`${date}T00:00:00Z`)).replace(/Tishri|Heshvan|Tamuz/, (m) => ICU_MONTHS[m] ?? m);

/** Hebrew letters, geresh and gershayim, spaces and the slash and parentheses of titles: no Latin. */
const HEBREW_TEXT = /^[\u05D0-\u05EA\u05F3\u05F4 /()]+$/;

describe('formatHebrewDate', () => {
  // Each date as published in the Jewish calendar, and checked here against ICU's Hebrew calendar.
  const KNOWN: Array<[civil: string, english: string, hebrew: string, what: string]> = [
    ['2026-12-14', '4 Tevet 5787', 'ד׳ בטבת תשפ״ז', 'a weekday in Tevet'],
    ['2026-09-12', '1 Tishrei 5787', 'א׳ בתשרי תשפ״ז', 'Rosh Hashanah 5787'],
    ['2026-09-21', '10 Tishrei 5787', 'י׳ בתשרי תשפ״ז', 'Yom Kippur 5787'],
    ['2027-10-02', '1 Tishrei 5788', 'א׳ בתשרי תשפ״ח', 'Rosh Hashanah 5788'],
    ['2026-12-10', '30 Kislev 5787', 'ל׳ בכסלו תשפ״ז', 'the 30th of a full Kislev'],
    ['2027-01-23', '15 Shevat 5787', 'ט״ו בשבט תשפ״ז', 'Tu BiShvat: 15 is ט״ו, not יה'],
    ['2027-01-24', '16 Shevat 5787', 'ט״ז בשבט תשפ״ז', '16 is ט״ז, not יו'],
    ['2027-02-21', '14 Adar I 5787', 'י״ד באדר א׳ תשפ״ז', 'Purim Katan in a leap year'],
    ['2027-03-23', '14 Adar II 5787', 'י״ד באדר ב׳ תשפ״ז', 'Purim in a leap year (Adar II)'],
    ['2026-03-03', '14 Adar 5786', 'י״ד באדר תשפ״ו', 'Purim in a common year'],
    ['2026-04-02', '15 Nisan 5786', 'ט״ו בניסן תשפ״ו', 'the first day of Passover 5786'],
    ['2039-09-19', '1 Tishrei 5800', 'א׳ בתשרי ת״ת', 'the new year of 5800: ת״ת'],
    ['2040-02-15', '1 Adar 5800', 'א׳ באדר ת״ת', 'Adar of 5800, a common year'],
  ];

  it.each(KNOWN)('writes %s as %s / %s (%s)', (civil, english, hebrew) => {
    expect(icuHebrewDate(civil)).toBe(english);
    expect(formatHebrewDate(civil, 'en')).toBe(english);
    expect(formatHebrewDate(civil, 'he')).toBe(hebrew);
  });

  it('writes the day and month, the month and year, or the day alone', () => {
    expect(formatHebrewDate('2026-12-14', 'he', 'dayMonth')).toBe('ד׳ בטבת');
    expect(formatHebrewDate('2026-12-14', 'he', 'monthYear')).toBe('טבת תשפ״ז');
    expect(formatHebrewDate('2026-12-14', 'he', 'day')).toBe('ד׳');
    expect(formatHebrewDate('2027-01-23', 'he', 'day')).toBe('ט״ו');
    expect(formatHebrewDate('2027-03-23', 'he', 'monthYear')).toBe('אדר ב׳ תשפ״ז');
    expect(formatHebrewDate('2026-12-14', 'en', 'dayMonth')).toBe('4 Tevet');
    expect(formatHebrewDate('2026-12-14', 'en', 'monthYear')).toBe('Tevet 5787');
    expect(formatHebrewDate('2026-12-14', 'en', 'day')).toBe('4');
  });

  it('agrees with ICU on every day of 2026-2030, and writes each in Hebrew letters only', () => {
    const mismatches: string[] = [];
    for (let t = Date.UTC(2026, 0, 1); t <= Date.UTC(2030, 11, 31); t += 86_400_000) {
      const date = new Date(t).toISOString().slice(0, 10);
      if (formatHebrewDate(date, 'en') !== icuHebrewDate(date)) mismatches.push(date);
      if (!HEBREW_TEXT.test(formatHebrewDate(date, 'he'))) mismatches.push(`${date} he`);
    }
    expect(mismatches).toEqual([]);
  });

  it('refuses what is not a date, and a style it does not know', () => {
    expect(() => formatHebrewDate('2026-02-30', 'he')).toThrow(RangeError);
    expect(() => formatHebrewDate('14/12/2026', 'en')).toThrow(/YYYY-MM-DD/);
    expect(() => formatHebrewDate('2026-12-14', 'he', 'week' as never)).toThrow(/style 'week'/);
  });

  it('names the calendar header’s months in the reader’s language', () => {
    expect(hebrewMonthYear('2026-12-15', { language: 'he' })).toBe('כסלו – טבת תשפ״ז');
    expect(hebrewMonthYear('2026-12-15', { language: 'en' })).toBe('Kislev – Tevet 5787');
    expect(hebrewMonthYear('2026-09-30', { language: 'he' })).toBe('אלול תשפ״ו – תשרי תשפ״ז');
    expect(hebrewMonthYear('2027-03-10', { language: 'he' })).toBe('אדר א׳ – אדר ב׳ תשפ״ז');
    expect(hebrewMonthName('Adar I', 'he')).toBe('אדר א׳');
    expect(hebrewMonthName('Cheshvan', 'he')).toBe('חשוון');
    expect(hebrewMonthName('Cheshvan', 'en')).toBe('Cheshvan');
  });
});

describe('hebrewNumeral', () => {
  it('writes gematriya with geresh and gershayim, the thousands left out', () => {
    const cases: Array<[number, string]> = [
      [1, 'א׳'],
      [5, 'ה׳'],
      [10, 'י׳'],
      [11, 'י״א'],
      [15, 'ט״ו'],
      [16, 'ט״ז'],
      [19, 'י״ט'],
      [20, 'כ׳'],
      [30, 'ל׳'],
      [100, 'ק׳'],
      [115, 'קט״ו'],
      [400, 'ת׳'],
      [5708, 'תש״ח'],
      [5715, 'תשט״ו'],
      [5716, 'תשט״ז'],
      [5786, 'תשפ״ו'],
      [5787, 'תשפ״ז'],
      [5800, 'ת״ת'],
      [5900, 'תת״ק'],
      [5999, 'תתקצ״ט'],
      [6000, 'ו׳'],
    ];
    for (const [n, letters] of cases) expect([n, hebrewNumeral(n)]).toEqual([n, letters]);
  });

  it('refuses numbers it cannot write', () => {
    for (const n of [0, -1, 1.5, 10_000, Number.NaN]) expect(() => hebrewNumeral(n)).toThrow(RangeError);
  });
});

describe('holiday names in both languages', () => {
  it('gives every holiday a Hebrew name, and maps English names back to holidays', () => {
    for (const id of HOLIDAY_IDS) {
      expect(holidayName(id, 'he')).toMatch(HEBREW_TEXT);
      expect(holidayIdOfName(holidayName(id, 'en'))).toBe(id);
    }
    expect(holidayName('rosh-hashanah', 'he')).toBe('ראש השנה');
    expect(holidayName('yom-kippur', 'he')).toBe('יום כיפור');
    expect(holidayName('hanukkah', 'he')).toBe('חנוכה');
    expect(holidayName('tu-bishvat', 'he')).toBe('ט״ו בשבט');
    expect(holidayIdOfName('Shabbat')).toBeNull();
    expect(() => holidayName('christmas' as never, 'he')).toThrow(/Unknown holiday 'christmas'/);
  });

  it('names and titles in Hebrew every holiday day the calendar gives in 2026-2030, both schedules', () => {
    let seen = 0;
    const ids = new Set<string>();
    for (const israel of [false, true]) {
      for (const holiday of holidaysBetween('2026-01-01', '2030-12-31', { israel })) {
        seen++;
        ids.add(holiday.id);
        for (const language of LANGUAGES) {
          expect(holidayName(holiday, language)).toBe(language === 'he' ? holiday.nameHebrew : holiday.name);
        }
        expect(holiday.nameHebrew).toMatch(HEBREW_TEXT);
        expect([holiday.date, holidayTitle(holiday, 'he')]).toEqual([
          holiday.date,
          expect.stringMatching(HEBREW_TEXT),
        ]);
        expect(holidayTitle(holiday, 'he')).toContain(holiday.nameHebrew);
        expect(holidayTitle(holiday, 'en')).toContain(holiday.name);
      }
    }
    expect(seen).toBeGreaterThan(400);
    expect([...ids].sort()).toEqual([...HOLIDAY_IDS].sort());
  });

  it('writes the day of a multi-day holiday as it is said, and a moved day as moved', () => {
    const title = (date: string, israel = false) => holidaysOn(date, { israel }).map((h) => h.titleHebrew);
    // Hanukkah 5787 begins on 25 Kislev, 2026-12-05; its third day is 27 Kislev.
    expect(title('2026-12-07')).toEqual(['ג׳ דחנוכה']);
    expect(title('2026-09-13')).toEqual(['ב׳ דראש השנה']);
    expect(title('2026-04-08')).toEqual(['ז׳ דפסח']); // 21 Nisan 5786
    expect(title('2026-04-09')).toEqual(['ח׳ דפסח']);
    expect(title('2026-04-09', true)).toEqual([]);
    expect(title('2026-09-26')).toEqual(['א׳ דסוכות']);
    // 17 Tammuz 5782 was a Saturday: the fast was on Sunday 2022-07-17.
    expect(title('2022-07-17')).toEqual(['צום י״ז בתמוז (נדחה)']);
    // 13 Adar II 5784 was a Saturday: the Fast of Esther was brought forward to Thursday.
    expect(title('2024-03-21')).toEqual(['תענית אסתר (מוקדמת)']);
    // 5 Iyar 5785 was a Friday: Yom HaZikaron and Yom Ha'atzmaut were brought forward a day.
    expect(title('2025-04-30')).toEqual(['יום הזיכרון (מוקדם)']);
    expect(title('2025-05-01')).toEqual(['יום העצמאות (מוקדם)']);
    expect(holidaysOn('2022-07-17')[0]).toMatchObject({ observed: true, moved: 'later' });
    expect(holidaysOn('2026-12-07')[0]).toMatchObject({ observed: false, moved: null });
  });
});
