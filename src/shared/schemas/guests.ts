import { z } from 'zod';
import { languageSchema } from './auth';
import {
  editVersionField,
  idempotencyKeyField,
  optionalText,
  requiredText,
  rowVersionDto,
  safeString,
} from './common';

/**
 * Guests, households, invitations and RSVPs (issue 31, decision 043): the shapes every door shares.
 * The guest list belongs to a main event and is shared by its sub-events; an invitation is one
 * guest to one (sub-)event, with that guest's answer for it.
 */

/** The meals a guest can choose (the same list as the database's CHECK). */
export const MEALS = ['meat', 'dairy', 'fish', 'vegetarian', 'vegan', 'children'] as const;
export type Meal = (typeof MEALS)[number];
export const MEAL_LABELS: Record<Meal, string> = {
  meat: 'Meat',
  dairy: 'Dairy',
  fish: 'Fish',
  vegetarian: 'Vegetarian',
  vegan: 'Vegan',
  children: "Children's",
};

/** An invitation's answer: invited (awaiting), attending, declined, or no answer (closed unanswered). */
export const RSVP_STATUSES = ['invited', 'attending', 'declined', 'no_answer'] as const;
export type RsvpStatus = (typeof RSVP_STATUSES)[number];
export const RSVP_LABELS: Record<RsvpStatus, string> = {
  invited: 'Invited',
  attending: 'Attending',
  declined: 'Declined',
  no_answer: 'No answer',
};

export const GUEST_LIMITS = {
  nameMax: 120,
  emailMax: 254,
  phoneMax: 40,
  sideMax: 80,
  tagMax: 40,
  tagsMax: 20,
  dietaryNoteMax: 500,
  kashrutStandardMax: 120,
  tableNameMax: 40,
  householdNameMax: 120,
  plusOnesMax: 10,
  messageMax: 2000,
  /** The most rows an import may hold. */
  importRowsMax: 10_000,
  /** The largest import file, in bytes. */
  importBytesMax: 2 * 1024 * 1024,
  /** Days between two reminders to one household. */
  reminderEveryDays: 3,
  /** Live invitation links per household (mailed, copied, sent by WhatsApp); older ones are withdrawn. */
  liveLinksMax: 5,
  /** Guests on one event's list. */
  guestsPerEventMax: 10_000,
} as const;

export const GUEST_MESSAGES = {
  badEmail: 'Email must be a valid email address',
  badMeal: `Meal must be one of ${MEALS.join(', ')}`,
  badRsvp: `RSVP must be one of ${RSVP_STATUSES.join(', ')}`,
  tooManyRows: `A guest list file may have at most ${GUEST_LIMITS.importRowsMax.toLocaleString('en-US')} rows`,
  fileTooLarge: 'A guest list file may be at most 2 MB',
  notText: 'The file is not a CSV or text export: save the sheet as CSV and try again',
  noFile: 'Choose a CSV file to import',
  noNameColumn: 'No column of names was found: name one column Name (or First Name and Last Name)',
  deadlinePassed: 'Answers closed at the RSVP deadline: please contact the hosts',
  tooManyPlusOnes: (allowed: number) =>
    allowed === 0
      ? 'This invitation does not include guests of your own'
      : `This invitation allows at most ${allowed} guest${allowed === 1 ? '' : 's'} of your own`,
  unknownGuest: 'Answers can be given only for the people named on this invitation',
  notInvited: 'This guest is not invited to that event',
  invitationNotFound: 'This invitation link is not valid or was withdrawn',
  guestNotFound: 'Guest not found',
  householdNotFound: 'Household not found',
  householdOfOtherEvent: 'That household belongs to another event’s guest list',
  eventNotOnList: 'That event is not this guest list’s event or one of its sub-events',
  reminderTooSoon: 'A reminder was sent to this household in the last 3 days',
  listFull: `A guest list may hold at most ${GUEST_LIMITS.guestsPerEventMax.toLocaleString('en-US')} guests`,
  invalidId: 'Not a valid id',
  tagsNotList: 'Tags must be a list of text',
  tooManyTags: `At most ${GUEST_LIMITS.tagsMax} tags`,
  tagBlank: 'A tag cannot be blank',
  attendingRequired: 'Say whether this guest is attending',
} as const;

const id = z.uuid({ error: GUEST_MESSAGES.invalidId });

export const mealSchema = z.enum(MEALS, { error: GUEST_MESSAGES.badMeal });
export const rsvpSchema = z.enum(RSVP_STATUSES, { error: GUEST_MESSAGES.badRsvp });

/** A guest's e-mail: optional, but a valid address when given. */
export const guestEmailSchema = safeString('Email', { max: GUEST_LIMITS.emailMax })
  .nullish()
  .transform((v) => (v ? v : null))
  .pipe(z.email({ error: GUEST_MESSAGES.badEmail }).nullable());

const tagsSchema = z
  .array(requiredText(GUEST_LIMITS.tagMax, 'Tag', GUEST_MESSAGES.tagBlank), {
    error: GUEST_MESSAGES.tagsNotList,
  })
  .max(GUEST_LIMITS.tagsMax, GUEST_MESSAGES.tooManyTags)
  .transform((tags) => [...new Set(tags)]);

/** What the family writes about a guest (created and edited alike). */
const guestFields = {
  name: requiredText(GUEST_LIMITS.nameMax, 'Name', 'Name is required'),
  email: guestEmailSchema,
  phone: optionalText(GUEST_LIMITS.phoneMax, 'Phone'),
  /** Side or group: the bride's family, the groom's family, friends, colleagues. */
  side: optionalText(GUEST_LIMITS.sideMax, 'Side'),
  tags: tagsSchema.optional(),
  meal: mealSchema.nullish().transform((v) => v ?? null),
  dietaryNote: optionalText(GUEST_LIMITS.dietaryNoteMax, 'Dietary note'),
  /** When it differs from the event's: glatt, chalav Yisrael, mehadrin, a named hechsher. */
  kashrutStandard: optionalText(GUEST_LIMITS.kashrutStandardMax, 'Kashrut standard'),
  tableName: optionalText(GUEST_LIMITS.tableNameMax, 'Table'),
};

/**
 * A new guest on an event's list. Without a household, a household of one is made, named after the
 * guest. `invitedTo` lists the (sub-)events they are invited to; absent: the event the list is
 * opened from.
 */
export const guestCreateInput = z.object({
  id, // the event (main or sub) whose list the guest joins
  ...guestFields,
  householdId: id.optional(),
  /** A new household for this guest, by name (ignored when householdId is given). */
  householdName: optionalText(GUEST_LIMITS.householdNameMax, 'Household').optional(),
  invitedTo: z.array(id).max(50).optional(),
  idempotencyKey: idempotencyKeyField,
});
export type GuestCreateInput = z.input<typeof guestCreateInput>;

/** Changes to a guest: any of the fields, a household, and invitations set per (sub-)event. */
export const guestUpdateInput = z.object({
  id, // the guest
  name: guestFields.name.optional(),
  email: guestFields.email.optional(),
  phone: guestFields.phone.optional(),
  side: guestFields.side.optional(),
  tags: tagsSchema.optional(),
  meal: mealSchema.nullish(),
  dietaryNote: guestFields.dietaryNote.optional(),
  kashrutStandard: guestFields.kashrutStandard.optional(),
  tableName: guestFields.tableName.optional(),
  householdId: id.optional(),
  /** Per (sub-)event: invite (with an answer) or uninvite (null). Events absent stay as they are. */
  invitations: z
    .array(z.object({ eventId: id, rsvp: rsvpSchema.nullable() }))
    .max(50)
    .optional(),
  version: editVersionField,
});
export type GuestUpdateInput = z.input<typeof guestUpdateInput>;

export const invitationDto = z.object({
  eventId: z.uuid(),
  rsvp: rsvpSchema,
  /** The meal chosen for this event, else null (the guest's usual one applies). */
  meal: mealSchema.nullable(),
  dietaryNote: z.string().nullable(),
  answeredAt: z.date().nullable(),
});
export type InvitationDto = z.infer<typeof invitationDto>;

export const guestDto = z.object({
  id: z.uuid(),
  /** The main event whose list this is. */
  eventId: z.uuid(),
  householdId: z.uuid(),
  householdName: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  side: z.string().nullable(),
  tags: z.array(z.string()),
  meal: mealSchema.nullable(),
  dietaryNote: z.string().nullable(),
  kashrutStandard: z.string().nullable(),
  tableName: z.string().nullable(),
  /** A plus-one named by their household: the guest who brings them. */
  plusOneOf: z.uuid().nullable(),
  invitations: z.array(invitationDto),
  version: rowVersionDto,
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type GuestDto = z.infer<typeof guestDto>;
/** What the family writes about a guest, as read back: the list, a file's row, an export's line. */
export type GuestFieldValues = Pick<
  GuestDto,
  'name' | 'email' | 'phone' | 'side' | 'tags' | 'meal' | 'dietaryNote' | 'kashrutStandard' | 'tableName'
>;

export const householdCreateInput = z.object({
  id, // the event (main or sub) whose list the household joins
  name: requiredText(GUEST_LIMITS.householdNameMax, 'Household name', 'Household name is required'),
  plusOnesAllowed: z
    .number({ error: 'Plus-ones must be a whole number from 0 to 10' })
    .int('Plus-ones must be a whole number from 0 to 10')
    .min(0, 'Plus-ones must be a whole number from 0 to 10')
    .max(GUEST_LIMITS.plusOnesMax, 'Plus-ones must be a whole number from 0 to 10')
    .optional(),
  idempotencyKey: idempotencyKeyField,
});

export const householdDto = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  name: z.string(),
  plusOnesAllowed: z.number().int(),
  messageToHosts: z.string().nullable(),
  answeredAt: z.date().nullable(),
  invitedAt: z.date().nullable(),
  remindedAt: z.date().nullable(),
  /** Whether a live (unrevoked) invitation link exists; the link itself is shown only when made. */
  hasLink: z.boolean(),
  guestCount: z.number().int(),
  version: rowVersionDto,
  createdAt: z.date(),
});
export type HouseholdDto = z.infer<typeof householdDto>;

/** Counts of one (sub-)event, from the rows in one grouped statement. */
export const guestCountsDto = z.object({
  eventId: z.uuid(),
  title: z.string(),
  /** Every invitation to it. */
  invited: z.number().int(),
  attending: z.number().int(),
  declined: z.number().int(),
  /** Invited and not answered (invited or no answer). */
  awaiting: z.number().int(),
  /** Attending guests per meal; `unspecified` counts those with no meal. */
  meals: z.object({
    meat: z.number().int(),
    dairy: z.number().int(),
    fish: z.number().int(),
    vegetarian: z.number().int(),
    vegan: z.number().int(),
    children: z.number().int(),
    unspecified: z.number().int(),
  }),
});
export type GuestCountsDto = z.infer<typeof guestCountsDto>;

export const guestSummaryDto = z.object({
  /** The main event whose list this is. */
  eventId: z.uuid(),
  guests: z.number().int(),
  households: z.number().int(),
  /** The main event first, then its sub-events by date. */
  events: z.array(guestCountsDto),
});
export type GuestSummaryDto = z.infer<typeof guestSummaryDto>;

export const invitationLinkDto = z.object({
  /** The household's personal page, `/rsvp/{token}` on this site: shown once, only its hash is kept. */
  url: z.string(),
});

/** One person's answer for one (sub-)event, on the RSVP page. */
export const rsvpAnswerItem = z.object({
  guestId: z.uuid({ error: GUEST_MESSAGES.unknownGuest }),
  eventId: z.uuid({ error: GUEST_MESSAGES.notInvited }),
  attending: z.boolean({ error: GUEST_MESSAGES.attendingRequired }),
  meal: mealSchema.nullish().transform((v) => v ?? null),
  dietaryNote: optionalText(GUEST_LIMITS.dietaryNoteMax, 'Dietary note'),
});

/** A plus-one the household names: who brings them, and their answers like anyone's. */
export const rsvpPlusOneItem = z.object({
  name: requiredText(GUEST_LIMITS.nameMax, 'Name', 'Name is required'),
  /** The invited guest who brings them. */
  guestId: z.uuid({ error: GUEST_MESSAGES.unknownGuest }),
  /** The (sub-)events they come to: each must be one the guest who brings them is invited to. */
  eventIds: z.array(z.uuid()).max(50),
  meal: mealSchema.nullish().transform((v) => v ?? null),
  dietaryNote: optionalText(GUEST_LIMITS.dietaryNoteMax, 'Dietary note'),
});

export const rsvpAnswerInput = z.object({
  token: z.string().min(1).max(100),
  answers: z.array(rsvpAnswerItem).max(500),
  /** The household's plus-ones, all of them: ones not named again are removed. Absent: unchanged. */
  plusOnes: z.array(rsvpPlusOneItem).max(10).optional(),
  messageToHosts: optionalText(GUEST_LIMITS.messageMax, 'Message').optional(),
});
export type RsvpAnswerInput = z.input<typeof rsvpAnswerInput>;

/** What a household's RSVP page shows: its own people and events, nothing of anyone else. */
export const rsvpViewDto = z.object({
  householdName: z.string(),
  /** Who invites: the main event's title and the hosts' name. */
  hostName: z.string(),
  title: z.string(),
  message: z.string().nullable(),
  /** Answers close at this instant; null: no deadline. */
  deadline: z.date().nullable(),
  /** The deadline as the hosts' place says it ("Sunday, December 20, 2026 at 23:59"). */
  deadlineText: z.string().nullable(),
  closed: z.boolean(),
  plusOnesAllowed: z.number().int(),
  events: z.array(
    z.object({
      id: z.uuid(),
      title: z.string(),
      type: z.string(),
      /** Civil date at the event's place ('YYYY-MM-DD'), time 'HH:MM' or null. */
      localDate: z.string(),
      time: z.string().nullable(),
      venue: z.string().nullable(),
      place: z.string().nullable(),
      /** The Hebrew date, when the hosts show Hebrew dates. */
      hebrewDate: z.string().nullable(),
      /** Shabbat- and Yom Tov-aware notes at the event's place, e.g. "Shabbat ends at 17:02". */
      notes: z.array(z.string()),
    }),
  ),
  guests: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      plusOneOf: z.uuid().nullable(),
      meal: mealSchema.nullable(),
      dietaryNote: z.string().nullable(),
      invitations: z.array(invitationDto),
    }),
  ),
  messageToHosts: z.string().nullable(),
  answeredAt: z.date().nullable(),
});
export type RsvpViewDto = z.infer<typeof rsvpViewDto>;

export const eventIdInput = z.object({ id });

/** A guest or a household named by its id. */
export const guestIdInput = z.object({ id });
export const householdIdInput = z.object({ id });

/** Changes to a household: its name and how many guests of its own it may name. */
export const householdUpdateInput = z.object({
  id, // the household
  name: householdCreateInput.shape.name.optional(),
  plusOnesAllowed: householdCreateInput.shape.plusOnesAllowed,
  version: editVersionField,
});
export type HouseholdUpdateInput = z.input<typeof householdUpdateInput>;

export const RSVP_SETTINGS_MESSAGES = {
  badDeadline: 'Deadline must be a date and time, YYYY-MM-DDTHH:MM',
  noSuchDay: 'Deadline must be a real calendar date and time',
} as const;

/** A civil date and time 'YYYY-MM-DDTHH:MM' (no zone): the deadline as the family reads it. */
export const deadlineLocalSchema = safeString('Deadline', {
  max: 16,
  maxMessage: RSVP_SETTINGS_MESSAGES.badDeadline,
})
  .regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/, RSVP_SETTINGS_MESSAGES.badDeadline)
  .refine((v) => {
    const [year, month, day] = v.slice(0, 10).split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day));
    return (
      year >= 1900 &&
      year <= 2200 &&
      date.getUTCFullYear() === year &&
      date.getUTCMonth() === month - 1 &&
      date.getUTCDate() === day
    );
  }, RSVP_SETTINGS_MESSAGES.noSuchDay);

/** The RSVP settings of a guest list (kept on its main event). */
export const rsvpSettingsDto = z.object({
  /** Answers close at this instant; null: no deadline. */
  deadline: z.date().nullable(),
  /** The deadline as a civil date and time in `timeZone` ('YYYY-MM-DDTHH:MM'); null: none. */
  deadlineLocal: z.string().nullable().meta({ example: '2026-12-20T23:59' }),
  /** The zone the deadline is read in: the main event's, else the owner's home place's, else UTC. */
  timeZone: z.string(),
  /** The family's words shown on every invitation page. */
  message: z.string().nullable(),
});
export type RsvpSettingsDto = z.infer<typeof rsvpSettingsDto>;

/**
 * New RSVP settings: the deadline as a civil date and time in the main event's zone (null: none),
 * and the message to guests (null or blank: none). A field left out stays as it is.
 */
export const rsvpSettingsUpdateInput = z.object({
  id, // the event (main or sub) whose list it is
  deadlineLocal: deadlineLocalSchema.nullable().optional(),
  message: optionalText(GUEST_LIMITS.messageMax, 'Message').optional(),
});
export type RsvpSettingsUpdateInput = z.input<typeof rsvpSettingsUpdateInput>;

/**
 * Importing a guest list from a CSV file (decision 043): the fields a column can be read as. `name`
 * or the given and family names make the guest's name; `address` only groups households.
 */
export const GUEST_IMPORT_FIELDS = [
  'name',
  'givenName',
  'middleName',
  'familyName',
  'email',
  'phone',
  'household',
  'side',
  'tags',
  'meal',
  'dietaryNote',
  'kashrutStandard',
  'tableName',
  'plusOnes',
  'address',
] as const;
export type GuestImportField = (typeof GUEST_IMPORT_FIELDS)[number];

export const GUEST_IMPORT_MESSAGES = {
  badPlusOnes: 'Plus-ones must be a whole number from 0 to 10',
  badHousehold: `Household must be at most ${GUEST_LIMITS.householdNameMax} characters`,
  notMultipart: 'Send the guest list as a multipart form with the file in the field `file`',
  wrongField: 'Send the guest list in the form field `file`',
  oneFile: 'Send one guest list file at a time',
  incomplete: 'The file did not arrive whole: please try again',
  malformed: 'The upload could not be read: please try again',
  tooFast: 'Too many imports at once: please wait a minute and try again',
  rowsHaveErrors: (rows: number) =>
    rows === 1
      ? 'One row has a problem: fix it in the file and import again'
      : `${rows.toLocaleString('en-US')} rows have problems: fix them in the file and import again`,
  listFull: `A guest list may have at most ${GUEST_LIMITS.guestsPerEventMax.toLocaleString('en-US')} guests`,
  nothingToImport: 'The file has no guests to import',
  /** One problem of one row of the file, as the preview lists it. */
  rowProblem: (row: number, problem: string) => `Row ${row}: ${problem}`,
} as const;

/** One row of an import preview: the guest as it would be saved, its problems, and whom it repeats. */
export const guestImportRowDto = z.object({
  /** The row's number in the file, as a spreadsheet numbers it (the header is row 1). */
  row: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** The household it joins: an existing one of the list (by name) or a new one. */
  household: z.string(),
  existingHousehold: z.boolean(),
  side: z.string().nullable(),
  tags: z.array(z.string()),
  meal: mealSchema.nullable(),
  dietaryNote: z.string().nullable(),
  kashrutStandard: z.string().nullable(),
  tableName: z.string().nullable(),
  plusOnes: z.number().int(),
  /** Field messages: a row with any is not imported (the import is refused until the file is fixed). */
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
  /** Same e-mail or same name as an earlier row of the file, or a guest already on the list. */
  duplicateOf: z
    .object({
      kind: z.enum(['file', 'list']),
      row: z.number().int().optional(),
      guestId: z.uuid().optional(),
      name: z.string(),
    })
    .optional(),
});
export type GuestImportRowDto = z.infer<typeof guestImportRowDto>;

export const guestImportPreviewDto = z.object({
  /** Each column of the file, and the field it is read as (null: not read). */
  columns: z.array(z.object({ header: z.string(), field: z.enum(GUEST_IMPORT_FIELDS).nullable() })),
  rows: z.array(guestImportRowDto),
  /** Households the rows go to (new and existing). */
  households: z.number().int(),
  /** Of those, the new ones. */
  newHouseholds: z.number().int(),
  /** Rows in the file. */
  guests: z.number().int(),
  /** Rows with a problem. */
  errors: z.number().int(),
  /** Rows that repeat an earlier row or a guest on the list. */
  duplicates: z.number().int(),
});
export type GuestImportPreviewDto = z.infer<typeof guestImportPreviewDto>;

export const guestImportResultDto = z.object({
  /** Guests added. */
  imported: z.number().int(),
  /** Households made (existing ones reused are not counted). */
  households: z.number().int(),
  /** Rows left out as duplicates. */
  skipped: z.number().int(),
});
export type GuestImportResultDto = z.infer<typeof guestImportResultDto>;
/** A household's personal link, by the token in it (the RSVP page and its door). */
export const rsvpTokenInput = z.object({ token: z.string().min(1).max(100) });

/**
 * rsvp.get's input: the token, and the language its sentences are written in (the deadline, the
 * Hebrew date and the Shabbat notes of each event); English when not said. The RSVP page asks in its
 * reader's language.
 */
export const rsvpViewInput = rsvpTokenInput.extend({ language: languageSchema.optional() });

/** An invitation mail queued: the new link, and the addresses it goes to. */
export const sentInvitationDto = z.object({
  url: z.string(),
  sentTo: z.array(z.string()),
});
export type SentInvitationDto = z.infer<typeof sentInvitationDto>;

/** The prefilled words of an invitation, for a WhatsApp link (`https://wa.me/?text=`) or a copy. */
export const invitationMessageDto = z.object({
  /** The invitation; `{link}` stands where the household's link goes. */
  text: z.string(),
});

/** Reminders queued for a main event's households that have not answered. */
export const remindersDto = z.object({
  /** Households a reminder mail was queued for. */
  reminded: z.number().int(),
  /** Households still awaiting an answer that were not reminded (reminded in the last 3 days, or no e-mail). */
  skipped: z.number().int(),
});
export type RemindersDto = z.infer<typeof remindersDto>;

export const GUEST_INVITATION_MESSAGES = {
  noEmail: 'No one in this household has an e-mail address: add one, or send the link another way',
  tooManyTries: 'Too many invitation links tried from this address.',
} as const;
