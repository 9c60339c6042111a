import { z } from 'zod';

export const REQUIRED_MESSAGE = 'Please fill in required fields';

/** Half of a UTF-16 surrogate pair: it has no UTF-8 form, so the driver would store U+FFFD instead. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether PostgreSQL can store this text exactly as it is (its text type cannot hold NUL either). */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

export const unstorableMessage = (label: string) => `${label} contains characters that cannot be stored`;
export const tooLongMessage = (label: string, max: number) => `${label} must be at most ${max} characters`;

/** What a person reads when their edit was made from a copy someone else has since changed. */
export const STALE_WRITE_MESSAGE = 'This was changed elsewhere — reload to see the latest version.';

/** The field messages every schema shares; a `label` is the field's name as a person reads it. */
export const COMMON_MESSAGES = {
  required: REQUIRED_MESSAGE,
  badImage: 'Image must be an image uploaded to SimchaHub',
  staleWrite: STALE_WRITE_MESSAGE,
  isRequired: (label: string) => `${label} is required`,
  notText: (label: string) => `${label} must be text`,
  unstorable: unstorableMessage,
  tooLong: tooLongMessage,
  oneOf: (label: string, values: readonly string[]) => `${label} must be one of ${values.join(', ')}`,
  invisible: (label: string) => `${label} contains invisible characters`,
  notCalendarDate: (label: string) => `${label} must be a calendar date (YYYY-MM-DD)`,
  notNumber: (label: string) => `${label} must be a number`,
  trueOrFalse: (label: string) => `${label} must be true or false`,
} as const;

export interface SafeStringOptions {
  /** Longest accepted length (after trimming): every text that reaches the database has one. */
  max: number;
  /** What a missing value says; `<Label> is required` unless given. */
  required?: string;
  /** What a too long value says; `<Label> must be at most <max> characters` unless given. */
  maxMessage?: string;
  /** Trims surrounding white space (the default); passwords and tokens keep theirs. */
  trim?: boolean;
}

/**
 * The base of every text input: a string PostgreSQL can store exactly as sent, with a length bound.
 * A wrong type says `<Label> must be text`; chain `.min()`, `.regex()`, `.pipe()` as needed.
 */
export const safeString = (label: string, options: SafeStringOptions) => {
  const base = z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? (options.required ?? COMMON_MESSAGES.isRequired(label))
          : COMMON_MESSAGES.notText(label),
    })
    .refine(isStorableText, unstorableMessage(label));
  return (options.trim === false ? base : base.trim()).max(
    options.max,
    options.maxMessage ?? tooLongMessage(label, options.max),
  );
};

/** One of `values`; anything else says `<Label> must be one of <the values>`. */
export const oneOf = <const Values extends readonly [string, ...string[]]>(label: string, values: Values) =>
  z.enum(values, { error: COMMON_MESSAGES.oneOf(label, values) });

/** Trimmed text that must not be blank. */
export const requiredText = (max: number, label: string, requiredMessage: string = REQUIRED_MESSAGE) =>
  safeString(label, { max, required: requiredMessage }).min(1, requiredMessage);

/**
 * A name others must be able to tell apart (a business name): invisible format characters (zero-width
 * spaces and joiners, direction marks, soft hyphens) are refused, and compatibility forms are folded
 * (NFKC: full-width letters, ligatures), so "Goldberg\u200b Catering" cannot pass for another listing.
 */
export const distinctName = (max: number, label: string, requiredMessage: string = REQUIRED_MESSAGE) =>
  requiredText(max, label, requiredMessage)
    .refine((v) => !/\p{Cf}/u.test(v), COMMON_MESSAGES.invisible(label))
    .transform((v) => v.normalize('NFKC'));

/** An optional distinctName: blank becomes null, as optionalText. */
export const optionalDistinctName = (max: number, label: string) =>
  safeString(label, { max })
    .refine((v) => !/\p{Cf}/u.test(v), `${label} contains invisible characters`)
    .nullish()
    .transform((v) => (v ? v.normalize('NFKC') : null));

/** Trimmed optional text; blank becomes null so "cleared" and "never set" read the same. */
export const optionalText = (max: number, label: string) =>
  safeString(label, { max })
    .nullish()
    .transform((v) => (v ? v : null));

export const IMAGE_MESSAGE = COMMON_MESSAGES.badImage;

/**
 * An image the app itself serves: an upload or one of its own illustrations. The Content-Security-Policy
 * lets pages load images only from this site, so any other address would show a broken image.
 */
export const imageRefSchema = z
  .string()
  .trim()
  .max(300)
  .refine(
    (v) =>
      v === '' ||
      /^\/uploads\/[\w-]+\.(jpg|png|gif|webp)$/.test(v) ||
      /^\/images\/[\w/-]+\.(svg|png|jpg|webp)$/.test(v),
    IMAGE_MESSAGE,
  )
  .nullish()
  .transform((v) => (v ? v : null));

/** The dates the app accepts anywhere: old enough for any family record, far enough for any plan. */
export const DATE_RANGE = { first: '1900-01-01', last: '2200-12-31' } as const;

export const DATE_MESSAGES = {
  notADate: (label: string) => `${label} must be a date (YYYY-MM-DD) or an ISO 8601 date and time`,
  noSuchDay: (label: string, day: string) => `${label} must be a real calendar date: ${day} does not exist`,
  outOfRange: (label: string) => `${label} must be between ${DATE_RANGE.first} and ${DATE_RANGE.last}`,
} as const;

const HOUR_MS = 60 * 60 * 1000;
/**
 * The first and last instants that fall on a day of DATE_RANGE in some time zone (UTC+14 to UTC-12):
 * a browser sends a local midnight, which can lie on the day before in UTC.
 */
const FIRST_INSTANT = Date.UTC(1900, 0, 1) - 14 * HOUR_MS;
const LAST_INSTANT = Date.UTC(2201, 0, 1) + 12 * HOUR_MS - 1;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

/** What is wrong with a civil day given as numbers, or null when it exists and lies in DATE_RANGE. */
function civilDayProblem(label: string, year: number, month: number, day: number): string | null {
  const text = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const monthDays = month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1];
  if (monthDays === undefined || day < 1 || day > monthDays) return DATE_MESSAGES.noSuchDay(label, text);
  if (text < DATE_RANGE.first || text > DATE_RANGE.last) return DATE_MESSAGES.outOfRange(label);
  return null;
}

const CIVIL_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):?(\d{2}))?$/;

/**
 * A date from the wire as a Date, or the sentence saying what is wrong with it. A date alone is UTC
 * midnight. `new Date()` alone would not do: it rolls 2027-02-30 over to March 2 and reads years
 * far outside what PostgreSQL stores.
 */
export function parseTimestamp(value: Date | string, label: string): Date | string {
  if (value instanceof Date) {
    const time = value.getTime();
    if (Number.isNaN(time)) return DATE_MESSAGES.notADate(label);
    if (time < FIRST_INSTANT || time > LAST_INSTANT) return DATE_MESSAGES.outOfRange(label);
    return value;
  }
  const text = value.trim();
  const day = CIVIL_DAY.exec(text);
  if (day) {
    const [year, month, date] = day.slice(1).map(Number) as [number, number, number];
    return civilDayProblem(label, year, month, date) ?? new Date(Date.UTC(year, month - 1, date));
  }
  const full = ISO_DATE_TIME.exec(text);
  if (!full) return DATE_MESSAGES.notADate(label);
  const [year, month, date, hour, minute, second = 0, offsetHour = 0, offsetMinute = 0] = full
    .slice(1)
    .map((part) => (part === undefined ? undefined : Number(part))) as number[];
  const dayProblem = civilDayProblem(label, year as number, month as number, date as number);
  if (dayProblem) return dayProblem;
  if (
    (hour as number) > 23 ||
    (minute as number) > 59 ||
    second > 59 ||
    offsetHour > 23 ||
    offsetMinute > 59
  ) {
    return DATE_MESSAGES.notADate(label);
  }
  const parsed = new Date(text);
  return Number.isNaN(parsed.getTime()) ? DATE_MESSAGES.notADate(label) : parsed;
}

const dateOrText = (label: string, requiredMessage?: string) =>
  z.union([z.date(), z.string()], {
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? (requiredMessage ?? COMMON_MESSAGES.isRequired(label))
        : DATE_MESSAGES.notADate(label),
  });

const WIRE_DATE_DESCRIPTION = `A date (YYYY-MM-DD, UTC midnight) or an ISO 8601 date and time, ${DATE_RANGE.first} to ${DATE_RANGE.last}`;

/**
 * A point in time: a Date on tRPC (superjson), an ISO string on REST. Refuses days that do not exist
 * (2027-02-30) and dates outside DATE_RANGE, each with its own message.
 */
export const timestampSchema = (label: string, requiredMessage?: string) =>
  dateOrText(label, requiredMessage)
    .transform((value, ctx) => {
      const parsed =
        value === '' ? (requiredMessage ?? COMMON_MESSAGES.isRequired(label)) : parseTimestamp(value, label);
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    })
    .meta({ description: WIRE_DATE_DESCRIPTION });

/** A point in time that may be cleared: '' and null give null. Add `.optional()` where it may be left out. */
export const clearableTimestampSchema = (label: string) =>
  dateOrText(label)
    .nullable()
    .transform((value, ctx) => {
      if (value === null || value === '') return null;
      const parsed = parseTimestamp(value, label);
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    })
    .meta({ description: `${WIRE_DATE_DESCRIPTION}; '' or null clears it` });

/** A civil day as the text 'YYYY-MM-DD' (no time zone), real and within DATE_RANGE. */
export const civilDateSchema = (label: string, messages: { required?: string; format?: string } = {}) => {
  const required = messages.required ?? COMMON_MESSAGES.isRequired(label);
  return safeString(label, {
    max: 10,
    required,
    maxMessage: messages.format ?? DATE_MESSAGES.notADate(label),
  })
    .min(1, required)
    .superRefine((value, ctx) => {
      // Blank and too long already have their message.
      if (value === '' || value.length > 10) return;
      const day = CIVIL_DAY.exec(value);
      const problem = day
        ? civilDayProblem(label, Number(day[1]), Number(day[2]), Number(day[3]))
        : (messages.format ?? COMMON_MESSAGES.notCalendarDate(label));
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
};

const NUMERIC_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** Numeric text becomes its number, '' becomes `blank`; anything else goes on to be refused. */
const numberFromQuery = (blank: number | undefined) => (v: unknown) => {
  if (v === '') return blank;
  if (typeof v === 'string' && NUMERIC_TEXT.test(v.trim())) return Number(v);
  return v;
};

/**
 * A number sent as a JSON number or, from a query string, as its text; absent or '' give
 * `fallback`. Anything else (booleans, arrays from repeated keys, 'Infinity') says
 * `<Label> must be a number` instead of being coerced into one.
 */
export const queryNumber = (label: string, schema: z.ZodNumber, fallback: number) =>
  z
    .preprocess(numberFromQuery(fallback), z.number({ error: COMMON_MESSAGES.notNumber(label) }).pipe(schema))
    .default(fallback);

/** Like queryNumber, but absent or '' stay undefined. */
export const optionalQueryNumber = (label: string, schema: z.ZodNumber) =>
  z
    .preprocess(
      numberFromQuery(undefined),
      z
        .number({ error: COMMON_MESSAGES.notNumber(label) })
        .pipe(schema)
        .optional(),
    )
    .optional();

/**
 * The version of the row an update was made from (every editable row carries one, raised by one on
 * each update). A stale version gets 409 CONFLICT with the current row instead of overwriting it.
 */
export const versionField = z
  .number({ error: 'version: the version of the row this edit was made from is required' })
  .int({ error: 'version must be a whole number' })
  .min(1, { error: 'version must be 1 or more' })
  .max(2_147_483_647, { error: 'version is too large' });

/**
 * The version an update of a row the spec documents was made from, when the caller sends one (the
 * web app always does). The spec's update shapes have none: an update without it applies to the row
 * as it is now (last writer wins), and the REST adapter logs it as unconditional.
 */
export const editVersionField = versionField.optional();

/** A row's version as responses show it: raised by one on every update; an edit sends it back as `version`. */
export const rowVersionDto = z.number().int();

/** When a row that can change was made and last changed. */
export const rowTimestamps = { createdAt: z.date(), updatedAt: z.date() };

/**
 * A key the client picks for one create (a UUID is a good choice) and sends again on a retry: the
 * retry gets the first answer instead of making a second row. On REST it is the Idempotency-Key
 * header; kept 24 hours.
 */
export const idempotencyKeyField = z
  .string({ error: 'The idempotency key must be text' })
  .min(8, { error: 'The idempotency key must be 8 to 200 characters' })
  .max(200, { error: 'The idempotency key must be 8 to 200 characters' })
  .regex(/^[\x21-\x7e]+$/, { error: 'The idempotency key may hold only visible ASCII characters' })
  .optional();
