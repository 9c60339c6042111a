/**
 * Exact Jewish calendar for SimchaHub: Hebrew dates, holidays and scheduling conflicts.
 *
 * Pure module (no I/O, no Node-only APIs): used by the React client (calendar grid, event dialog
 * warnings, Hebrew dates) and by the server (hasConflict / conflictReason).
 *
 * Calendar dates are civil 'YYYY-MM-DD' strings without a time zone. Internally a date is a day
 * number (days since 1970-01-01, proleptic Gregorian) and the Hebrew calendar is computed with
 * the standard arithmetic (molad of Tishrei and the four postponements, as in Dershowitz &
 * Reingold, "Calendrical Calculations"). The tests check it against the platform's Hebrew
 * calendar (`Intl.DateTimeFormat` with `-u-ca-hebrew`) for every day of 1900-2239 and against
 * @hebcal/core (test-only oracle) for every day and holiday of 1950-2100.
 * See docs/decisions/004-jewish-calendar.md.
 */

import type { Language } from './i18n';

// ---------------------------------------------------------------------------------------------
// Public types and constants
// ---------------------------------------------------------------------------------------------

/** Holiday types of the product (spec section 3): the calendar legend colours. */
export type HolidayType = 'major' | 'celebration' | 'minor' | 'fast';

/** Hebrew month names in the common modern English transliteration. */
export type HebrewMonth =
  | 'Tishrei'
  | 'Cheshvan'
  | 'Kislev'
  | 'Tevet'
  | 'Shevat'
  | 'Adar'
  | 'Adar I'
  | 'Adar II'
  | 'Nisan'
  | 'Iyar'
  | 'Sivan'
  | 'Tammuz'
  | 'Av'
  | 'Elul';

export interface HebrewDate {
  /** Hebrew year, e.g. 5787. */
  year: number;
  /** English month name; 'Adar I' / 'Adar II' in leap years, 'Adar' otherwise. */
  month: HebrewMonth;
  /** Month in Hebrew letters without nikud, e.g. 'כסלו', 'אדר ב׳'. */
  monthHebrew: string;
  /** Day of the month, 1-30. */
  day: number;
  isLeapYear: boolean;
  /** Day in Hebrew numerals, e.g. 'ט״ו' (for calendar cells). */
  dayHebrew: string;
  /** Year in Hebrew numerals without the thousands, e.g. 'תשפ״ז'. */
  yearHebrew: string;
  /** e.g. '12 Kislev 5787'. */
  formatted: string;
  /** e.g. 'י״ב בכסלו תשפ״ז'. */
  formattedHebrew: string;
}

export type HolidayId =
  | 'rosh-hashanah'
  | 'fast-of-gedaliah'
  | 'yom-kippur'
  | 'sukkot'
  | 'shemini-atzeret'
  | 'simchat-torah'
  | 'shemini-atzeret-simchat-torah'
  | 'sigd'
  | 'hanukkah'
  | 'fast-of-10-tevet'
  | 'tu-bishvat'
  | 'fast-of-esther'
  | 'purim'
  | 'passover'
  | 'yom-hashoah'
  | 'yom-hazikaron'
  | 'yom-haatzmaut'
  | 'lag-baomer'
  | 'yom-yerushalayim'
  | 'shavuot'
  | 'fast-of-17-tammuz'
  | 'tisha-bav';

/** One day of a holiday. Objects are frozen and shared between calls. */
export interface Holiday {
  /** Civil date 'YYYY-MM-DD'. */
  readonly date: string;
  readonly id: HolidayId;
  /** English name, e.g. 'Passover'; this is the conflict reason. */
  readonly name: string;
  /** Hebrew name without nikud, e.g. 'פסח'. */
  readonly nameHebrew: string;
  /** Display title: the name with the day for multi-day holidays and '(observed)' when moved. */
  readonly title: string;
  /**
   * The title in Hebrew: the day in Hebrew numerals before a multi-day holiday's name as it is said
   * ('ג׳ דחנוכה', 'א׳ דראש השנה'), and '(נדחה)' or '(מוקדם)' when moved ('צום גדליה (נדחה)').
   */
  readonly titleHebrew: string;
  readonly type: HolidayType;
  /** Day of the holiday, 1-based (1 for one-day holidays). */
  readonly day: number;
  /** Number of days of the holiday in this observance (Passover: 8 in the Diaspora, 7 in Israel). */
  readonly days: number;
  /** Intermediate day (Chol HaMoed) of Sukkot or Passover: typed 'minor' but still a conflict. */
  readonly cholHamoed: boolean;
  /** Moved off its calendar date (postponed fast, Israeli memorial days, Sigd). */
  readonly observed: boolean;
  /** Which way it was moved off its calendar date, or null when it was not. */
  readonly moved: Moved | null;
}

/** Which way a holiday was moved off its calendar date: a fast postponed past Shabbat is 'later'. */
export type Moved = 'earlier' | 'later';

export interface CalendarOptions {
  /** Israeli schedule (one-day festivals, Simchat Torah with Shemini Atzeret). Default: Diaspora. */
  israel?: boolean;
}

export interface Conflict {
  hasConflict: boolean;
  /** 'Shabbat', a holiday name ('Passover', 'Hanukkah', 'Yom Kippur'...) or null. */
  reason: string | null;
}

/**
 * Events starting at or after this local time conflict with Shabbat on a Friday and with a major
 * festival on its eve. 16:00 is earlier than the earliest candle-lighting of the year in the
 * product's cities (about 16:10 in New York and New Jersey in early December), so it is a
 * conservative cut-off that needs no location or sunset computation.
 */
export const EVENING_CONFLICT_CUTOFF = '16:00';

/** Day of week of a civil date: 0 = Sunday ... 6 = Saturday. */
export type DayOfWeek = 0 | 1 | 2 | 3 | 4 | 5 | 6;

// ---------------------------------------------------------------------------------------------
// Civil dates
// ---------------------------------------------------------------------------------------------

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?$/;
const EPOCH_RD = 719163; // R.D. (fixed day) of 1970-01-01
const FRIDAY = 5;
const SATURDAY = 6;
const THURSDAY = 4;
const SUNDAY = 0;
const MONDAY = 1;

function isGregorianLeap(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

function gregorianMonthLength(y: number, m: number): number {
  if (m === 2) return isGregorianLeap(y) ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function civilFromDays(days: number): [number, number, number] {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (m <= 2 ? 1 : 0), m, d];
}

const MIN_DAY = daysFromCivil(1, 1, 1);
const MAX_DAY = daysFromCivil(9999, 12, 31);

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

function formatDay(days: number): string {
  const [y, m, d] = civilFromDays(days);
  return `${String(y).padStart(4, '0')}-${pad2(m)}-${pad2(d)}`;
}

/** Parses a civil 'YYYY-MM-DD' date (years 0001-9999) into a day number; RangeError otherwise. */
function parseDay(date: string, what = 'date'): number {
  if (typeof date !== 'string') {
    throw new RangeError(`Invalid ${what}: expected a 'YYYY-MM-DD' string, got ${typeof date}`);
  }
  const match = DATE_RE.exec(date);
  if (!match) throw new RangeError(`Invalid ${what} '${date}': expected 'YYYY-MM-DD'`);
  const y = Number(match[1]);
  const m = Number(match[2]);
  const d = Number(match[3]);
  if (y < 1 || m < 1 || m > 12 || d < 1 || d > gregorianMonthLength(y, m)) {
    throw new RangeError(`Invalid ${what} '${date}': no such day`);
  }
  return daysFromCivil(y, m, d);
}

/** Minutes after midnight of 'HH:MM' or 'HH:MM:SS'; null for null, undefined or ''. */
function parseTime(time: string | null | undefined): number | null {
  if (time === null || time === undefined || time === '') return null;
  if (typeof time !== 'string') throw new RangeError(`Invalid time: expected 'HH:MM', got ${typeof time}`);
  const match = TIME_RE.exec(time);
  const h = Number(match?.[1]);
  const min = Number(match?.[2]);
  const s = match?.[3] === undefined ? 0 : Number(match[3]);
  if (!match || h > 23 || min > 59 || s > 59) {
    throw new RangeError(`Invalid time '${time}': expected 'HH:MM' (00:00-23:59)`);
  }
  return h * 60 + min;
}

function weekday(days: number): DayOfWeek {
  return ((((days + 4) % 7) + 7) % 7) as DayOfWeek; // 1970-01-01 was a Thursday
}

/** Civil date 'YYYY-MM-DD' of a JS Date in the local time zone. */
export function toCivilDate(date: Date): string {
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) {
    throw new RangeError('Invalid Date');
  }
  const y = date.getFullYear();
  if (y < 1 || y > 9999) throw new RangeError(`Year ${y} out of range 0001-9999`);
  return `${String(y).padStart(4, '0')}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}`;
}

/** Local-time JS Date at the start (midnight) of a civil date. */
export function fromCivilDate(date: string): Date {
  const [y, m, d] = civilFromDays(parseDay(date));
  const result = new Date(2000, 0, 1);
  result.setFullYear(y, m - 1, d); // setFullYear: years 0-99 are not mapped to 19xx
  result.setHours(0, 0, 0, 0);
  return result;
}

/** Adds a whole number of days (possibly negative) to a civil date. */
export function addDays(date: string, days: number): string {
  if (!Number.isInteger(days)) throw new RangeError(`Invalid number of days: ${days}`);
  const result = parseDay(date) + days;
  if (result < MIN_DAY || result > MAX_DAY)
    throw new RangeError('Date out of range 0001-01-01 to 9999-12-31');
  return formatDay(result);
}

/** Day of week of a civil date: 0 = Sunday ... 6 = Saturday. */
export function dayOfWeek(date: string): DayOfWeek {
  return weekday(parseDay(date));
}

/** True on Saturdays (the day of Shabbat; Friday evening is handled by conflictFor). */
export function isShabbat(date: string): boolean {
  return weekday(parseDay(date)) === SATURDAY;
}

// ---------------------------------------------------------------------------------------------
// Hebrew calendar arithmetic
// ---------------------------------------------------------------------------------------------

/** R.D. of 1 Tishrei AM 1 (7 October 3761 BCE, Julian). */
const HEBREW_EPOCH_RD = -1373427;

function isHebrewLeapYear(year: number): boolean {
  return (7 * year + 1) % 19 < 7;
}

/** Days from the epoch to the molad of Tishrei of `year`, with the first postponement (lo ADU). */
function elapsedDays(year: number): number {
  const monthsElapsed = Math.floor((235 * year - 234) / 19);
  const partsElapsed = 12084 + 13753 * monthsElapsed;
  const days = 29 * monthsElapsed + Math.floor(partsElapsed / 25920);
  return (3 * (days + 1)) % 7 < 3 ? days + 1 : days;
}

/** Day number (days since 1970-01-01) of 1 Tishrei of `year`, with all four postponements. */
function newYearDay(year: number): number {
  const ny0 = elapsedDays(year - 1);
  const ny1 = elapsedDays(year);
  const ny2 = elapsedDays(year + 1);
  const correction = ny2 - ny1 === 356 ? 2 : ny1 - ny0 === 382 ? 1 : 0;
  return HEBREW_EPOCH_RD + ny1 + correction - EPOCH_RD;
}

const MONTH_HEBREW: Record<HebrewMonth, string> = {
  Tishrei: 'תשרי',
  Cheshvan: 'חשוון',
  Kislev: 'כסלו',
  Tevet: 'טבת',
  Shevat: 'שבט',
  Adar: 'אדר',
  'Adar I': 'אדר א׳',
  'Adar II': 'אדר ב׳',
  Nisan: 'ניסן',
  Iyar: 'אייר',
  Sivan: 'סיוון',
  Tammuz: 'תמוז',
  Av: 'אב',
  Elul: 'אלול',
};

interface HebrewMonthInfo {
  readonly name: HebrewMonth;
  /** Day number of the first of the month. */
  readonly start: number;
  readonly length: number;
}

interface HebrewYear {
  readonly year: number;
  readonly start: number;
  readonly length: number;
  readonly leap: boolean;
  readonly yearHebrew: string;
  /** Months in calendar order from Tishrei. */
  readonly months: readonly HebrewMonthInfo[];
  /** Holidays by schedule: index 0 Diaspora, 1 Israel; built on first use. */
  readonly holidays: [YearHolidays | undefined, YearHolidays | undefined];
}

interface YearHolidays {
  /** Sorted by date, then by importance. */
  readonly list: readonly Holiday[];
  readonly byDay: ReadonlyMap<number, readonly Holiday[]>;
  /** Eves of major festivals: day number -> name of the festival starting that evening. */
  readonly eves: ReadonlyMap<number, string>;
}

const YEAR_CACHE_LIMIT = 512;
const yearCache = new Map<number, HebrewYear>();

function hebrewYear(year: number): HebrewYear {
  const cached = yearCache.get(year);
  if (cached) return cached;
  const start = newYearDay(year);
  const length = newYearDay(year + 1) - start;
  const leap = isHebrewLeapYear(year);
  const lengths: Array<[HebrewMonth, number]> = [
    ['Tishrei', 30],
    ['Cheshvan', length % 10 === 5 ? 30 : 29],
    ['Kislev', length % 10 === 3 ? 29 : 30],
    ['Tevet', 29],
    ['Shevat', 30],
    ...(leap
      ? ([
          ['Adar I', 30],
          ['Adar II', 29],
        ] as Array<[HebrewMonth, number]>)
      : ([['Adar', 29]] as Array<[HebrewMonth, number]>)),
    ['Nisan', 30],
    ['Iyar', 29],
    ['Sivan', 30],
    ['Tammuz', 29],
    ['Av', 30],
    ['Elul', 29],
  ];
  const months: HebrewMonthInfo[] = [];
  let monthStart = start;
  for (const [name, monthLength] of lengths) {
    months.push({ name, start: monthStart, length: monthLength });
    monthStart += monthLength;
  }
  const info: HebrewYear = {
    year,
    start,
    length,
    leap,
    yearHebrew: numeral(year),
    months,
    holidays: [undefined, undefined],
  };
  if (yearCache.size >= YEAR_CACHE_LIMIT) {
    const oldest = yearCache.keys().next();
    if (!oldest.done) yearCache.delete(oldest.value);
  }
  yearCache.set(year, info);
  return info;
}

/** The Hebrew year containing a day number. */
function hebrewYearOfDay(days: number): HebrewYear {
  // Mean year 365.2468 days; the estimate is off by at most one year.
  let year = Math.floor((days + EPOCH_RD - HEBREW_EPOCH_RD) / 365.2468) + 1;
  while (newYearDay(year) > days) year--;
  while (newYearDay(year + 1) <= days) year++;
  return hebrewYear(year);
}

function monthOf(info: HebrewYear, days: number): HebrewMonthInfo {
  const months = info.months;
  for (let i = months.length - 1; i > 0; i--) {
    const month = months[i];
    if (month && days >= month.start) return month;
  }
  return months[0] as HebrewMonthInfo;
}

/** Day number of a Hebrew day of `info`'s year; 'Adar' means Adar II in leap years. */
function dayOf(info: HebrewYear, month: HebrewMonth, day: number): number {
  const wanted = month === 'Adar' && info.leap ? 'Adar II' : month;
  const found = info.months.find((m) => m.name === wanted);
  if (!found) throw new Error(`No month ${month} in ${info.year}`);
  return found.start + day - 1;
}

// ---------------------------------------------------------------------------------------------
// Hebrew numerals
// ---------------------------------------------------------------------------------------------

const GERESH = '\u05F3'; // ׳
const GERSHAYIM = '\u05F4'; // ״
const UNITS = ['', 'א', 'ב', 'ג', 'ד', 'ה', 'ו', 'ז', 'ח', 'ט'];
const TENS = ['', 'י', 'כ', 'ל', 'מ', 'נ', 'ס', 'ע', 'פ', 'צ'];
const HUNDREDS = ['', 'ק', 'ר', 'ש'];

/**
 * Hebrew numeral with geresh / gershayim, thousands omitted as usual for years
 * (5787 -> 'תשפ״ז', 15 -> 'ט״ו', 6000 -> 'ו׳').
 */
function numeral(n: number): string {
  let rest = n % 1000;
  if (rest === 0) return `${UNITS[Math.floor(n / 1000) % 10] ?? ''}${GERESH}`;
  let letters = '';
  while (rest >= 400) {
    letters += 'ת';
    rest -= 400;
  }
  letters += HUNDREDS[Math.floor(rest / 100)] ?? '';
  rest %= 100;
  if (rest === 15 || rest === 16) {
    letters += rest === 15 ? 'טו' : 'טז'; // not the letters of the divine name
  } else {
    letters += (TENS[Math.floor(rest / 10)] ?? '') + (UNITS[rest % 10] ?? '');
  }
  return letters.length === 1 ? letters + GERESH : `${letters.slice(0, -1)}${GERSHAYIM}${letters.slice(-1)}`;
}

const DAY_NUMERALS = Array.from({ length: 31 }, (_, i) => numeral(i));

/**
 * A whole number from 1 to 9999 in Hebrew numerals (gematriya) with geresh or gershayim, the
 * thousands left out as years are written: 4 -> 'ד׳', 15 -> 'ט״ו', 16 -> 'ט״ז', 5787 -> 'תשפ״ז',
 * 5800 -> 'ת״ת'. A number with no hundreds, tens or units is its thousands with a geresh (6000 -> 'ו׳').
 */
export function hebrewNumeral(n: number): string {
  if (!Number.isInteger(n) || n < 1 || n > 9999) {
    throw new RangeError(`Hebrew numerals are written here for whole numbers from 1 to 9999, not ${n}`);
  }
  return numeral(n);
}

// ---------------------------------------------------------------------------------------------
// Hebrew dates
// ---------------------------------------------------------------------------------------------

function hebrewDateOfDay(days: number): HebrewDate {
  const info = hebrewYearOfDay(days);
  const month = monthOf(info, days);
  const day = days - month.start + 1;
  const monthHebrew = MONTH_HEBREW[month.name];
  const dayHebrew = DAY_NUMERALS[day] ?? '';
  return {
    year: info.year,
    month: month.name,
    monthHebrew,
    day,
    isLeapYear: info.leap,
    dayHebrew,
    yearHebrew: info.yearHebrew,
    formatted: `${day} ${month.name} ${info.year}`,
    formattedHebrew: `${dayHebrew} ב${monthHebrew} ${info.yearHebrew}`,
  };
}

/** Hebrew date of a civil date (the Hebrew day that is current during the daytime). */
export function toHebrewDate(date: string): HebrewDate {
  return hebrewDateOfDay(parseDay(date));
}

export interface HebrewMonthYearOptions {
  /** Hebrew script ('כסלו – טבת תשפ״ז') instead of English ('Kislev – Tevet 5787'). */
  hebrew?: boolean;
  /** The reader's language: 'he' writes Hebrew script, as `hebrew: true` does. */
  language?: Language;
}

/**
 * Hebrew month(s) and year of the Gregorian month containing `date`, for a calendar header:
 * 'Kislev – Tevet 5787', or 'Elul 5786 – Tishrei 5787' across a Hebrew new year. When a
 * Gregorian month touches three Hebrew months the first and the last are named.
 */
export function hebrewMonthYear(date: string, options: HebrewMonthYearOptions = {}): string {
  const [y, m] = civilFromDays(parseDay(date));
  const first = hebrewDateOfDay(daysFromCivil(y, m, 1));
  const last = hebrewDateOfDay(daysFromCivil(y, m, gregorianMonthLength(y, m)));
  const hebrew = options.hebrew === true || options.language === 'he';
  const month = (h: HebrewDate) => (hebrew ? h.monthHebrew : h.month);
  const year = (h: HebrewDate) => (hebrew ? h.yearHebrew : String(h.year));
  if (first.year !== last.year) {
    return `${month(first)} ${year(first)} – ${month(last)} ${year(last)}`;
  }
  if (first.month === last.month) return `${month(first)} ${year(first)}`;
  return `${month(first)} – ${month(last)} ${year(last)}`;
}

/**
 * How much of a Hebrew date to write: all of it ('4 Tevet 5787' / 'ד׳ בטבת תשפ״ז'), the day and
 * month ('4 Tevet' / 'ד׳ בטבת'), the month and year ('Tevet 5787' / 'טבת תשפ״ז') or the day alone
 * ('4' / 'ד׳', for a calendar's cells).
 */
export type HebrewDateStyle = 'full' | 'dayMonth' | 'monthYear' | 'day';

/**
 * The Hebrew date of a civil date ('YYYY-MM-DD', the Hebrew day current in its daytime) as a reader
 * of `language` writes it: in English with the months' English names and the year in digits, in
 * Hebrew in Hebrew letters, the day and year as Hebrew numerals with geresh and gershayim and the
 * month after the customary ב ('ה׳ בטבת תשפ״ז'; Adar I and II of a leap year are 'אדר א׳' / 'אדר ב׳').
 */
export function formatHebrewDate(date: string, language: Language, style: HebrewDateStyle = 'full'): string {
  const h = hebrewDateOfDay(parseDay(date));
  const he = language === 'he';
  switch (style) {
    case 'full':
      return he ? h.formattedHebrew : h.formatted;
    case 'dayMonth':
      return he ? `${h.dayHebrew} ב${h.monthHebrew}` : `${h.day} ${h.month}`;
    case 'monthYear':
      return he ? `${h.monthHebrew} ${h.yearHebrew}` : `${h.month} ${h.year}`;
    case 'day':
      return he ? h.dayHebrew : String(h.day);
    default:
      throw new RangeError(`Unknown Hebrew date style '${String(style)}'`);
  }
}

/** The name of a Hebrew month in a language: 'Adar II' / 'אדר ב׳'. */
export function hebrewMonthName(month: HebrewMonth, language: Language): string {
  const hebrew = MONTH_HEBREW[month];
  if (hebrew === undefined) throw new RangeError(`Unknown Hebrew month '${month}'`);
  return language === 'he' ? hebrew : month;
}

// ---------------------------------------------------------------------------------------------
// Holidays
// ---------------------------------------------------------------------------------------------

/** Order of the types when several holidays share a day; also the conflict-reason preference. */
const TYPE_RANK: Record<HolidayType, number> = { major: 0, fast: 1, celebration: 2, minor: 3 };

/** First Hebrew years in which modern observances are listed (as @hebcal/core does). */
export const MODERN_HOLIDAY_FIRST_YEAR = {
  /** Yom HaZikaron and Yom Ha'atzmaut: 5708 (1948). */
  yomHaatzmaut: 5708,
  /** Yom HaShoah: 5711 (1951). */
  yomHashoah: 5711,
  /** Yom Yerushalayim: 5727 (28 Iyar 5727 = 7 June 1967). */
  yomYerushalayim: 5727,
  /** Sigd as a national holiday: 5769 (2008). */
  sigd: 5769,
  /** Yom HaZikaron moved off Sunday (to Monday, Ha'atzmaut to Tuesday) from 5764 (2004). */
  zikaronSundayRule: 5764,
} as const;

/** Each holiday's English name: the name of its days, and the conflict reason. */
const ENGLISH_NAMES: Record<HolidayId, string> = {
  'rosh-hashanah': 'Rosh Hashanah',
  'fast-of-gedaliah': 'Fast of Gedaliah',
  'yom-kippur': 'Yom Kippur',
  sukkot: 'Sukkot',
  'shemini-atzeret': 'Shemini Atzeret',
  'simchat-torah': 'Simchat Torah',
  'shemini-atzeret-simchat-torah': 'Shemini Atzeret / Simchat Torah',
  sigd: 'Sigd',
  hanukkah: 'Hanukkah',
  'fast-of-10-tevet': 'Fast of 10 Tevet',
  'tu-bishvat': 'Tu BiShvat',
  'fast-of-esther': 'Fast of Esther',
  purim: 'Purim',
  passover: 'Passover',
  'yom-hashoah': 'Yom HaShoah',
  'yom-hazikaron': 'Yom HaZikaron',
  'yom-haatzmaut': "Yom Ha'atzmaut",
  'lag-baomer': 'Lag BaOmer',
  'yom-yerushalayim': 'Yom Yerushalayim',
  shavuot: 'Shavuot',
  'fast-of-17-tammuz': 'Fast of 17 Tammuz',
  'tisha-bav': "Tisha B'Av",
};

const HEBREW_NAMES: Record<HolidayId, string> = {
  'rosh-hashanah': 'ראש השנה',
  'fast-of-gedaliah': 'צום גדליה',
  'yom-kippur': 'יום כיפור',
  sukkot: 'סוכות',
  'shemini-atzeret': 'שמיני עצרת',
  'simchat-torah': 'שמחת תורה',
  'shemini-atzeret-simchat-torah': 'שמיני עצרת / שמחת תורה',
  sigd: 'סיגד',
  hanukkah: 'חנוכה',
  'fast-of-10-tevet': 'עשרה בטבת',
  'tu-bishvat': `ט${GERSHAYIM}ו בשבט`,
  'fast-of-esther': 'תענית אסתר',
  purim: 'פורים',
  passover: 'פסח',
  'yom-hashoah': 'יום השואה',
  'yom-hazikaron': 'יום הזיכרון',
  'yom-haatzmaut': 'יום העצמאות',
  'lag-baomer': `ל${GERSHAYIM}ג בעומר`,
  'yom-yerushalayim': 'יום ירושלים',
  shavuot: 'שבועות',
  'fast-of-17-tammuz': `צום י${GERSHAYIM}ז בתמוז`,
  'tisha-bav': 'תשעה באב',
};

/** Holidays whose Hebrew name is feminine ('תענית'), for the agreement of 'מוקדמת'. */
const FEMININE_HEBREW_NAMES: ReadonlySet<HolidayId> = new Set(['fast-of-esther']);

/**
 * How the calendar titles a holiday's day `day` of `days` (a title as Holiday.title and titleHebrew
 * hold it), moved off its date or not. 'unknown' is a day known to be moved whichever way: Hebrew
 * then says only that it is not on its date ('יום הזיכרון (לא בתאריכו)').
 */
export function holidayDayTitle(
  id: HolidayId,
  language: Language,
  day = 1,
  days = 1,
  moved: Moved | 'unknown' | null = null,
): string {
  if (!(id in ENGLISH_NAMES)) throw new RangeError(`Unknown holiday '${id}'`);
  if (!Number.isInteger(day) || !Number.isInteger(days) || day < 1 || day > days || days > 8) {
    throw new RangeError(`No day ${day} of ${days} days of a holiday`);
  }
  return titleOf(id, day, days, moved, language);
}

function titleOf(
  id: HolidayId,
  day: number,
  days: number,
  moved: Moved | 'unknown' | null,
  language: Language,
): string {
  if (language === 'he') {
    let title = days > 1 ? `${DAY_NUMERALS[day]} ד${HEBREW_NAMES[id]}` : HEBREW_NAMES[id];
    const feminine = FEMININE_HEBREW_NAMES.has(id);
    if (moved === 'later') title += feminine ? ' (נדחית)' : ' (נדחה)';
    if (moved === 'earlier') title += feminine ? ' (מוקדמת)' : ' (מוקדם)';
    if (moved === 'unknown') title += feminine ? ' (לא בתאריכה)' : ' (לא בתאריכו)';
    return title;
  }
  let title = days > 1 ? `${ENGLISH_NAMES[id]} (day ${day})` : ENGLISH_NAMES[id];
  if (moved) title += ' (observed)';
  return title;
}

/** Every holiday the calendar knows, in the order of the Hebrew year from Tishrei. */
export const HOLIDAY_IDS = Object.keys(ENGLISH_NAMES) as readonly HolidayId[];

/** A holiday's name in a language: 'Passover' / 'פסח'. */
export function holidayName(holiday: HolidayId | Pick<Holiday, 'id'>, language: Language): string {
  const id = typeof holiday === 'string' ? holiday : holiday.id;
  const names = language === 'he' ? HEBREW_NAMES : ENGLISH_NAMES;
  const name = names[id];
  if (name === undefined) throw new RangeError(`Unknown holiday '${id}'`);
  return name;
}

/** The holiday whose English name this is ('Passover' -> 'passover'), or null. */
export function holidayIdOfName(name: string): HolidayId | null {
  return HOLIDAY_IDS.find((id) => ENGLISH_NAMES[id] === name) ?? null;
}

/** A holiday day's title in a language: 'Hanukkah (day 3)' / 'ג׳ דחנוכה'. */
export function holidayTitle(holiday: Holiday, language: Language): string {
  return language === 'he' ? holiday.titleHebrew : holiday.title;
}

interface HolidaySpec {
  id: HolidayId;
  type: HolidayType;
  /** Day number of the first day (after any postponement). */
  start: number;
  days?: number;
  /** Type of day `i` (1-based) when it differs from `type` (Chol HaMoed). */
  typeOfDay?: (day: number) => HolidayType;
  /** Which way the holiday was moved off its calendar date, when it was. */
  moved?: Moved | undefined;
}

/** The day number on or before `days` that falls on `dow`. */
function onOrBefore(dow: number, days: number): number {
  return days - ((weekday(days) - dow + 7) % 7);
}

function holidaySpecs(info: HebrewYear, israel: boolean): HolidaySpec[] {
  const y = info.year;
  const at = (month: HebrewMonth, day: number) => dayOf(info, month, day);
  const dow = (days: number) => weekday(days);
  const specs: HolidaySpec[] = [];
  const add = (spec: HolidaySpec) => specs.push(spec);
  /** Major on the Yom Tov days, 'minor' on Chol HaMoed. */
  const festival = (yomTov: readonly number[]) => (day: number) =>
    yomTov.includes(day) ? ('major' as const) : ('minor' as const);
  /** A fast postponed from Shabbat to Sunday. */
  const fastPostponedToSunday = (id: HolidayId, days: number) => {
    const moved = dow(days) === SATURDAY;
    add({ id, type: 'fast', start: moved ? days + 1 : days, moved: moved ? 'later' : undefined });
  };

  // Tishrei
  add({ id: 'rosh-hashanah', type: 'major', start: at('Tishrei', 1), days: 2 });
  fastPostponedToSunday('fast-of-gedaliah', at('Tishrei', 3));
  add({ id: 'yom-kippur', type: 'major', start: at('Tishrei', 10) });
  add({
    id: 'sukkot',
    type: 'major',
    start: at('Tishrei', 15),
    days: 7,
    typeOfDay: festival(israel ? [1] : [1, 2]),
  });
  if (israel) {
    add({ id: 'shemini-atzeret-simchat-torah', type: 'major', start: at('Tishrei', 22) });
  } else {
    add({ id: 'shemini-atzeret', type: 'major', start: at('Tishrei', 22) });
    add({ id: 'simchat-torah', type: 'major', start: at('Tishrei', 23) });
  }

  // Cheshvan: Sigd on 29 Cheshvan, on Thursday when that is a Friday or Saturday.
  if (y >= MODERN_HOLIDAY_FIRST_YEAR.sigd) {
    const sigd = at('Cheshvan', 29);
    const moved = dow(sigd) === FRIDAY || dow(sigd) === SATURDAY;
    add({
      id: 'sigd',
      type: 'minor',
      start: moved ? onOrBefore(THURSDAY, sigd) : sigd,
      moved: moved ? 'earlier' : undefined,
    });
  }

  // Kislev - Tevet: eight days from 25 Kislev, whatever the length of Kislev.
  add({ id: 'hanukkah', type: 'celebration', start: at('Kislev', 25), days: 8 });
  add({ id: 'fast-of-10-tevet', type: 'fast', start: at('Tevet', 10) });

  // Shevat - Adar (Adar II in leap years)
  add({ id: 'tu-bishvat', type: 'celebration', start: at('Shevat', 15) });
  const esther = at('Adar', 13);
  const estherMoved = dow(esther) === SATURDAY;
  add({
    id: 'fast-of-esther',
    type: 'fast',
    start: estherMoved ? esther - 2 : esther, // Thursday 11 Adar
    moved: estherMoved ? 'earlier' : undefined,
  });
  add({ id: 'purim', type: 'celebration', start: at('Adar', 14) });

  // Nisan
  add({
    id: 'passover',
    type: 'major',
    start: at('Nisan', 15),
    days: israel ? 7 : 8,
    typeOfDay: festival(israel ? [1, 7] : [1, 2, 7, 8]),
  });
  if (y >= MODERN_HOLIDAY_FIRST_YEAR.yomHashoah) {
    // 27 Nisan; Thursday 26 when that is a Friday, Monday 28 when it is a Sunday.
    const nisan27 = at('Nisan', 27);
    const shift = dow(nisan27) === FRIDAY ? -1 : dow(nisan27) === SUNDAY ? 1 : 0;
    add({
      id: 'yom-hashoah',
      type: 'minor',
      start: nisan27 + shift,
      moved: shift < 0 ? 'earlier' : shift > 0 ? 'later' : undefined,
    });
  }

  // Iyar
  if (y >= MODERN_HOLIDAY_FIRST_YEAR.yomHaatzmaut) {
    // 4 and 5 Iyar. If 5 Iyar is a Friday or Saturday both move back to Wednesday / Thursday;
    // from 5764, if 4 Iyar is a Sunday both move forward to Monday / Tuesday.
    const iyar4 = at('Iyar', 4);
    let zikaron = iyar4;
    const iyar5dow = dow(iyar4 + 1);
    if (iyar5dow === FRIDAY || iyar5dow === SATURDAY) zikaron = onOrBefore(3, iyar4);
    else if (iyar5dow === MONDAY && y >= MODERN_HOLIDAY_FIRST_YEAR.zikaronSundayRule) zikaron = iyar4 + 1;
    const moved: Moved | undefined = zikaron < iyar4 ? 'earlier' : zikaron > iyar4 ? 'later' : undefined;
    add({ id: 'yom-hazikaron', type: 'minor', start: zikaron, moved });
    add({ id: 'yom-haatzmaut', type: 'celebration', start: zikaron + 1, moved });
  }
  add({ id: 'lag-baomer', type: 'celebration', start: at('Iyar', 18) });
  if (y >= MODERN_HOLIDAY_FIRST_YEAR.yomYerushalayim) {
    add({ id: 'yom-yerushalayim', type: 'celebration', start: at('Iyar', 28) });
  }

  // Sivan - Av
  add({ id: 'shavuot', type: 'major', start: at('Sivan', 6), days: israel ? 1 : 2 });
  fastPostponedToSunday('fast-of-17-tammuz', at('Tammuz', 17));
  fastPostponedToSunday('tisha-bav', at('Av', 9));
  return specs;
}

function buildYearHolidays(info: HebrewYear, israel: boolean): YearHolidays {
  const list: Holiday[] = [];
  for (const spec of holidaySpecs(info, israel)) {
    const days = spec.days ?? 1;
    for (let day = 1; day <= days; day++) {
      const type = spec.typeOfDay ? spec.typeOfDay(day) : spec.type;
      const moved = spec.moved ?? null;
      list.push(
        Object.freeze({
          date: formatDay(spec.start + day - 1),
          id: spec.id,
          name: ENGLISH_NAMES[spec.id],
          nameHebrew: HEBREW_NAMES[spec.id],
          title: titleOf(spec.id, day, days, moved, 'en'),
          titleHebrew: titleOf(spec.id, day, days, moved, 'he'),
          type,
          day,
          days,
          cholHamoed: spec.typeOfDay !== undefined && type !== 'major',
          observed: moved !== null,
          moved,
        }),
      );
    }
  }
  // 'YYYY-MM-DD' strings of years 0001-9999 sort like their dates.
  list.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : TYPE_RANK[a.type] - TYPE_RANK[b.type]));
  const byDay = new Map<number, Holiday[]>();
  for (const holiday of list) {
    const key = parseDay(holiday.date);
    const existing = byDay.get(key);
    if (existing) existing.push(holiday);
    else byDay.set(key, [holiday]);
  }
  // The eve of a major festival: the day before a Yom Tov day that is not itself a Yom Tov
  // (erev Rosh Hashanah, Yom Kippur, Sukkot, Passover, Shavuot; Hoshana Raba before Shemini
  // Atzeret; the sixth day of Passover before the seventh).
  const eves = new Map<number, string>();
  for (const [key, holidays] of byDay) {
    const major = holidays.find((h) => h.type === 'major');
    if (!major) continue;
    const before = byDay.get(key - 1);
    if (!before?.some((h) => h.type === 'major')) eves.set(key - 1, major.name);
  }
  return { list, byDay, eves };
}

function yearHolidays(info: HebrewYear, israel: boolean): YearHolidays {
  const index = israel ? 1 : 0;
  let holidays = info.holidays[index];
  if (!holidays) {
    holidays = buildYearHolidays(info, israel);
    info.holidays[index] = holidays;
  }
  return holidays;
}

function holidaysOfDay(days: number, israel: boolean): readonly Holiday[] {
  return yearHolidays(hebrewYearOfDay(days), israel).byDay.get(days) ?? [];
}

function eveOfDay(days: number, israel: boolean): string | null {
  // The eve of Rosh Hashanah (29 Elul) belongs to the previous Hebrew year.
  return yearHolidays(hebrewYearOfDay(days + 1), israel).eves.get(days) ?? null;
}

/** Holidays from `start` to `end` inclusive, sorted by date (then major, fast, celebration, minor). */
export function holidaysBetween(start: string, end: string, options: CalendarOptions = {}): Holiday[] {
  const first = parseDay(start, 'start date');
  const last = parseDay(end, 'end date');
  if (last < first) throw new RangeError(`End date '${end}' is before start date '${start}'`);
  const israel = options.israel === true;
  const result: Holiday[] = [];
  const lastYear = hebrewYearOfDay(last).year;
  for (let year = hebrewYearOfDay(first).year; year <= lastYear; year++) {
    for (const holiday of yearHolidays(hebrewYear(year), israel).list) {
      if (holiday.date >= start && holiday.date <= end) result.push(holiday);
    }
  }
  return result;
}

/** Holidays on one date, most important first (major, fast, celebration, minor). */
export function holidaysOn(date: string, options: CalendarOptions = {}): Holiday[] {
  return holidaysOfDay(parseDay(date), options.israel === true).slice();
}

/**
 * Name of the major festival that begins on the evening of `date`, when `date` is not itself a
 * festival day: erev Rosh Hashanah, Yom Kippur, Sukkot, Passover and Shavuot, Hoshana Raba
 * (-> 'Shemini Atzeret') and the sixth day of Passover (-> 'Passover'). Otherwise null.
 */
export function festivalEve(date: string, options: CalendarOptions = {}): string | null {
  return eveOfDay(parseDay(date), options.israel === true);
}

const EVENING_CUTOFF_MINUTES = parseTime(EVENING_CONFLICT_CUTOFF) ?? 0;

/**
 * Whether an event on `date` (optionally at local `time` 'HH:MM' or 'HH:MM:SS') conflicts with
 * Shabbat or a Jewish holiday, and why. In order of preference:
 * 1. a major festival day (Yom Tov, including Yom Kippur) -> its name, even on a Saturday;
 * 2. a Saturday -> 'Shabbat';
 * 3. an evening event (time at or after EVENING_CONFLICT_CUTOFF) on the eve of a major festival
 *    -> the festival's name, or on a Friday -> 'Shabbat';
 * 4. any other listed holiday day (fasts, celebrations, minor days, Chol HaMoed) -> its name.
 * Without a time (null, undefined or '') only the day itself counts.
 */
export function conflictFor(date: string, time?: string | null, options: CalendarOptions = {}): Conflict {
  const days = parseDay(date);
  const minutes = parseTime(time);
  const israel = options.israel === true;
  const holidays = holidaysOfDay(days, israel);
  const first = holidays[0];
  if (first?.type === 'major') return { hasConflict: true, reason: first.name };
  const dow = weekday(days);
  if (dow === SATURDAY) return { hasConflict: true, reason: 'Shabbat' };
  if (minutes !== null && minutes >= EVENING_CUTOFF_MINUTES) {
    const eve = eveOfDay(days, israel);
    if (eve) return { hasConflict: true, reason: eve };
    if (dow === FRIDAY) return { hasConflict: true, reason: 'Shabbat' };
  }
  if (first) return { hasConflict: true, reason: first.name };
  return { hasConflict: false, reason: null };
}

/**
 * The Shabbat or holiday a date being typed into a form (and its time, '' when none) runs into, or
 * null; null too while the date is incomplete, where conflictFor would throw.
 */
export function typedDateConflict(date: string, time: string): string | null {
  if (!date) return null;
  try {
    const conflict = conflictFor(date, time || null);
    return conflict.hasConflict ? (conflict.reason ?? 'Shabbat') : null;
  } catch {
    return null;
  }
}
