// @hebcal/core (GPL-2.0) is a test-only oracle: a devDependency, never imported outside tests.
import { flags, HDate, HebrewCalendar, type HolidayEvent } from '@hebcal/core';
import { describe, expect, it, vi } from 'vitest';
import {
  addDays,
  type CalendarOptions,
  conflictFor,
  dayOfWeek,
  EVENING_CONFLICT_CUTOFF,
  festivalEve,
  fromCivilDate,
  type Holiday,
  hebrewMonthYear,
  holidaysBetween,
  holidaysOn,
  isShabbat,
  toCivilDate,
  toHebrewDate,
  typedDateConflict,
} from './jewish-calendar';
import moduleSource from './jewish-calendar.ts?raw';

const ROMAN: Record<string, number> = { I: 1, II: 2, III: 3, IV: 4, V: 5, VI: 6, VII: 7, VIII: 8 };

/** Hebcal month names -> ours. */
const HEBCAL_MONTHS: Record<string, string> = {
  Tishrei: 'Tishrei',
  Cheshvan: 'Cheshvan',
  Kislev: 'Kislev',
  Tevet: 'Tevet',
  "Sh'vat": 'Shevat',
  Adar: 'Adar',
  'Adar I': 'Adar I',
  'Adar II': 'Adar II',
  Nisan: 'Nisan',
  Iyyar: 'Iyar',
  Sivan: 'Sivan',
  Tamuz: 'Tammuz',
  Av: 'Av',
  Elul: 'Elul',
};

/** ICU (Intl, en) month names -> ours. */
const ICU_MONTHS: Record<string, string> = { Tishri: 'Tishrei', Heshvan: 'Cheshvan', Tamuz: 'Tammuz' };

/** Hebcal events that are not holidays of the product (eves, Rosh Chodesh, minor observances...). */
const IGNORED_HEBCAL = [
  /^Erev /,
  /^Rosh Chodesh /,
  /^Shabbat /,
  /^Yom Kippur Katan/,
  /^Chanukah: 1 Candle$/,
  /^(Purim Katan|Shushan Purim Katan|Shushan Purim|Purim Meshulash)$/,
  /^(Chag HaBanot|Pesach Sheni|Tu B'Av|Rosh Hashana LaBehemot|Leil Selichot|Birkat Hachamah)$/,
  /^(Ta'anit Bechorot|Ta'anit BeHaB)$/,
  /^(Yom HaAliyah|Yom HaAliyah School Observance|Ben-Gurion Day|Family Day|Yitzhak Rabin Memorial Day)$/,
  /^(Herzl Day|Jabotinsky Day|Hebrew Language Day)$/,
];

/** Our key (name#day) for a hebcal event, null when it is not one of our holidays. */
function hebcalKey(desc: string, israel: boolean): string | null {
  const numbered = /^(Sukkot|Pesach) ([IVX]+)\b/.exec(desc);
  if (numbered) return `${numbered[1] === 'Pesach' ? 'Passover' : 'Sukkot'}#${ROMAN[numbered[2] ?? '']}`;
  const candles = /^Chanukah: (\d) Candles$/.exec(desc);
  if (candles) return `Hanukkah#${Number(candles[1]) - 1}`; // candles lit the evening before
  if (/^Rosh Hashana \d+$/.test(desc)) return 'Rosh Hashanah#1';
  const simple: Record<string, string> = {
    'Rosh Hashana II': 'Rosh Hashanah#2',
    'Tzom Gedaliah': 'Fast of Gedaliah#1',
    'Yom Kippur': 'Yom Kippur#1',
    'Shmini Atzeret': israel ? 'Shemini Atzeret / Simchat Torah#1' : 'Shemini Atzeret#1',
    'Simchat Torah': 'Simchat Torah#1',
    Sigd: 'Sigd#1',
    'Chanukah: 8th Day': 'Hanukkah#8',
    "Asara B'Tevet": 'Fast of 10 Tevet#1',
    'Tu BiShvat': 'Tu BiShvat#1',
    "Ta'anit Esther": 'Fast of Esther#1',
    Purim: 'Purim#1',
    'Yom HaShoah': 'Yom HaShoah#1',
    'Yom HaZikaron': 'Yom HaZikaron#1',
    "Yom HaAtzma'ut": "Yom Ha'atzmaut#1",
    'Lag BaOmer': 'Lag BaOmer#1',
    'Yom Yerushalayim': 'Yom Yerushalayim#1',
    Shavuot: 'Shavuot#1',
    'Shavuot I': 'Shavuot#1',
    'Shavuot II': 'Shavuot#2',
    'Tzom Tammuz': 'Fast of 17 Tammuz#1',
    "Tish'a B'Av": "Tisha B'Av#1",
    "Tish'a B'Av (observed)": "Tisha B'Av#1",
  };
  const key = simple[desc];
  if (key) return key;
  if (!IGNORED_HEBCAL.some((re) => re.test(desc))) throw new Error(`Unmapped hebcal event '${desc}'`);
  return null;
}

const keys = (holidays: readonly Holiday[]) => holidays.map((h) => `${h.name}#${h.day}`).sort();

function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ms = (start: number) => performance.now() - start;

describe('oracle: @hebcal/core, every day 1950-01-01 to 2100-12-31', () => {
  for (const israel of [false, true]) {
    it(`matches Hebrew dates, holidays, Yom Tov days and festival eves (${israel ? 'Israel' : 'Diaspora'})`, () => {
      const options: CalendarOptions = { israel };
      const mismatches: string[] = [];
      let hd = new HDate(new Date(1950, 0, 1));
      let date = '1950-01-01';
      let checked = 0;
      for (let year = 1950; year <= 2100; year++) {
        // One call per Gregorian year, compared day by day.
        const ours = new Map<string, Holiday[]>();
        for (const h of holidaysBetween(`${year}-01-01`, `${year}-12-31`, options)) {
          ours.set(h.date, [...(ours.get(h.date) ?? []), h]);
        }
        while (date.startsWith(String(year))) {
          const hebrew = toHebrewDate(date);
          if (
            hebrew.day !== hd.getDate() ||
            hebrew.month !== HEBCAL_MONTHS[hd.getMonthName()] ||
            hebrew.year !== hd.getFullYear() ||
            hebrew.isLeapYear !== hd.isLeapYear()
          ) {
            mismatches.push(`${date}: ${hebrew.formatted} vs ${hd.toString()}`);
          }
          const events: HolidayEvent[] = HebrewCalendar.getHolidaysOnDate(hd, israel) ?? [];
          const expected = events
            .map((ev) => hebcalKey(ev.getDesc(), israel))
            .filter((k) => k !== null)
            .sort();
          const mine = ours.get(date) ?? [];
          expect(keys(holidaysOn(date, options))).toEqual(keys(mine));
          if (keys(mine).join() !== expected.join()) {
            mismatches.push(`${date}: [${keys(mine)}] vs hebcal [${expected}]`);
          }
          const chag = events.some((ev) => ev.getFlags() & flags.CHAG);
          if (mine.some((h) => h.type === 'major') !== chag) mismatches.push(`${date}: Yom Tov ${chag}`);
          const candles = events.some((ev) => ev.getFlags() & flags.LIGHT_CANDLES);
          if ((festivalEve(date, options) !== null) !== candles) mismatches.push(`${date}: eve ${candles}`);
          date = addDays(date, 1);
          hd = hd.next();
          checked++;
        }
      }
      expect(mismatches.slice(0, 20)).toEqual([]);
      expect(checked).toBe(55152);
      expect(toCivilDate(hd.greg())).toBe('2101-01-01');
    });
  }
});

/** ICU's Hebrew calendar in `locale`, read in UTC so that each UTC midnight is its own civil day. */
const icuHebrew = (locale: 'en' | 'he', options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(`${locale}-u-ca-hebrew`, { timeZone: 'UTC', ...options });

describe('oracle: Intl hebrew calendar, every day 1900-01-01 to 2239-12-31', () => {
  it('matches day, month (English and Hebrew) and year', () => {
    const en = icuHebrew('en', { year: 'numeric', month: 'long', day: 'numeric' });
    const he = icuHebrew('he', { month: 'long' });
    const mismatches: string[] = [];
    const end = Date.UTC(2239, 11, 31);
    let checked = 0;
    for (let t = Date.UTC(1900, 0, 1); t <= end; t += 86_400_000) {
      const instant = new Date(t);
      const date = instant.toISOString().slice(0, 10);
      const parts: Record<string, string> = {};
      for (const part of en.formatToParts(instant)) parts[part.type] = part.value;
      const icuMonth = parts.month ?? '';
      const ours = toHebrewDate(date);
      if (
        ours.day !== Number(parts.day) ||
        ours.month !== (ICU_MONTHS[icuMonth] ?? icuMonth) ||
        ours.year !== Number(parts.year) ||
        ours.monthHebrew !== he.format(instant)
      ) {
        mismatches.push(
          `${date}: ${ours.formatted} ${ours.monthHebrew} vs ${en.format(instant)} ${he.format(instant)}`,
        );
      }
      checked++;
    }
    expect(mismatches.slice(0, 20)).toEqual([]);
    expect(checked).toBe(124_182);
  });
});

const on = (date: string, options?: CalendarOptions) => holidaysOn(date, options).map((h) => h.title);
const datesOf = (id: Holiday['id'], from: string, to: string, options?: CalendarOptions) =>
  holidaysBetween(from, to, options)
    .filter((h) => h.id === id)
    .map((h) => h.date);

describe('Hebrew dates', () => {
  it('formats a known date in English and Hebrew script', () => {
    expect(toHebrewDate('2026-11-22')).toEqual({
      year: 5787,
      month: 'Kislev',
      monthHebrew: 'כסלו',
      day: 12,
      isLeapYear: true,
      dayHebrew: 'י״ב',
      yearHebrew: 'תשפ״ז',
      formatted: '12 Kislev 5787',
      formattedHebrew: 'י״ב בכסלו תשפ״ז',
    });
    expect(toHebrewDate('2026-02-02').formattedHebrew).toBe('ט״ו בשבט תשפ״ו');
    expect(toHebrewDate('2026-02-03').dayHebrew).toBe('ט״ז');
    expect(toHebrewDate('2025-09-23').formattedHebrew).toBe('א׳ בתשרי תשפ״ו');
    expect(toHebrewDate('1939-09-14').yearHebrew).toBe('ת״ש'); // 5700
    expect(toHebrewDate('2239-12-31').formatted).toBe('5 Tevet 6000');
    expect(toHebrewDate('2239-12-31').yearHebrew).toBe('ו׳');
  });

  it('names Adar I and Adar II in leap years and Adar otherwise', () => {
    expect(toHebrewDate('2024-02-15').formatted).toBe('6 Adar I 5784');
    expect(toHebrewDate('2024-03-15')).toMatchObject({
      month: 'Adar II',
      monthHebrew: 'אדר ב׳',
      isLeapYear: true,
    });
    expect(toHebrewDate('2025-03-14')).toMatchObject({ month: 'Adar', day: 14, isLeapYear: false });
  });

  it('gives the Hebrew months of a Gregorian month for the calendar header', () => {
    expect(hebrewMonthYear('2026-12-15')).toBe('Kislev – Tevet 5787');
    expect(hebrewMonthYear('2026-12-01', { hebrew: true })).toBe('כסלו – טבת תשפ״ז');
    expect(hebrewMonthYear('2026-09-30')).toBe('Elul 5786 – Tishrei 5787');
    expect(hebrewMonthYear('2024-03-01')).toBe('Adar I – Adar II 5784');
  });
});

describe('holidays', () => {
  it('postpones fasts that fall on Shabbat', () => {
    // 5782: 17 Tammuz and 9 Av on Saturdays 16 July and 6 August 2022 -> the Sundays after.
    expect(on('2022-07-16')).toEqual([]);
    expect(on('2022-07-17')).toEqual(['Fast of 17 Tammuz (observed)']);
    expect(toHebrewDate('2022-07-17').formatted).toBe('18 Tammuz 5782');
    expect(on('2022-08-06')).toEqual([]);
    expect(holidaysOn('2022-08-07')[0]).toMatchObject({ name: "Tisha B'Av", type: 'fast', observed: true });
    // 5785: 17 Tammuz fell on a Sunday itself (13 July 2025): not 'observed'.
    expect(holidaysOn('2025-07-13')[0]).toMatchObject({ title: 'Fast of 17 Tammuz', observed: false });
    // 5785: Rosh Hashanah on Thursday 3 October 2024, 3 Tishrei on Saturday.
    expect(datesOf('fast-of-gedaliah', '2024-10-01', '2024-10-31')).toEqual(['2024-10-06']);
    // 5784: 13 Adar II on Saturday 23 March 2024 -> Thursday 11 Adar II.
    expect(datesOf('fast-of-esther', '2024-03-01', '2024-03-31')).toEqual(['2024-03-21']);
    expect(toHebrewDate('2024-03-21').formatted).toBe('11 Adar II 5784');
    // 10 Tevet is never moved (here on a Friday, 2023-12-22).
    expect(dayOfWeek('2023-12-22')).toBe(5);
    expect(on('2023-12-22')).toEqual(['Fast of 10 Tevet']);
  });

  it('moves the Israeli memorial days off Friday, Saturday and (from 2004) Sunday', () => {
    const zikaron = (year: number) => datesOf('yom-hazikaron', `${year}-04-01`, `${year}-05-31`);
    const atzmaut = (year: number) => datesOf('yom-haatzmaut', `${year}-04-01`, `${year}-05-31`);
    // 2025: 5 Iyar on Saturday -> Wednesday 2 Iyar / Thursday 3 Iyar.
    expect([zikaron(2025), atzmaut(2025)]).toEqual([['2025-04-30'], ['2025-05-01']]);
    expect(toHebrewDate('2025-04-30').formatted).toBe('2 Iyar 5785');
    // 2022: 5 Iyar on Friday -> Wednesday 3 Iyar / Thursday 4 Iyar.
    expect([zikaron(2022), atzmaut(2022)]).toEqual([['2022-05-04'], ['2022-05-05']]);
    // 2024: 4 Iyar on Sunday -> Monday 5 Iyar / Tuesday 6 Iyar.
    expect([zikaron(2024), atzmaut(2024)]).toEqual([['2024-05-13'], ['2024-05-14']]);
    // 1997 (5757): the Sunday rule did not exist yet.
    expect([zikaron(1997), atzmaut(1997)]).toEqual([['1997-05-11'], ['1997-05-12']]);
    expect(dayOfWeek('1997-05-11')).toBe(0);
    // Yom HaShoah: Friday -> Thursday 26 Nisan (2001), Sunday -> Monday 28 Nisan (2004).
    expect(datesOf('yom-hashoah', '2001-04-01', '2001-04-30')).toEqual(['2001-04-19']);
    expect(datesOf('yom-hashoah', '2004-04-01', '2004-04-30')).toEqual(['2004-04-19']);
  });

  it('lists modern observances only from the year they were instituted', () => {
    expect(datesOf('yom-hashoah', '1950-01-01', '1951-12-31')).toEqual(['1951-05-03']);
    expect(datesOf('yom-yerushalayim', '1966-01-01', '1968-12-31')).toEqual(['1967-06-07', '1968-05-26']);
    expect(datesOf('sigd', '2007-01-01', '2009-12-31')).toEqual(['2008-11-27', '2009-11-16']);
  });

  it('runs Hanukkah for eight days across the Gregorian new year and into Tevet', () => {
    const hanukkah = holidaysBetween('2024-12-01', '2025-01-31').filter((h) => h.id === 'hanukkah');
    expect(hanukkah.map((h) => h.date)).toEqual([
      '2024-12-26',
      '2024-12-27',
      '2024-12-28',
      '2024-12-29',
      '2024-12-30',
      '2024-12-31',
      '2025-01-01',
      '2025-01-02',
    ]);
    expect(hanukkah.map((h) => h.title)).toContain('Hanukkah (day 7)');
    expect(toHebrewDate('2025-01-02').formatted).toBe('2 Tevet 5785');
    // Short Kislev (5773): the eighth day is 3 Tevet.
    expect(holidaysOn('2012-12-16')[0]).toMatchObject({ name: 'Hanukkah', day: 8, days: 8 });
    expect(toHebrewDate('2012-12-16').formatted).toBe('3 Tevet 5773');
  });

  it('puts Purim in Adar II in leap years', () => {
    expect(on('2024-03-24')).toEqual(['Purim']);
    expect(toHebrewDate('2024-03-24').formatted).toBe('14 Adar II 5784');
    expect(on('2024-02-23')).toEqual([]); // 14 Adar I (Purim Katan) is not listed
    expect(on('2025-03-14')).toEqual(['Purim']);
  });

  it('uses Diaspora lengths by default and Israeli ones with { israel: true }', () => {
    const israel = { israel: true };
    expect(datesOf('passover', '2026-03-01', '2026-05-01')).toHaveLength(8);
    expect(datesOf('passover', '2026-03-01', '2026-05-01', israel)).toHaveLength(7);
    expect(datesOf('shavuot', '2026-05-01', '2026-06-30')).toEqual(['2026-05-22', '2026-05-23']);
    expect(datesOf('shavuot', '2026-05-01', '2026-06-30', israel)).toEqual(['2026-05-22']);
    expect(on('2026-10-03')).toEqual(['Shemini Atzeret']);
    expect(on('2026-10-04')).toEqual(['Simchat Torah']);
    expect(on('2026-10-03', israel)).toEqual(['Shemini Atzeret / Simchat Torah']);
    expect(on('2026-10-04', israel)).toEqual([]);
    const passover = holidaysBetween('2026-04-01', '2026-04-30');
    expect(passover.filter((h) => h.id === 'passover').map((h) => h.type)).toEqual([
      'major',
      'major',
      'minor',
      'minor',
      'minor',
      'minor',
      'major',
      'major',
    ]);
    expect(holidaysOn('2026-04-04')[0]).toMatchObject({ title: 'Passover (day 3)', cholHamoed: true });
    expect(holidaysOn('2026-04-03', israel)[0]).toMatchObject({
      day: 2,
      days: 7,
      type: 'minor',
      cholHamoed: true,
    });
  });

  it('returns frozen holidays sorted by date and fresh arrays', () => {
    const year = holidaysBetween('2027-01-01', '2027-12-31');
    expect(year.map((h) => h.date)).toEqual([...year.map((h) => h.date)].sort());
    expect(Object.isFrozen(year[0])).toBe(true);
    holidaysOn('2027-03-23').pop();
    expect(on('2027-03-23')).toEqual(['Purim']);
    expect(holidaysOn('2027-03-23')[0]?.nameHebrew).toBe('פורים');
  });
});

describe('typedDateConflict', () => {
  it('names the Shabbat or holiday of a whole date, with or without a time', () => {
    expect(typedDateConflict('2026-11-21', '')).toBe('Shabbat');
    expect(typedDateConflict('2026-11-20', '21:00')).toBe('Shabbat');
    expect(typedDateConflict('2026-11-20', '10:00')).toBeNull();
  });

  it('is null, not an error, while the date is blank or half typed', () => {
    expect(typedDateConflict('', '')).toBeNull();
    expect(typedDateConflict('2026-13-40', '')).toBeNull();
    expect(typedDateConflict('20', '12:00')).toBeNull();
  });
});

describe('conflictFor', () => {
  it('flags Saturdays as Shabbat whatever the time', () => {
    expect(isShabbat('2026-11-21')).toBe(true);
    expect(conflictFor('2026-11-21')).toEqual({ hasConflict: true, reason: 'Shabbat' });
    expect(conflictFor('2026-11-21', '21:00')).toEqual({ hasConflict: true, reason: 'Shabbat' });
  });

  it('gives the holiday name on a holiday, a major festival even on Shabbat', () => {
    expect(conflictFor('2026-04-02')).toEqual({ hasConflict: true, reason: 'Passover' });
    expect(conflictFor('2026-12-07')).toEqual({ hasConflict: true, reason: 'Hanukkah' });
    expect(conflictFor('2024-10-12')).toEqual({ hasConflict: true, reason: 'Yom Kippur' }); // a Saturday
    expect(conflictFor('2026-04-04')).toEqual({ hasConflict: true, reason: 'Shabbat' }); // Chol HaMoed
    expect(conflictFor('2022-08-07', null)).toEqual({ hasConflict: true, reason: "Tisha B'Av" });
  });

  it('flags Friday evening but not Friday morning', () => {
    expect(conflictFor('2026-11-20', '19:00')).toEqual({ hasConflict: true, reason: 'Shabbat' });
    expect(conflictFor('2026-11-20', '10:00')).toEqual({ hasConflict: false, reason: null });
    expect(conflictFor('2026-11-20')).toEqual({ hasConflict: false, reason: null });
    expect(conflictFor('2026-11-20', EVENING_CONFLICT_CUTOFF).hasConflict).toBe(true);
    expect(conflictFor('2026-11-20', '15:59:59').hasConflict).toBe(false);
    expect(conflictFor('2026-12-11', '19:00')).toEqual({ hasConflict: true, reason: 'Shabbat' }); // Hanukkah Friday
    expect(conflictFor('2026-12-11', '')).toEqual({ hasConflict: true, reason: 'Hanukkah' });
    expect(conflictFor('2026-11-19', '19:00')).toEqual({ hasConflict: false, reason: null });
  });

  it('flags the evening of the eve of a major festival', () => {
    // 14 Nisan 5786 is Wednesday 1 April 2026.
    expect(conflictFor('2026-04-01', '18:00')).toEqual({ hasConflict: true, reason: 'Passover' });
    expect(conflictFor('2026-04-01', '12:00')).toEqual({ hasConflict: false, reason: null });
    expect(conflictFor('2026-04-07', '18:00')).toEqual({ hasConflict: true, reason: 'Passover' }); // 6th day
    expect(conflictFor('2026-10-02', '20:00')).toEqual({ hasConflict: true, reason: 'Shemini Atzeret' });
    expect(conflictFor('2026-10-02', '20:00', { israel: true }).reason).toBe(
      'Shemini Atzeret / Simchat Torah',
    );
    expect(conflictFor('2026-09-11', '19:30')).toEqual({ hasConflict: true, reason: 'Rosh Hashanah' }); // a Friday
    expect(festivalEve('2026-09-20')).toBe('Yom Kippur');
    expect(festivalEve('2026-09-12')).toBeNull(); // first day of Rosh Hashanah is itself a festival
    expect(festivalEve('2026-05-21')).toBe('Shavuot');
  });

  it('rejects bad input with a RangeError', () => {
    for (const bad of [
      '2026-02-30',
      '2026-13-01',
      '2026-1-01',
      '26-01-01',
      '2026-01-01T00:00:00Z',
      '',
      '0000-01-01',
    ]) {
      expect(() => conflictFor(bad), bad).toThrow(RangeError);
      expect(() => toHebrewDate(bad), bad).toThrow(RangeError);
    }
    expect(() => conflictFor(undefined as unknown as string)).toThrow(RangeError);
    expect(() => conflictFor('2026-01-01', '24:00')).toThrow(RangeError);
    expect(() => conflictFor('2026-01-01', '7pm')).toThrow(RangeError);
    expect(() => holidaysBetween('2026-02-01', '2026-01-01')).toThrow(/before start/);
    expect(() => addDays('2026-01-01', 1.5)).toThrow(RangeError);
    expect(() => toCivilDate(new Date(Number.NaN))).toThrow(RangeError);
    expect(() => toHebrewDate('2024-02-30')).toThrow("Invalid date '2024-02-30': no such day");
    expect(toHebrewDate('2024-02-29').formatted).toBe('20 Adar I 5784');
  });
});

describe('civil date helpers', () => {
  it('converts JS Dates in local time and adds days', () => {
    expect(toCivilDate(new Date(2026, 10, 22, 23, 59))).toBe('2026-11-22');
    expect(toCivilDate(new Date(2026, 0, 1, 0, 0))).toBe('2026-01-01');
    const local = fromCivilDate('2026-11-22');
    expect([local.getFullYear(), local.getMonth(), local.getDate(), local.getHours()]).toEqual([
      2026, 10, 22, 0,
    ]);
    expect(toCivilDate(fromCivilDate('0099-03-01'))).toBe('0099-03-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(addDays('2026-11-22', -42)).toBe('2026-10-11');
    expect(dayOfWeek('2026-11-22')).toBe(0);
  });
});

describe('speed', () => {
  it('computes a year of holidays and 10,000 conflicts quickly', async () => {
    vi.resetModules();
    const fresh = await import('./jewish-calendar');
    let t = performance.now();
    const year = fresh.holidaysBetween('2027-01-01', '2027-12-31');
    const yearCold = ms(t);
    t = performance.now();
    for (let i = 0; i < 100; i++) fresh.holidaysBetween('2027-01-01', '2027-12-31');
    const yearWarm = ms(t) / 100;
    t = performance.now();
    for (let i = 0; i < 100; i++) fresh.holidaysBetween('2026-11-01', '2026-12-12'); // a 42-day grid
    const gridWarm = ms(t) / 100;

    const random = mulberry32(4);
    const dates = Array.from({ length: 10_000 }, () =>
      fresh.addDays('1900-01-01', Math.floor(random() * 124_182)),
    );
    const times = dates.map((_, i) => (i % 2 ? null : `${String(i % 24).padStart(2, '0')}:30`));
    t = performance.now();
    let conflicts = 0;
    for (let i = 0; i < dates.length; i++) {
      if (fresh.conflictFor(dates[i] as string, times[i]).hasConflict) conflicts++;
    }
    const conflictsCold = ms(t);
    t = performance.now();
    for (let i = 0; i < dates.length; i++) fresh.conflictFor(dates[i] as string, times[i]);
    const conflictsWarm = ms(t);

    const f = (n: number) => n.toFixed(3);
    console.log(
      `[jewish-calendar speed] holidaysBetween one year: ${f(yearCold)} ms cold, ${f(yearWarm)} ms warm; ` +
        `42-day grid: ${f(gridWarm)} ms warm; conflictFor x 10,000 random dates 1900-2239: ` +
        `${f(conflictsCold)} ms cold (341 Hebrew years built), ${f(conflictsWarm)} ms warm`,
    );
    expect(year.length).toBeGreaterThan(40);
    expect(conflicts).toBeGreaterThan(1_500);
    expect(conflictsCold).toBeLessThan(2_000); // generous bound: catches only pathological regressions
  });
});

describe('module boundaries', () => {
  it('is pure and does not import the GPL oracle', () => {
    const code = moduleSource.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
    // Types of the app's own shared modules only ('Language'): erased, nothing is loaded.
    const typeImports = code.match(/^import type .*$/gm) ?? [];
    for (const line of typeImports) expect(line).toMatch(/ from '\.\/[a-z0-9-]+';$/);
    expect(code).not.toMatch(/^import(?! type )|\bimport\(|\brequire\(/m);
    expect(code).not.toMatch(/@hebcal|node:|process\.|Intl\.|globalThis|window\./);
  });
});
