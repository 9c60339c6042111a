/**
 * The names of Shabbat, the holidays and the days around them in each language, for the names the
 * calendar and the observance rules give in English: a conflict's reason ('Passover', 'the Omer'),
 * a rest block's name ('Shabbat and Passover'), a day's mark ('Rosh Chodesh Tevet') and the words
 * around them (candle-lighting, havdalah, Erev, Motzei). Pure data and functions, for the client, the
 * server's pages and its mails alike.
 */
import type { Language } from './i18n';
import {
  type HebrewMonth,
  type HolidayId,
  hebrewMonthName,
  holidayDayTitle,
  holidayIdOfName,
  holidayName,
  holidaysOn,
  type Moved,
} from './jewish-calendar';

/** The words beside the names, in each language. */
export const OBSERVANCE_WORDS: Record<
  Language,
  {
    shabbat: string;
    yomTov: string;
    holiday: string;
    candleLighting: string;
    /** The short label beside a time in a calendar's cell ('Candles 16:12'). */
    candles: string;
    havdalah: string;
  }
> = {
  en: {
    shabbat: 'Shabbat',
    yomTov: 'Yom Tov',
    holiday: 'Holiday',
    candleLighting: 'Candle-lighting',
    candles: 'Candles',
    havdalah: 'Havdalah',
  },
  he: {
    shabbat: 'שבת',
    yomTov: 'יום טוב',
    holiday: 'חג',
    candleLighting: 'הדלקת נרות',
    candles: 'נרות',
    havdalah: 'הבדלה',
  },
};

/** Names of periods and days that are not holidays of the calendar, as the observance rules give them. */
const PERIODS_HEBREW: Record<string, string> = {
  Shabbat: 'שבת',
  'the Omer': 'ספירת העומר',
  'The Omer': 'ספירת העומר',
  'the Three Weeks': 'בין המצרים',
  'The Three Weeks': 'בין המצרים',
  'the Nine Days': 'תשעת הימים',
  'The Nine Days': 'תשעת הימים',
  'Shushan Purim': 'שושן פורים',
  "Tu B'Av": 'ט״ו באב',
  'Motzei Shabbat': 'מוצאי שבת',
};

const HEBREW_MONTHS: readonly HebrewMonth[] = [
  'Tishrei',
  'Cheshvan',
  'Kislev',
  'Tevet',
  'Shevat',
  'Adar',
  'Adar I',
  'Adar II',
  'Nisan',
  'Iyar',
  'Sivan',
  'Tammuz',
  'Av',
  'Elul',
];

function isHebrewMonth(name: string): name is HebrewMonth {
  return (HEBREW_MONTHS as readonly string[]).includes(name);
}

/** A holiday's title: its name, then its day when it lasts days, then '(observed)' when moved. */
const TITLE = /^(.+?)(?: \(day ([1-8])\))?( \(observed\))?$/;

/** The holidays the calendar only ever moves one way: a fast postponed past Shabbat, one brought forward. */
const ONE_WAY_MOVES: Partial<Record<HolidayId, Moved>> = {
  'fast-of-gedaliah': 'later',
  'fast-of-17-tammuz': 'later',
  'tisha-bav': 'later',
  'fast-of-esther': 'earlier',
  sigd: 'earlier',
};
const listFormats = new Map<Language, Intl.ListFormat>();

/** 'שבת ופסח' from ['שבת', 'פסח']: a language's own 'and'. */
function joined(names: string[], language: Language): string {
  let format = listFormats.get(language);
  if (!format) {
    format = new Intl.ListFormat(language, { type: 'conjunction' });
    listFormats.set(language, format);
  }
  return format.format(names);
}

/**
 * The Hebrew of a name the calendar or the observance rules give in English, or null when it is not
 * one of theirs:
 * - a holiday's name or title: 'Passover' -> 'פסח', 'Hanukkah (day 3)' -> 'ג׳ דחנוכה',
 *   'Fast of Gedaliah (observed)' -> 'צום גדליה (נדחה)'. Israel's memorial days move either way,
 *   which their English title does not say: 'Yom HaZikaron (observed)' -> 'יום הזיכרון (לא בתאריכו)'
 *   (given the civil date the name is of, the calendar's own title says which way: 'יום הזיכרון (מוקדם)');
 * - 'Shabbat', 'the Omer', 'the Three Weeks', 'the Nine Days', 'Shushan Purim', "Tu B'Av";
 * - 'Rosh Chodesh Tevet' -> 'ראש חודש טבת', 'Chol HaMoed Sukkot' -> 'חול המועד סוכות';
 * - 'Erev Yom Kippur' -> 'ערב יום כיפור', 'Motzei Shabbat' -> 'מוצאי שבת', 'After Passover' -> 'מוצאי פסח';
 * - names joined with ' and ' (a rest block's 'Shabbat and Passover') -> 'שבת ופסח'.
 */
export function hebrewObservanceName(name: string, date?: string): string | null {
  if (date !== undefined) {
    for (const israel of [false, true]) {
      const holiday = holidaysOn(date, { israel }).find((h) => h.title === name);
      if (holiday) return holiday.titleHebrew;
    }
  }
  const period = PERIODS_HEBREW[name];
  if (period !== undefined) return period;
  const id = holidayIdOfName(name);
  if (id) return holidayName(id, 'he');
  const [, base = '', day, observed] = TITLE.exec(name) ?? [];
  const titled = day || observed ? holidayIdOfName(base) : null;
  if (titled) {
    const moved = observed ? (ONE_WAY_MOVES[titled] ?? 'unknown') : null;
    return day
      ? holidayDayTitle(titled, 'he', Number(day), 8, moved)
      : holidayDayTitle(titled, 'he', 1, 1, moved);
  }
  const prefixed = (prefix: string, hebrew: string): string | null => {
    if (!name.startsWith(prefix)) return null;
    const rest = hebrewObservanceName(name.slice(prefix.length));
    return rest === null ? null : `${hebrew} ${rest}`;
  };
  if (name.startsWith('Rosh Chodesh ')) {
    const month = name.slice('Rosh Chodesh '.length);
    return isHebrewMonth(month) ? `ראש חודש ${hebrewMonthName(month, 'he')}` : null;
  }
  const around =
    prefixed('Chol HaMoed ', 'חול המועד') ??
    prefixed('Erev ', 'ערב') ??
    prefixed('Motzei ', 'מוצאי') ??
    prefixed('After ', 'מוצאי');
  if (around !== null) return around;
  if (name.includes(' and ')) {
    const parts = name.split(' and ').map((part) => hebrewObservanceName(part, date));
    if (parts.some((part) => part === null)) return null;
    return joined(parts as string[], 'he');
  }
  return null;
}

/**
 * A name the calendar or the observance rules give in English ('Passover', 'Shabbat and Passover',
 * 'the Omer'...), in a language; `date`, the civil date it names a day of, makes a moved holiday's
 * title exact. A name they do not give (a reason stored by an earlier version) is shown as it was
 * stored.
 */
export function observanceName(name: string, language: Language, date?: string): string {
  if (language === 'en') return name;
  return hebrewObservanceName(name, date) ?? name;
}

/** The eve of Shabbat or of a festival: 'Erev Yom Kippur' / 'ערב יום כיפור'. */
export function eveName(name: string, language: Language): string {
  return language === 'he' ? `ערב ${observanceName(name, 'he')}` : `Erev ${name}`;
}

/** The night after Shabbat or a festival: 'Motzei Shabbat', 'After Passover' / 'מוצאי שבת', 'מוצאי פסח'. */
export function afterName(name: string, language: Language): string {
  if (language === 'he') return `מוצאי ${observanceName(name, 'he')}`;
  return name === 'Shabbat' ? 'Motzei Shabbat' : `After ${name}`;
}
