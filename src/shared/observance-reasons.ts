/**
 * The observance judgements' reasons by code (issue 32, decision 034): each sentence the server writes
 * in English for a tier ('Shabbat begins at 16:12 in Brooklyn on Friday 18 December; ...') has a
 * stable code and the values it is made of, so that a client says it in its reader's language and a
 * stored request keeps what its vendor needs to read it in theirs.
 *
 * Values are data, not words: an observance by the English name the calendar and the observance rules
 * give it ('Shabbat', 'Passover', 'Hanukkah (day 3)', 'Rosh Chodesh Tevet') with the civil date it
 * names (observance-names.ts says it in each language), a place's name as it was given, instants as
 * ISO strings with the IANA zone whose clock tells them, a civil date as 'YYYY-MM-DD'. Pure data and
 * functions, for the server and the client alike.
 */
import type { Language } from './i18n';

/** What a parameter holds. */
type Kind = 'name' | 'date' | 'place' | 'zone' | 'instant' | 'count' | 'hours' | 'custom';

interface KindValue {
  /** An observance's English name or title, as the calendar gives it: 'Shabbat', 'Hanukkah (day 3)'. */
  name: string;
  /** A civil date 'YYYY-MM-DD': the day `name` is of, or the day the sentence names. */
  date: string;
  /** A place's name, as the place search or the listing gave it. */
  place: string;
  /** The IANA zone the instants are told in: the place's. */
  zone: string;
  /** An ISO 8601 instant. */
  instant: string;
  count: number;
  /** The hours an event without an end was taken to last, or null when its end was given. */
  hours: number | null;
  custom: 'ashkenazi' | 'sephardi';
}

const NAMED = { name: 'name', date: 'date' } as const;
const CLOCKED = { ...NAMED, place: 'place', zone: 'zone' } as const;

/**
 * Every code and its parameters, by kind. The English sentences (the server's, tiers.ts):
 * - restBegins: '{name} begins at {time} in {place} on {day}; this event runs until {time}[ (4 hours
 *   from its start; add an end time to be exact)].' (forbidden: the event reaches past candle-lighting);
 * - restEnds: '{name} ends at {time} in {place} on {day}; this event starts at {time}.';
 * - restWithin: 'This event falls within {name} in {place}, from {time} on {day} to {time} on {day}.';
 * - restDay: '{date} is {name} in {place}, from ... to .... An event that starts after {time} is after it.'
 *   (a day without a time);
 * - restDayNoPlace: 'This date is {name}. Choose the event's place ...';
 * - restEveNoPlace: '{name} begins this evening, at an hour that depends on the place. ...';
 * - cholHamoed, fast, omer, roshChodeshIyarOmer, threeWeeks, nineDaysInThreeWeeks, nineDaysSephardi:
 *   days avoided by custom;
 * - shushanPurimTomorrow, lagBaOmer, shushanPurim, shushanPurimJerusalem, day (a day's name alone:
 *   'Hanukkah (day 3)', "Tu B'Av", 'Rosh Chodesh Tevet'): days worth knowing;
 * - afterRest: '{Motzei Shabbat | After name}: {name} ends at {time} in {place}.';
 * - beforeRest: '{name} begins at {time} in {place}; this event ends at {time}.'
 */
export const OBSERVANCE_REASON_PARAMS = {
  restBegins: { ...CLOCKED, startsAt: 'instant', eventEndsAt: 'instant', assumedHours: 'hours' },
  restEnds: { ...CLOCKED, endsAt: 'instant', eventStartsAt: 'instant' },
  restWithin: { ...CLOCKED, startsAt: 'instant', endsAt: 'instant' },
  restDay: { ...CLOCKED, startsAt: 'instant', endsAt: 'instant' },
  restDayNoPlace: NAMED,
  restEveNoPlace: NAMED,
  cholHamoed: NAMED,
  fast: NAMED,
  omer: { day: 'count', custom: 'custom' },
  roshChodeshIyarOmer: {},
  threeWeeks: {},
  nineDaysInThreeWeeks: {},
  nineDaysSephardi: {},
  shushanPurimTomorrow: {},
  lagBaOmer: {},
  shushanPurim: {},
  shushanPurimJerusalem: {},
  day: NAMED,
  afterRest: { ...CLOCKED, endsAt: 'instant' },
  beforeRest: { ...CLOCKED, startsAt: 'instant', eventEndsAt: 'instant' },
} as const satisfies Record<string, Record<string, Kind>>;

export type ObservanceReasonCode = keyof typeof OBSERVANCE_REASON_PARAMS;
export const OBSERVANCE_REASON_CODES = Object.keys(OBSERVANCE_REASON_PARAMS) as ObservanceReasonCode[];

type ParamKinds<C extends ObservanceReasonCode> = (typeof OBSERVANCE_REASON_PARAMS)[C];
export type ObservanceReasonParams<C extends ObservanceReasonCode> = {
  -readonly [P in keyof ParamKinds<C>]: KindValue[ParamKinds<C>[P] & Kind];
};

/** A reason's code and the values its sentence is made of. */
export type ObservanceReason = {
  [C in ObservanceReasonCode]: { code: C; params: ObservanceReasonParams<C> };
}[ObservanceReasonCode];

/** A reason as the wire and a stored row carry it: read it with readObservanceReason. */
export interface ObservanceAbout {
  code: string;
  params: Record<string, string | number | null>;
}

export function observanceReason<C extends ObservanceReasonCode>(
  code: C,
  params: ObservanceReasonParams<C>,
): ObservanceReason {
  return { code, params } as ObservanceReason;
}

const CIVIL_DATE = /^\d{4}-\d{2}-\d{2}$/;

function fits(kind: Kind, value: unknown): boolean {
  switch (kind) {
    case 'name':
    case 'place':
    case 'zone':
      return typeof value === 'string' && value !== '';
    case 'date':
      return typeof value === 'string' && CIVIL_DATE.test(value);
    case 'instant':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value));
    case 'count':
      return typeof value === 'number' && Number.isInteger(value);
    case 'hours':
      return value === null || (typeof value === 'number' && value > 0);
    case 'custom':
      return value === 'ashkenazi' || value === 'sephardi';
  }
}

/**
 * A reason as the code knows it, or null: an unknown code (a row written by a later version) or a
 * parameter missing or of the wrong kind. The caller then shows the stored sentence.
 */
export function readObservanceReason(about: ObservanceAbout | null | undefined): ObservanceReason | null {
  if (!about || typeof about !== 'object' || !Object.hasOwn(OBSERVANCE_REASON_PARAMS, about.code))
    return null;
  const kinds: Record<string, Kind> = OBSERVANCE_REASON_PARAMS[about.code as ObservanceReasonCode];
  const params = about.params ?? {};
  for (const [name, kind] of Object.entries(kinds)) {
    if (!fits(kind, params[name])) return null;
  }
  return about as ObservanceReason;
}

// ---------------------------------------------------------------------------------------------
// The reasons' times and days, in each language
// ---------------------------------------------------------------------------------------------

/**
 * English keeps the server's own forms ('16:12', 'Friday 18 December'): the REST answers' sentences
 * are the spec's, and a client saying the reason in English says the very same words.
 */
const TIME_LOCALE: Record<Language, string> = { en: 'en-GB', he: 'he-IL' };

const formats = new Map<string, Intl.DateTimeFormat>();

function format(language: Language, zone: string, kind: 'time' | 'day'): Intl.DateTimeFormat {
  const key = `${language} ${kind} ${zone}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(
      TIME_LOCALE[language],
      kind === 'time'
        ? { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
        : { timeZone: zone, weekday: 'long', day: 'numeric', month: 'long' },
    );
    formats.set(key, found);
  }
  return found;
}

/** An instant on the clock of a zone: '16:12' in both languages. */
export function reasonTime(at: number | Date | string, zone: string, language: Language): string {
  return format(language, zone, 'time').format(new Date(at));
}

/** An instant's day in a zone: 'Friday 18 December' / 'יום שישי, 18 בדצמבר'. */
export function reasonDay(at: number | Date | string, zone: string, language: Language): string {
  const day = format(language, zone, 'day').format(new Date(at));
  return language === 'en' ? day.replace(',', '') : day;
}

/** A civil date ('2026-12-19') as reasonDay writes a day, the same in every zone. */
export function reasonCivilDay(date: string, language: Language): string {
  return reasonDay(`${date}T12:00:00.000Z`, 'UTC', language);
}
