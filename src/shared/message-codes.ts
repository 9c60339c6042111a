/**
 * Stable codes for the sentences the server and the shared schemas say to people (validation
 * messages, 4xx answers), so that a client can show them in its reader's language while the REST
 * body keeps the spec's English.
 *
 * A message of a `*_MESSAGES` object is coded `<group>.<key>` (MESSAGE_GROUPS). A sentence made by a
 * function (a template) is recognized by its pattern, and its parts become parameters:
 * - `label`: a field's name as a person reads it (`Business name`); LABEL_CODES names its own code;
 * - `message`: a whole sentence inside the sentence, itself described by describeMessage;
 * - anything else (a day, a business name, a number) is shown as it is.
 *
 * The client catalogues have `errors.<code>` for each code and `errors.<label code>` for each label.
 */
import { ATTACHMENT_MESSAGES } from './attachments';
import {
  HTTP_MESSAGES,
  IDEMPOTENCY_MESSAGES,
  IF_MATCH_MESSAGES,
  UNAVAILABLE_MESSAGES,
} from './http-messages';
import { MESSAGING_MESSAGES } from './messaging';
import { ADMIN_MESSAGES, MODERATION_MESSAGES } from './schemas/admin';
import { ACCOUNT_MESSAGES, MESSAGES as AUTH_MESSAGES } from './schemas/auth';
import { AVAILABILITY_MESSAGES } from './schemas/availability';
import { BOOKING_MESSAGES } from './schemas/bookings';
import { CALENDAR_MESSAGES } from './schemas/calendar';
import { CLAIM_MESSAGES } from './schemas/claims';
import { COMMON_MESSAGES, DATE_MESSAGES } from './schemas/common';
import { EVENT_MESSAGES } from './schemas/events';
import { FAMILY_MESSAGES } from './schemas/family';
import {
  GUEST_IMPORT_MESSAGES,
  GUEST_INVITATION_MESSAGES,
  GUEST_MESSAGES,
  RSVP_SETTINGS_MESSAGES,
} from './schemas/guests';
import { KASHRUT_MESSAGES } from './schemas/kashrut';
import { OBSERVANCE_MESSAGES } from './schemas/observance-fields';
import { PLACE_MESSAGES } from './schemas/places';
import { REQUEST_MESSAGES } from './schemas/requests';
import { REVIEW_MESSAGES } from './schemas/reviews';
import { VENDOR_MESSAGES } from './schemas/vendors';
import { UPLOAD_MESSAGES } from './upload-images';

export type MessageParams = Record<string, string | number>;

export interface DescribedMessage {
  code: string;
  params: MessageParams;
}

// biome-ignore lint/suspicious/noExplicitAny: a template takes whatever its sentence is made of.
type TemplateFunction = (...args: any[]) => string;
type MessageObject = Readonly<Record<string, string | TemplateFunction>>;

/**
 * Every object of messages, by the first part of its codes. A sentence that two objects share gets the
 * code of the first (so `common.required`, not `vendors.required`).
 */
export const MESSAGE_GROUPS = {
  common: COMMON_MESSAGES,
  date: DATE_MESSAGES,
  http: HTTP_MESSAGES,
  unavailable: UNAVAILABLE_MESSAGES,
  idempotency: IDEMPOTENCY_MESSAGES,
  ifMatch: IF_MATCH_MESSAGES,
  auth: AUTH_MESSAGES,
  account: ACCOUNT_MESSAGES,
  admin: ADMIN_MESSAGES,
  moderation: MODERATION_MESSAGES,
  claims: CLAIM_MESSAGES,
  vendors: VENDOR_MESSAGES,
  availability: AVAILABILITY_MESSAGES,
  kashrut: KASHRUT_MESSAGES,
  requests: REQUEST_MESSAGES,
  bookings: BOOKING_MESSAGES,
  events: EVENT_MESSAGES,
  guests: GUEST_MESSAGES,
  rsvp: RSVP_SETTINGS_MESSAGES,
  guestImport: GUEST_IMPORT_MESSAGES,
  invitations: GUEST_INVITATION_MESSAGES,
  family: FAMILY_MESSAGES,
  reviews: REVIEW_MESSAGES,
  calendar: CALENDAR_MESSAGES,
  observance: OBSERVANCE_MESSAGES,
  places: PLACE_MESSAGES,
  messaging: MESSAGING_MESSAGES,
  uploads: UPLOAD_MESSAGES,
  attachments: ATTACHMENT_MESSAGES,
} as const satisfies Record<string, MessageObject>;

/** `too-slow` → `tooSlow`, `Part of the day` → `partOfTheDay`. */
export function camelCase(text: string): string {
  const words = text.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return words
    .map((w, i) =>
      i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1),
    )
    .join('');
}

/** The code of a key of a group: `unavailable.tooSlow`. */
export const codeOf = (group: string, key: string) => `${group}.${camelCase(key)}`;

/**
 * The field names (`label`s) the schemas give people, each with its own code so it can be translated
 * too. Labels spelled as the API's field names (`lat`, `page_size`) are for programs, not people, and
 * stay as they are.
 */
export const LABELS = [
  'Actor',
  'Address',
  'Agency name',
  'Attachment name',
  'Business name',
  'Category',
  'City',
  'Conflict reason',
  'Content',
  'Country',
  'Date',
  'Day',
  'Deadline',
  'Description',
  'Dietary note',
  'Due date',
  'Email',
  'Event type',
  'Expiry date',
  'Family label',
  'From',
  'Hidden',
  'Household',
  'Household name',
  'Includes',
  'Kashrut standard',
  'Latitude',
  'Level',
  'Limit',
  'Longitude',
  'Message',
  'Name',
  'Neighborhood',
  'Note',
  'Notes',
  'Page',
  'Part of the day',
  'Password',
  'Phone',
  'Reason',
  'Reply',
  'Review',
  'Role',
  'Search',
  'Side',
  'Sort',
  'State',
  'Status',
  'Subject',
  'Table',
  'Tag',
  'Text',
  'Title',
  'To',
  'Type',
  'Valid until',
  'Verified',
  'Vendor name',
  'Venue',
  'Website',
  'WhatsApp',
  'Zip code',
] as const;

const LABEL_CODE_BY_TEXT = new Map<string, string>(LABELS.map((l) => [l, `label.${camelCase(l)}`]));

/** The code of a field's label (`label.businessName`), or null for a label that has none. */
export function labelCode(label: string): string | null {
  return LABEL_CODE_BY_TEXT.get(label) ?? null;
}

/** Every label code, for the catalogues. */
export const LABEL_CODES: readonly string[] = [...LABEL_CODE_BY_TEXT.values()];

// ---------------------------------------------------------------- Sentences made by functions

interface Template {
  code: string;
  /** The function whose sentences this recognizes. */
  fn: TemplateFunction;
  pattern: RegExp;
  /** Parameters read as numbers (written with or without thousands separators). */
  numbers: readonly string[];
  /** Parameters the pattern does not read, always these values. */
  fixed?: MessageParams;
  /** Arguments of fn, as a test calls it, and the params describeMessage should find in the result. */
  samples: readonly { args: readonly unknown[]; params: MessageParams }[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const NUMBER = String.raw`-?\d[\d,]*(?:\.\d+)?`;
const marker = (i: number) => `\u0001${i}\u0001`;

/**
 * A template whose parameters are only written into the sentence: its pattern is the function's own
 * output with a group where each parameter goes. Each name is a parameter, in the order fn takes
 * them; `#` before a name reads it as a number; a parameter that fn joins from a list takes a list.
 */
function written(
  code: string,
  fn: TemplateFunction,
  names: readonly string[],
  samples: Template['samples'],
  lists: readonly string[] = [],
): Template {
  const plain = names.map((n) => n.replace(/^#/, ''));
  const args = plain.map((n, i) => (lists.includes(n) ? [marker(i)] : marker(i)));
  let source = `^${escapeRegExp(fn(...args))}$`;
  plain.forEach((name, i) => {
    const numeric = names[i]?.startsWith('#');
    // The first place a parameter is written reads it; any other must say the same.
    const [before, ...after] = source.split(escapeRegExp(marker(i)));
    source = `${before}(?<${name}>${numeric ? NUMBER : '.+?'})${after.join(`\\k<${name}>`)}`;
  });
  return {
    code,
    fn,
    pattern: new RegExp(source, 's'),
    numbers: names.filter((n) => n.startsWith('#')).map((n) => n.slice(1)),
    samples,
  };
}

function matched(
  code: string,
  fn: TemplateFunction,
  pattern: RegExp,
  numbers: readonly string[],
  samples: Template['samples'],
  fixed?: MessageParams,
): Template {
  return { code, fn, pattern, numbers, samples, ...(fixed ? { fixed } : {}) };
}

const sample = (args: readonly unknown[], params: MessageParams) => ({ args, params });

/**
 * Every template, most particular first: a sentence is given the first whose pattern it matches.
 * (Exact messages are looked up before any template.)
 */
export const TEMPLATES: readonly Template[] = [
  // Sentences around another message, before any pattern that could read them as its own.
  written(
    'guestImport.rowProblem',
    GUEST_IMPORT_MESSAGES.rowProblem,
    ['#row', 'message'],
    [
      sample([7, 'Email must be a valid email address'], {
        row: 7,
        message: 'Email must be a valid email address',
      }),
    ],
  ),
  matched(
    'http.retryInSeconds',
    HTTP_MESSAGES.retryIn,
    /^(?<message>.+) Please try again in (?<seconds>\d+) seconds?\.$/s,
    ['seconds'],
    [
      sample(['Too many failed sign-in attempts.', '1 second'], {
        message: 'Too many failed sign-in attempts.',
        seconds: 1,
      }),
      sample(['Too many password reset requests.', '40 seconds'], {
        message: 'Too many password reset requests.',
        seconds: 40,
      }),
    ],
  ),
  matched(
    'http.retryInMinutes',
    HTTP_MESSAGES.retryIn,
    /^(?<message>.+) Please try again in (?<minutes>\d+) minutes?\.$/s,
    ['minutes'],
    [
      sample(['Too many failed sign-in attempts.', '1 minute'], {
        message: 'Too many failed sign-in attempts.',
        minutes: 1,
      }),
      sample(['You have sent many messages in a short time.', '15 minutes'], {
        message: 'You have sent many messages in a short time.',
        minutes: 15,
      }),
    ],
  ),
  // Dates: fixed words, before the looser `must be ...` patterns.
  written('date.notADate', DATE_MESSAGES.notADate, ['label'], [sample(['Date'], { label: 'Date' })]),
  written(
    'date.noSuchDay',
    DATE_MESSAGES.noSuchDay,
    ['label', 'day'],
    [sample(['Due date', '2027-02-30'], { label: 'Due date', day: '2027-02-30' })],
  ),
  written('date.outOfRange', DATE_MESSAGES.outOfRange, ['label'], [sample(['Date'], { label: 'Date' })]),
  written(
    'common.notCalendarDate',
    COMMON_MESSAGES.notCalendarDate,
    ['label'],
    [sample(['Day'], { label: 'Day' })],
  ),
  written(
    'common.unstorable',
    COMMON_MESSAGES.unstorable,
    ['label'],
    [sample(['Business name'], { label: 'Business name' })],
  ),
  written(
    'common.tooLong',
    COMMON_MESSAGES.tooLong,
    ['label', '#max'],
    [sample(['Business name', 200], { label: 'Business name', max: 200 })],
  ),
  written(
    'common.oneOf',
    COMMON_MESSAGES.oneOf,
    ['label', 'values'],
    [sample(['Status', ['open', 'resolved']], { label: 'Status', values: 'open, resolved' })],
    ['values'],
  ),
  written(
    'common.invisible',
    COMMON_MESSAGES.invisible,
    ['label'],
    [sample(['Business name'], { label: 'Business name' })],
  ),
  written('common.notNumber', COMMON_MESSAGES.notNumber, ['label'], [sample(['Page'], { label: 'Page' })]),
  written(
    'common.trueOrFalse',
    COMMON_MESSAGES.trueOrFalse,
    ['label'],
    [sample(['Verified'], { label: 'Verified' })],
  ),
  written('common.notText', COMMON_MESSAGES.notText, ['label'], [sample(['Name'], { label: 'Name' })]),
  written(
    'common.isRequired',
    COMMON_MESSAGES.isRequired,
    ['label'],
    [sample(['Title'], { label: 'Title' })],
  ),
  written(
    'vendors.coordinateRange',
    VENDOR_MESSAGES.coordinateRange,
    ['label', '#limit'],
    [sample(['Latitude', 90], { label: 'Latitude', limit: 90 })],
  ),
  written(
    'vendors.coordinateNotTiny',
    VENDOR_MESSAGES.coordinateNotTiny,
    ['label'],
    [sample(['Longitude'], { label: 'Longitude' })],
  ),

  // The plumbing's.
  written(
    'http.rolesOnly',
    HTTP_MESSAGES.rolesOnly,
    ['roles'],
    [sample([['customer', 'vendor']], { roles: 'customer or vendor' })],
    ['roles'],
  ),
  written(
    'http.unconfirmedQuota',
    HTTP_MESSAGES.unconfirmedQuota,
    ['amount'],
    [sample(['25 MB'], { amount: '25 MB' })],
  ),
  written(
    'http.imageQuotaUsed',
    HTTP_MESSAGES.imageQuotaUsed,
    ['amount'],
    [sample(['100 MB'], { amount: '100 MB' })],
  ),
  written(
    'http.attachmentQuotaUsed',
    HTTP_MESSAGES.attachmentQuotaUsed,
    ['amount'],
    [sample(['500 MB'], { amount: '500 MB' })],
  ),

  // The domains'.
  written(
    'claims.nameTaken',
    CLAIM_MESSAGES.nameTaken,
    ['name'],
    [sample(['Goldberg Catering'], { name: 'Goldberg Catering' })],
  ),
  written(
    'vendors.nameTaken',
    VENDOR_MESSAGES.nameTaken,
    ['name'],
    [sample(['Goldberg Catering'], { name: 'Goldberg Catering' })],
  ),
  matched(
    'admin.ownsListings',
    ADMIN_MESSAGES.ownsListings,
    /^This vendor still owns (?<count>\d+) listings?\. Revoke or hand over the listings? first\.$/,
    ['count'],
    [sample([1], { count: 1 }), sample([3], { count: 3 })],
  ),
  written(
    'bookings.eventPassed',
    BOOKING_MESSAGES.eventPassed,
    ['day'],
    [sample(['2027-03-01'], { day: '2027-03-01' })],
  ),
  written(
    'bookings.quoteExpired',
    BOOKING_MESSAGES.quoteExpired,
    ['day'],
    [sample(['2027-03-01'], { day: '2027-03-01' })],
  ),
  written(
    'bookings.dayFull',
    BOOKING_MESSAGES.dayFull,
    ['business', 'day'],
    [sample(['Goldberg Catering', '2027-03-01'], { business: 'Goldberg Catering', day: '2027-03-01' })],
  ),
  written(
    'availability.pastDay',
    AVAILABILITY_MESSAGES.pastDay,
    ['day'],
    [sample(['2027-03-01'], { day: '2027-03-01' })],
  ),
  written(
    'availability.twice',
    AVAILABILITY_MESSAGES.twice,
    ['day', 'part'],
    [sample(['2027-03-01', 'evening'], { day: '2027-03-01', part: 'evening' })],
  ),
  matched(
    'availability.bookingsHold',
    AVAILABILITY_MESSAGES.bookingsHold,
    /^(?<held>\d+) (?:booking already holds|bookings already hold) (?<day>.+?): its capacity cannot be (?<capacity>\d+)\. Cancel a booking first\.$/,
    ['held', 'capacity'],
    [
      sample(['2027-03-01', 1, 0], { day: '2027-03-01', held: 1, capacity: 0 }),
      sample(['2027-03-01', 3, 2], { day: '2027-03-01', held: 3, capacity: 2 }),
    ],
  ),
  matched(
    'availability.dailyCapacityBelowBookings',
    AVAILABILITY_MESSAGES.dailyCapacityBelowBookings,
    /^(?<held>\d+) (?:booking already holds|bookings already hold) (?<day>.+?): the daily capacity cannot be lower than \d+\.$/,
    ['held'],
    [
      sample(['2027-03-01', 1], { day: '2027-03-01', held: 1 }),
      sample(['2027-03-01', 4], { day: '2027-03-01', held: 4 }),
    ],
  ),
  written(
    'availability.fullDay',
    AVAILABILITY_MESSAGES.fullDay,
    ['day', '#capacity'],
    [sample(['2027-03-01', 2], { day: '2027-03-01', capacity: 2 })],
  ),
  matched(
    'guests.tooManyPlusOnes',
    GUEST_MESSAGES.tooManyPlusOnes,
    /^This invitation does not include guests of your own$/,
    [],
    [sample([0], { allowed: 0 })],
    { allowed: 0 },
  ),
  matched(
    'guests.tooManyPlusOnes',
    GUEST_MESSAGES.tooManyPlusOnes,
    /^This invitation allows at most (?<allowed>\d+) guests? of your own$/,
    ['allowed'],
    [sample([1], { allowed: 1 }), sample([4], { allowed: 4 })],
  ),
  matched(
    'guestImport.rowsHaveErrors',
    GUEST_IMPORT_MESSAGES.rowsHaveErrors,
    /^One row has a problem: fix it in the file and import again$/,
    [],
    [sample([1], { rows: 1 })],
    { rows: 1 },
  ),
  matched(
    'guestImport.rowsHaveErrors',
    GUEST_IMPORT_MESSAGES.rowsHaveErrors,
    new RegExp(`^(?<rows>${NUMBER}) rows have problems: fix them in the file and import again$`),
    ['rows'],
    [sample([2], { rows: 2 }), sample([1234], { rows: 1234 })],
  ),
  written('calendar.tooLong', CALENDAR_MESSAGES.tooLong, ['#days'], [sample([62], { days: 62 })]),
];

// ---------------------------------------------------------------- Exact sentences

const CODE_BY_TEXT = new Map<string, string>();
for (const [group, messages] of Object.entries(MESSAGE_GROUPS) as [string, MessageObject][]) {
  for (const [key, value] of Object.entries(messages)) {
    if (typeof value === 'string' && !CODE_BY_TEXT.has(value)) CODE_BY_TEXT.set(value, codeOf(group, key));
  }
}

/** Every code describeMessage can give: each distinct sentence's, and each template's. */
export const MESSAGE_CODES: readonly string[] = [
  ...new Set([...CODE_BY_TEXT.values(), ...TEMPLATES.map((t) => t.code)]),
];

const KNOWN_CODES = new Set(MESSAGE_CODES);

/** Whether the catalogues have a translation for this code. */
export function isMessageCode(code: string): boolean {
  return KNOWN_CODES.has(code);
}

/**
 * The code and parameters of an English sentence the server or the shared schemas say, or null for
 * one without a code (a library's own message, a sentence written for programs).
 */
export function describeMessage(english: string): DescribedMessage | null {
  const exact = CODE_BY_TEXT.get(english);
  if (exact) return { code: exact, params: {} };
  for (const template of TEMPLATES) {
    const match = template.pattern.exec(english);
    if (!match) continue;
    const params: MessageParams = { ...template.fixed };
    for (const [name, text] of Object.entries(match.groups ?? {})) {
      if (text === undefined) continue;
      params[name] = template.numbers.includes(name) ? Number(text.replaceAll(',', '')) : text;
    }
    return { code: template.code, params };
  }
  return null;
}
