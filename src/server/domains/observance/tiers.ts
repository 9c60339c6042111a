import { minutesOfTime } from '../../../shared/dates';
import type { Language } from '../../../shared/i18n';
import { addDays, dayOfWeek, type Holiday, holidaysOn, toHebrewDate } from '../../../shared/jewish-calendar';
import {
  type ObservanceReason,
  observanceReason,
  reasonDay,
  reasonTime,
} from '../../../shared/observance-reasons';
import {
  type Custom,
  candleMinutesAt,
  type HavdalahSetting,
  isJerusalem,
  keepsIsraeliCalendar,
  type ObservanceSettings,
} from '../../../shared/schemas/observance';
import {
  type ClockPlace,
  candleLighting,
  dawn,
  type HavdalahRule,
  havdalah,
  localInstant,
  localParts,
  sunDay,
  zoneClock,
} from './clock';

/**
 * Conflicts in three tiers, judged on an event's interval in its own place and zone (issue 28,
 * decision 034):
 * 1. forbidden: any part of the interval between candle-lighting before Shabbat or Yom Tov and
 *    havdalah after it;
 * 2. custom: days some communities keep free of weddings (Chol HaMoed, the Omer, the Three Weeks or
 *    the Nine Days, public fasts), by the family's custom;
 * 3. info: days worth knowing (Rosh Chodesh, Hanukkah, Purim, Tu B'Av, Israel's national days...).
 * Beside the tiers stay the spec's `hasConflict` and `conflictReason` (spec section 5's set of days).
 */

export type ConflictLevel = 'forbidden' | 'custom' | 'info';

/** A place as the judgement names it. `id` is the GeoNames id, null for a listing's own position. */
export interface JudgedPlace extends ClockPlace {
  id: number | null;
  region: string | null;
  country: string;
}

export interface Slot {
  /** Civil date at the place. */
  date: string;
  /** 'HH:MM' local start, or null for a day without a time. */
  time: string | null;
  /** Length; null: DEFAULT_EVENT_MINUTES (the judgement says it assumed so). */
  durationMinutes: number | null;
}

export interface Conflict {
  level: ConflictLevel | null;
  reason: string | null;
  /** The reason's code and values (observance-reasons.ts), for a client to say it in its language. */
  about: ObservanceReason | null;
  /** The span the reason is about (Shabbat from candle-lighting to havdalah, the Omer's days...). */
  startsAt: Date | null;
  endsAt: Date | null;
  place: JudgedPlace | null;
}

export interface Judgement {
  hasConflict: boolean;
  conflictReason: string | null;
  conflict: Conflict;
}

/** An event with a start time and no end is taken to last this long: a wedding or a party. */
export const DEFAULT_EVENT_MINUTES = 240;

const MINUTE = 60_000;

export interface Observance {
  israel: boolean;
  candleMinutes: number;
  havdalah: HavdalahRule;
  custom: Custom;
}

export function havdalahRule(setting: HavdalahSetting): HavdalahRule {
  const [kind, value] = setting.split('-') as ['degrees' | 'minutes', string];
  return kind === 'degrees' ? { degrees: Number(value) } : { minutes: Number(value) };
}

/**
 * The settings in force for an event at `eventPlace` of a family whose home is `homePlace`: Israel's
 * calendar by the setting or the home place (else the event's place); candle-lighting minutes by the
 * setting or the event's place (Jerusalem's 40 there).
 */
export function observanceFor(
  settings: ObservanceSettings,
  homePlace: { name: string; country: string } | null,
  eventPlace: { name: string; country: string } | null,
): Observance {
  return {
    israel: keepsIsraeliCalendar(settings, homePlace ?? eventPlace),
    candleMinutes: candleMinutesAt(settings, eventPlace ?? homePlace),
    havdalah: havdalahRule(settings.havdalah),
    custom: settings.weddingCustom,
  };
}

// ---------------------------------------------------------------------------------------------
// Rest blocks: Shabbat and Yom Tov runs, candle-lighting to havdalah
// ---------------------------------------------------------------------------------------------

export interface RestBlock {
  /** Civil dates of the first and last rest day. */
  first: string;
  last: string;
  startsAt: number;
  endsAt: number;
  /** Which clock figures are fallbacks (high latitudes). */
  approximate: boolean;
}

/** The Yom Tov of a date (a major festival day), or null. */
function yomTov(date: string, israel: boolean): Holiday | null {
  return holidaysOn(date, { israel }).find((h) => h.type === 'major') ?? null;
}

export function isRestDay(date: string, israel: boolean): boolean {
  return dayOfWeek(date) === 6 || yomTov(date, israel) !== null;
}

/** 'Shabbat' or the festival's name ('Passover'); in Hebrew 'שבת' or 'פסח'. */
export function restDayName(date: string, israel: boolean, language: Language = 'en'): string {
  const festival = yomTov(date, israel);
  if (language === 'he') return festival ? festival.nameHebrew : 'שבת';
  if (!festival) return 'Shabbat';
  return festival.name;
}

/**
 * The rest blocks touching the civil dates from `from` to `to`: runs of consecutive rest days, each
 * from candle-lighting on the eve of its first day to havdalah on its last (Yom Tov after Shabbat,
 * or the Diaspora's two days, are one block).
 */
export function restBlocks(place: ClockPlace, from: string, to: string, observance: Observance): RestBlock[] {
  const blocks: RestBlock[] = [];
  // Start the day before: a block running into `from` starts earlier; end the day after: a block
  // starting on `to`'s evening has `to` as its eve.
  let day = addDays(from, -1);
  const stop = addDays(to, 1);
  while (day <= stop) {
    if (!isRestDay(day, observance.israel)) {
      day = addDays(day, 1);
      continue;
    }
    let first = day;
    while (isRestDay(addDays(first, -1), observance.israel)) first = addDays(first, -1);
    let last = day;
    while (isRestDay(addDays(last, 1), observance.israel)) last = addDays(last, 1);
    const candles = candleLighting(place, addDays(first, -1), observance.candleMinutes);
    const ends = havdalah(place, last, observance.havdalah);
    blocks.push({
      first,
      last,
      startsAt: candles.at,
      endsAt: ends.at,
      approximate: candles.approximate || ends.approximate,
    });
    day = addDays(last, 1);
  }
  return blocks;
}

// ---------------------------------------------------------------------------------------------
// Days by custom and days worth knowing
// ---------------------------------------------------------------------------------------------

/** A day's mark below the forbidden tier. `legacy` is the spec's reason when the spec warns of it. */
export interface DayMark {
  level: 'custom' | 'info';
  reason: string;
  about: ObservanceReason;
  legacy: string | null;
  /** The period's first and last civil dates (the Omer's avoided days, one day for Rosh Chodesh). */
  first: string;
  last: string;
}

/** The spec's warned days that are neither Yom Tov nor a fast (spec section 5): tier 3 with hasConflict. */
const SPEC_WARNED_CELEBRATIONS = new Set([
  'hanukkah',
  'tu-bishvat',
  'purim',
  'yom-hashoah',
  'yom-hazikaron',
  'yom-haatzmaut',
  'lag-baomer',
  'yom-yerushalayim',
  'sigd',
]);

/** Day of the Omer (1-49) of a civil date, or null: 16 Nisan is the first. */
export function omerDay(date: string): number | null {
  const h = toHebrewDate(date);
  if (h.month === 'Nisan' && h.day >= 16) return h.day - 15;
  if (h.month === 'Iyar') return 15 + h.day;
  if (h.month === 'Sivan' && h.day <= 5) return 44 + h.day;
  return null;
}

/** The last Omer day avoided: Ashkenazim until Lag BaOmer (the 33rd), Sephardim until the 34th's morning. */
const OMER_LAST_AVOIDED: Record<Exclude<Custom, 'none'>, number> = { ashkenazi: 32, sephardi: 33 };

function omerDate(date: string, day: number): string {
  const today = omerDay(date) ?? 0;
  return addDays(date, day - today);
}

/** Marks of one civil date at a place, most weighty first. */
export function dayMarks(
  date: string,
  place: { name: string; country: string } | null,
  observance: Observance,
): DayMark[] {
  const marks: DayMark[] = [];
  const holidays = holidaysOn(date, { israel: observance.israel });
  const hebrew = toHebrewDate(date);
  const custom = observance.custom;
  const one = (level: DayMark['level'], reason: string, about: ObservanceReason, legacy: string | null) =>
    marks.push({ level, reason, about, legacy, first: date, last: date });
  const named = (name: string) => ({ name, date });

  for (const h of holidays) {
    if (h.cholHamoed) {
      one(
        'custom',
        `Chol HaMoed ${h.name}: most communities do not hold weddings on the intermediate days`,
        observanceReason('cholHamoed', named(h.name)),
        h.name,
      );
    } else if (h.type === 'fast') {
      one('custom', `${h.name}, a public fast day`, observanceReason('fast', named(h.name)), h.name);
    }
  }

  const omer = omerDay(date);
  if (omer !== null && custom !== 'none' && !holidays.some((h) => h.type === 'major')) {
    const lastAvoided = OMER_LAST_AVOIDED[custom];
    const roshChodeshIyar =
      hebrew.month === 'Iyar' ? hebrew.day === 1 : hebrew.month === 'Nisan' && hebrew.day === 30;
    if (omer <= lastAvoided && !(custom === 'ashkenazi' && roshChodeshIyar)) {
      const until = custom === 'ashkenazi' ? 'until Lag BaOmer' : 'until the morning of its 34th day';
      marks.push({
        level: 'custom',
        reason: `The Omer (day ${omer}): ${custom === 'ashkenazi' ? 'Ashkenazi' : 'Sephardi'} custom avoids weddings ${until}`,
        about: observanceReason('omer', { day: omer, custom }),
        legacy: 'the Omer',
        first: omerDate(date, 1),
        last: omerDate(date, lastAvoided),
      });
    } else if (omer <= lastAvoided) {
      one(
        'info',
        'Rosh Chodesh Iyar: many Ashkenazi communities allow weddings on it during the Omer',
        observanceReason('roshChodeshIyarOmer', {}),
        null,
      );
    }
  }

  if (custom !== 'none') {
    const threeWeeks =
      (hebrew.month === 'Tammuz' && hebrew.day >= 17) || (hebrew.month === 'Av' && hebrew.day <= 9);
    const nineDays = hebrew.month === 'Av' && hebrew.day <= 9;
    const tammuz17 = addDays(date, hebrew.month === 'Tammuz' ? 17 - hebrew.day : 17 - 29 - hebrew.day);
    const av9 = addDays(date, hebrew.month === 'Av' ? 9 - hebrew.day : 29 - hebrew.day + 9);
    if (custom === 'ashkenazi' && threeWeeks) {
      marks.push({
        level: 'custom',
        reason: nineDays
          ? 'The Nine Days, in the Three Weeks: Ashkenazi custom avoids weddings from 17 Tammuz to 9 Av'
          : 'The Three Weeks: Ashkenazi custom avoids weddings from 17 Tammuz to 9 Av',
        about: observanceReason(nineDays ? 'nineDaysInThreeWeeks' : 'threeWeeks', {}),
        legacy: nineDays ? 'the Nine Days' : 'the Three Weeks',
        first: tammuz17,
        last: av9,
      });
    } else if (custom === 'sephardi' && nineDays) {
      marks.push({
        level: 'custom',
        reason: 'The Nine Days: Sephardi custom avoids weddings from Rosh Chodesh Av to 9 Av',
        about: observanceReason('nineDaysSephardi', {}),
        legacy: 'the Nine Days',
        first: addDays(av9, -8),
        last: av9,
      });
    }
  }

  // Worth knowing.
  const jerusalem = isJerusalem(place);
  for (const h of holidays) {
    if (h.type === 'major' || h.type === 'fast' || h.cholHamoed) continue;
    if (h.id === 'lag-baomer' && custom === 'sephardi') continue; // within the Sephardi Omer above
    if (h.id === 'purim' && jerusalem) {
      one(
        'info',
        'Purim: Jerusalem celebrates Shushan Purim tomorrow',
        observanceReason('shushanPurimTomorrow', {}),
        null,
      );
      continue;
    }
    const warned = SPEC_WARNED_CELEBRATIONS.has(h.id);
    if (h.id === 'lag-baomer') {
      one(
        'info',
        'Lag BaOmer: weddings are held again',
        observanceReason('lagBaOmer', {}),
        warned ? h.name : null,
      );
    } else {
      one('info', h.title, observanceReason('day', named(h.title)), warned ? h.name : null);
    }
  }
  const adar = hebrew.month === 'Adar' || hebrew.month === 'Adar II';
  if (adar && hebrew.day === 15) {
    if (jerusalem) {
      one(
        'info',
        'Shushan Purim: Purim in Jerusalem',
        observanceReason('shushanPurimJerusalem', {}),
        'Purim',
      );
    } else {
      one('info', 'Shushan Purim (Purim in Jerusalem)', observanceReason('shushanPurim', {}), null);
    }
  }
  if (hebrew.month === 'Av' && hebrew.day === 15) {
    one('info', "Tu B'Av", observanceReason('day', named("Tu B'Av")), null);
  }
  if (hebrew.day === 30 || (hebrew.day === 1 && hebrew.month !== 'Tishrei')) {
    const month = hebrew.day === 30 ? toHebrewDate(addDays(date, 1)).month : hebrew.month;
    if (!marks.some((m) => m.reason.startsWith('Rosh Chodesh'))) {
      const name = `Rosh Chodesh ${month}`;
      one('info', name, observanceReason('day', named(name)), null);
    }
  }
  return marks.sort((a, b) => (a.level === b.level ? 0 : a.level === 'custom' ? -1 : 1));
}

// ---------------------------------------------------------------------------------------------
// Judging a slot
// ---------------------------------------------------------------------------------------------

/** '16:12' in the zone: the reasons' English clock (observance-reasons.ts). */
export function clockTime(at: number, zone: string): string {
  return reasonTime(at, zone, 'en');
}

/** 'Friday 18 December' in the zone. */
export function clockDay(at: number, zone: string): string {
  return reasonDay(at, zone, 'en');
}

/** The instants an event occupies: [start, end). */
export function slotInterval(
  slot: Slot,
  zone: string,
  instant: (date: string, minutes: number) => number = (date, minutes) => localInstant(zone, date, minutes),
): { start: number; end: number; assumed: boolean } | null {
  if (slot.time === null) return null;
  const start = instant(slot.date, minutesOfTime(slot.time));
  const minutes = slot.durationMinutes ?? DEFAULT_EVENT_MINUTES;
  return { start, end: start + minutes * MINUTE, assumed: slot.durationMinutes === null };
}

function conflictOf(
  level: ConflictLevel | null,
  reason: string | null,
  about: ObservanceReason | null,
  startsAt: number | null,
  endsAt: number | null,
  place: JudgedPlace | null,
): Conflict {
  return {
    level,
    reason,
    about,
    startsAt: startsAt === null ? null : new Date(startsAt),
    endsAt: endsAt === null ? null : new Date(endsAt),
    place,
  };
}

/**
 * Without any place, the earliest an eve's candle-lighting can be where families live: about 14:45 in
 * Helsinki or Reykjavik in December (sunset 15:10, less 18 minutes). Kept a little earlier.
 */
const EARLIEST_CANDLES_MINUTES = 14 * 60;

/** How long before candle-lighting or after havdalah an event is worth a word. */
const NEAR_REST_MINUTES = 6 * 60;

/**
 * The judgement of one slot at a place. Without a place, only the civil date can be judged: a rest
 * day is forbidden all the same, and the reason asks for a place.
 */
export function judgeSlot(slot: Slot, place: JudgedPlace | null, observance: Observance): Judgement {
  return judgeWith(slot, place, observance, directFigures(place, observance));
}

/**
 * What a judgement reads from the clock and the calendar, beside the slot: the rest blocks of a span
 * of dates, dawn on a date and a date's marks. One slot computes them as it goes; a range of dates
 * (judgeRange) computes the blocks once and keeps each date's figures.
 */
interface DayFigures {
  /** localInstant and localParts' date in the place's zone (unused without a place). */
  instant(date: string, minutes: number): number;
  dateOf(at: number): string;
  blocks(from: string, to: string): RestBlock[];
  dawn(date: string): number;
  /** Havdalah's moment on a date at the place. */
  havdalah(date: string): number;
  marks(date: string): DayMark[];
}

function directFigures(place: JudgedPlace | null, observance: Observance): DayFigures {
  const zone = place?.timeZone ?? 'UTC';
  return {
    instant: (date, minutes) => localInstant(zone, date, minutes),
    dateOf: (at) => localParts(zone, at).date,
    blocks: (from, to) => (place ? restBlocks(place, from, to, observance) : []),
    dawn: (date) => (place ? dawn(place, date) : 0),
    havdalah: (date) => (place ? havdalah(place, date, observance.havdalah).at : 0),
    marks: (date) => dayMarks(date, place, observance),
  };
}

/** A slot's start, length and judgement, one of the days of judgeRange. */
export interface RangeDay {
  date: string;
  judgement: Judgement;
}

/**
 * The judgement of the same start time and length on every civil date from `from` to `to` at a
 * place: what judgeSlot answers for each date, with the rest blocks of the whole range computed once
 * (each block by the clock, candle-lighting and havdalah, is the costly part) and each date's dawn and
 * marks once. The blocks a date's judgement sees are those restBlocks would find for its own dates.
 */
export function judgeRange(
  from: string,
  to: string,
  time: string | null,
  durationMinutes: number | null,
  place: JudgedPlace,
  observance: Observance,
): RangeDay[] {
  const length = durationMinutes ?? DEFAULT_EVENT_MINUTES;
  // The earliest date a day's judgement asks about (the near-rest check starts a day before the
  // date, restBlocks a day before that) and the latest (the last date the slot touches, and after).
  const spanDays = Math.ceil(length / (24 * 60)) + 3;
  const all = restBlocks(place, addDays(from, -2), addDays(to, spanDays), observance);
  const zone = zoneClock(
    place.timeZone,
    localInstant(place.timeZone, addDays(from, -2), 0),
    localInstant(place.timeZone, addDays(to, spanDays), 0),
  );
  const dawns = new Map<string, number>();
  const nightfalls = new Map<string, number>();
  const marks = new Map<string, DayMark[]>();
  const figures: DayFigures = {
    instant: zone.instant,
    dateOf: zone.dateOf,
    // restBlocks(from, to) finds the runs with a rest day from the day before `from` to the day after `to`.
    blocks: (first, last) => {
      const low = addDays(first, -1);
      const high = addDays(last, 1);
      return all.filter((b) => b.last >= low && b.first <= high);
    },
    dawn: (date) => {
      let at = dawns.get(date);
      if (at === undefined) {
        at = dawn(place, date);
        dawns.set(date, at);
      }
      return at;
    },
    havdalah: (date) => {
      let at = nightfalls.get(date);
      if (at === undefined) {
        at = havdalah(place, date, observance.havdalah).at;
        nightfalls.set(date, at);
      }
      return at;
    },
    marks: (date) => {
      let found = marks.get(date);
      if (!found) {
        found = dayMarks(date, place, observance);
        marks.set(date, found);
      }
      return found;
    },
  };
  const days: RangeDay[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    days.push({ date, judgement: judgeWith({ date, time, durationMinutes }, place, observance, figures) });
  }
  return days;
}

function judgeWith(
  slot: Slot,
  place: JudgedPlace | null,
  observance: Observance,
  figures: DayFigures,
): Judgement {
  const zone = place?.timeZone ?? null;
  const interval = zone ? slotInterval(slot, zone, figures.instant) : null;
  const lastDate = interval && zone ? figures.dateOf(interval.end - 1) : slot.date;

  // 1. Forbidden.
  if (place && zone) {
    const blocks = figures.blocks(slot.date, lastDate);
    const where = place.name;
    const iso = (at: number) => new Date(at).toISOString();
    const clocked = (name: string, date: string) => ({ name, date, place: where, zone });
    if (interval) {
      for (const block of blocks) {
        if (!(interval.start < block.endsAt && interval.end > block.startsAt)) continue;
        const runsUntil = `this event runs until ${clockTime(interval.end, zone)}${interval.assumed ? ` (${DEFAULT_EVENT_MINUTES / 60} hours from its start; add an end time to be exact)` : ''}`;
        let reason: string;
        let about: ObservanceReason;
        let legacy: string;
        if (interval.start < block.startsAt) {
          legacy = restDayName(block.first, observance.israel);
          reason = `${legacy} begins at ${clockTime(block.startsAt, zone)} in ${where} on ${clockDay(block.startsAt, zone)}; ${runsUntil}.`;
          about = observanceReason('restBegins', {
            ...clocked(legacy, block.first),
            startsAt: iso(block.startsAt),
            eventEndsAt: iso(interval.end),
            assumedHours: interval.assumed ? DEFAULT_EVENT_MINUTES / 60 : null,
          });
        } else if (interval.end > block.endsAt) {
          legacy = restDayName(block.last, observance.israel);
          reason = `${legacy} ends at ${clockTime(block.endsAt, zone)} in ${where} on ${clockDay(block.endsAt, zone)}; this event starts at ${clockTime(interval.start, zone)}.`;
          about = observanceReason('restEnds', {
            ...clocked(legacy, block.last),
            endsAt: iso(block.endsAt),
            eventStartsAt: iso(interval.start),
          });
        } else {
          // The rest day in force at the start: after nightfall the next day has begun (a Saturday
          // night before Shavuot is Shavuot, no longer Shabbat).
          let startDay = figures.dateOf(interval.start);
          const nextDay = addDays(startDay, 1);
          if (
            nextDay <= block.last &&
            isRestDay(startDay, observance.israel) &&
            interval.start >= figures.havdalah(startDay)
          ) {
            startDay = nextDay;
          }
          const named = isRestDay(startDay, observance.israel) ? startDay : block.first;
          legacy = restDayName(named, observance.israel);
          reason = `This event falls within ${legacy} in ${where}, from ${clockTime(block.startsAt, zone)} on ${clockDay(block.startsAt, zone)} to ${clockTime(block.endsAt, zone)} on ${clockDay(block.endsAt, zone)}.`;
          about = observanceReason('restWithin', {
            ...clocked(legacy, named),
            startsAt: iso(block.startsAt),
            endsAt: iso(block.endsAt),
          });
        }
        return {
          hasConflict: true,
          conflictReason: legacy,
          conflict: conflictOf('forbidden', reason, about, block.startsAt, block.endsAt, place),
        };
      }
    } else {
      const block = blocks.find((b) => b.first <= slot.date && slot.date <= b.last);
      if (block) {
        const name = restDayName(slot.date, observance.israel);
        const reason = `${clockDay(localInstant(zone, slot.date, 12 * 60), zone)} is ${name} in ${where}, from ${clockTime(block.startsAt, zone)} on ${clockDay(block.startsAt, zone)} to ${clockTime(block.endsAt, zone)} on ${clockDay(block.endsAt, zone)}. An event that starts after ${clockTime(block.endsAt, zone)} is after it.`;
        const about = observanceReason('restDay', {
          ...clocked(name, slot.date),
          startsAt: iso(block.startsAt),
          endsAt: iso(block.endsAt),
        });
        return {
          hasConflict: true,
          conflictReason: name,
          conflict: conflictOf('forbidden', reason, about, block.startsAt, block.endsAt, place),
        };
      }
    }
  } else if (isRestDay(slot.date, observance.israel)) {
    const name = restDayName(slot.date, observance.israel);
    const reason = `This date is ${name}. Choose the event's place to see when it begins and ends there.`;
    const about = observanceReason('restDayNoPlace', { name, date: slot.date });
    return {
      hasConflict: true,
      conflictReason: name,
      conflict: conflictOf('forbidden', reason, about, null, null, null),
    };
  } else if (slot.time !== null && isRestDay(addDays(slot.date, 1), observance.israel)) {
    // No clock at all: an eve's afternoon may already be Shabbat (candles are lit from about 14:45
    // in the northernmost cities in December), so an event reaching past EARLIEST_CANDLES may be in it.
    const end = minutesOfTime(slot.time) + (slot.durationMinutes ?? DEFAULT_EVENT_MINUTES);
    if (end > EARLIEST_CANDLES_MINUTES) {
      const restDate = addDays(slot.date, 1);
      const name = restDayName(restDate, observance.israel);
      const reason = `${name} begins this evening, at an hour that depends on the place. Choose the event's place to see when it begins there.`;
      const about = observanceReason('restEveNoPlace', { name, date: restDate });
      return {
        hasConflict: true,
        conflictReason: name,
        conflict: conflictOf('forbidden', reason, about, null, null, null),
      };
    }
  }

  // 2 and 3: by the civil dates the event touches, a later date only once its dawn has come (a
  // fast begins at dawn: a Saturday-night wedding running past midnight into a fast day is not on it).
  // Tisha B'Av alone begins at sunset the evening before: an event on its eve that runs past sunset
  // is on the fast.
  const tishaBavFromEve = (day: string) =>
    interval !== null &&
    place !== null &&
    holidaysOn(day, { israel: observance.israel }).some((h) => h.id === 'tisha-bav') &&
    interval.end > (sunDay(place, addDays(day, -1)).sunset ?? Number.POSITIVE_INFINITY);
  const marks: DayMark[] = [];
  for (let day = slot.date; day <= lastDate; day = addDays(day, 1)) {
    if (
      day !== slot.date &&
      interval &&
      place &&
      interval.end <= figures.dawn(day) &&
      !tishaBavFromEve(day)
    ) {
      continue;
    }
    marks.push(...figures.marks(day));
  }
  const dayAfter = addDays(lastDate, 1);
  if (tishaBavFromEve(dayAfter)) {
    marks.push(...figures.marks(dayAfter).filter((m) => m.legacy === "Tisha B'Av"));
  }
  const custom = marks.find((m) => m.level === 'custom');
  const span = (m: DayMark): [number | null, number | null] =>
    zone ? [figures.instant(m.first, 0), figures.instant(addDays(m.last, 1), 0)] : [null, null];
  if (custom) {
    const [s, e] = span(custom);
    return {
      hasConflict: true,
      conflictReason: custom.legacy,
      conflict: conflictOf('custom', custom.reason, custom.about, s, e, place),
    };
  }
  const warned = marks.find((m) => m.legacy !== null);
  const info = warned ?? marks[0];

  // Near a rest block: say when it ends or begins.
  if (place && zone && interval) {
    const blocks = figures.blocks(addDays(slot.date, -1), lastDate);
    const after = blocks.find(
      (b) => interval.start >= b.endsAt && interval.start - b.endsAt <= NEAR_REST_MINUTES * MINUTE,
    );
    const before = blocks.find(
      (b) => interval.end <= b.startsAt && b.startsAt - interval.end <= NEAR_REST_MINUTES * MINUTE,
    );
    if (!info && after) {
      const name = restDayName(after.last, observance.israel);
      const label = name === 'Shabbat' ? 'Motzei Shabbat' : `After ${name}`;
      const reason = `${label}: ${name} ends at ${clockTime(after.endsAt, zone)} in ${place.name}.`;
      const about = observanceReason('afterRest', {
        name,
        date: after.last,
        place: place.name,
        zone,
        endsAt: new Date(after.endsAt).toISOString(),
      });
      return {
        hasConflict: false,
        conflictReason: null,
        conflict: conflictOf('info', reason, about, after.startsAt, after.endsAt, place),
      };
    }
    if (!info && before) {
      const name = restDayName(before.first, observance.israel);
      const reason = `${name} begins at ${clockTime(before.startsAt, zone)} in ${place.name}; this event ends at ${clockTime(interval.end, zone)}.`;
      const about = observanceReason('beforeRest', {
        name,
        date: before.first,
        place: place.name,
        zone,
        startsAt: new Date(before.startsAt).toISOString(),
        eventEndsAt: new Date(interval.end).toISOString(),
      });
      return {
        hasConflict: false,
        conflictReason: null,
        conflict: conflictOf('info', reason, about, before.startsAt, before.endsAt, place),
      };
    }
  }
  if (info) {
    const [s, e] = span(info);
    return {
      hasConflict: info.legacy !== null,
      conflictReason: info.legacy,
      conflict: conflictOf('info', info.reason, info.about, s, e, place),
    };
  }
  return {
    hasConflict: false,
    conflictReason: null,
    conflict: conflictOf(null, null, null, null, null, place),
  };
}
