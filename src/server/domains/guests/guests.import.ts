import { randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import Papa from 'papaparse';
import { ZodRealError } from 'zod';
import {
  GUEST_IMPORT_MESSAGES,
  GUEST_LIMITS,
  GUEST_MESSAGES,
  type GuestFieldValues,
  type GuestImportField,
  type GuestImportPreviewDto,
  type GuestImportResultDto,
  type GuestImportRowDto,
  guestCreateInput,
  MEAL_LABELS,
  MEALS,
  type Meal,
} from '../../../shared/schemas/guests';
import type { Db } from '../../platform/db/create-db';
import { inTransaction } from '../../platform/db/transaction';
import { type GuestListEvent, listEventIdsOfList } from '../guest-lists/guest-lists.access';
import { publishGuestListChange } from '../guest-lists/guest-lists.live';

/**
 * Importing a guest list from a CSV or tab-separated file (issue 31, decision 043): the file is judged
 * by its bytes (text in UTF-8, or UTF-16 with a byte order mark as Excel saves "Unicode text"), read
 * with papaparse (the delimiter guessed), its columns mapped by their headers (our own export,
 * Google Contacts, Outlook and Excel), and every row checked with the shared guest schemas. The
 * preview and the import make the same plan; the import writes it in one transaction.
 */

// ---------------------------------------------------------------------------------------------------
// The file's bytes

/** A file-level refusal, as a field message on `file`. */
function fileProblem(message: string, code: 'BAD_REQUEST' | 'PAYLOAD_TOO_LARGE' = 'BAD_REQUEST'): TRPCError {
  return new TRPCError({
    code,
    message,
    cause: new ZodRealError([{ code: 'custom', path: ['file'], message, input: undefined }]),
  });
}

/** First bytes of files that are not text: zip (xlsx, ods, numbers), PDF, images, old Office, gzip, 7z, rar. */
const BINARY_SIGNATURES: readonly (readonly number[])[] = [
  [0x50, 0x4b, 0x03, 0x04],
  [0x50, 0x4b, 0x05, 0x06],
  [0x50, 0x4b, 0x07, 0x08],
  [0x25, 0x50, 0x44, 0x46, 0x2d],
  [0x89, 0x50, 0x4e, 0x47],
  [0xff, 0xd8, 0xff],
  [0x47, 0x49, 0x46, 0x38],
  [0x52, 0x49, 0x46, 0x46],
  [0xd0, 0xcf, 0x11, 0xe0],
  [0x1f, 0x8b],
  [0x37, 0x7a, 0xbc, 0xaf],
  [0x52, 0x61, 0x72, 0x21],
  [0x00, 0x00, 0x01, 0x00],
];

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) =>
  bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);

/** Control characters no spreadsheet export writes (tab, line feed, form feed and return aside). */
function isStrayControl(code: number): boolean {
  return (code >= 1 && code <= 8) || code === 0x0b || (code >= 0x0e && code <= 0x1f) || code === 0x7f;
}

/**
 * The file's text, or a refusal: a file over 2 MB, one that starts as a binary format does, holds NUL
 * bytes, or is not valid UTF-8 (or UTF-16 with its byte order mark).
 */
export function decodeGuestFile(bytes: Uint8Array): string {
  if (bytes.length > GUEST_LIMITS.importBytesMax) {
    throw fileProblem(GUEST_MESSAGES.fileTooLarge, 'PAYLOAD_TOO_LARGE');
  }
  if (BINARY_SIGNATURES.some((signature) => startsWith(bytes, signature))) {
    throw fileProblem(GUEST_MESSAGES.notText);
  }
  let text: string;
  try {
    if (startsWith(bytes, [0xef, 0xbb, 0xbf])) {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes.subarray(3));
    } else if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) {
      const body = bytes.subarray(2);
      if (body.length % 2 !== 0) throw new Error('odd UTF-16');
      let little = body;
      if (bytes[0] === 0xfe) {
        // Big-endian: swap each pair, then read as little-endian.
        little = new Uint8Array(body.length);
        for (let i = 0; i < body.length; i += 2) {
          little[i] = body[i + 1] as number;
          little[i + 1] = body[i] as number;
        }
      }
      text = new TextDecoder('utf-16le', { fatal: true, ignoreBOM: true }).decode(little);
    } else {
      if (bytes.includes(0)) throw new Error('NUL');
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    }
  } catch {
    throw fileProblem(GUEST_MESSAGES.notText);
  }
  if (text.includes('\u0000')) throw fileProblem(GUEST_MESSAGES.notText);
  let controls = 0;
  for (let i = 0; i < text.length; i++) if (isStrayControl(text.charCodeAt(i))) controls++;
  if (controls === 0) return text;
  if (controls * 100 > text.length) throw fileProblem(GUEST_MESSAGES.notText);
  return [...text].filter((c) => !isStrayControl(c.charCodeAt(0))).join('');
}

// ---------------------------------------------------------------------------------------------------
// Columns

/** A header as compared: no accents, lower case, letters, digits and '+' only ("E-mail 1 - Value" -> "email1value"). */
function headerKey(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9+]/g, '');
}

/**
 * The headers each field is read from, most wanted first: our export, Google Contacts ("Name",
 * "Given Name", "E-mail 1 - Value", "Group Membership" or "Labels"), Outlook and Excel ("First Name",
 * "E-mail Address", "Mobile Phone", "Categories"). When several columns give one field (several
 * phones), a row takes the first of them, in this order, that it fills.
 */
const HEADER_RULES: readonly [GuestImportField, RegExp][] = [
  ['name', /^(name|fullname|guest|guestname|guestsname|nameofguest|displayname|contactname)$/],
  ['givenName', /^(givenname|firstname|first|forename)$/],
  ['middleName', /^(middlename|additionalname|middle)$/],
  ['familyName', /^(familyname|lastname|surname|last)$/],
  ['email', /^(email|emailaddress|mail)$/],
  ['email', /^(email\d+(value|address)?|emailaddress\d+|primaryemail|email\d+emailaddress)$/],
  ['phone', /^(mobile|mobilephone|mobilenumber|cell|cellphone|cellnumber)$/],
  ['phone', /^(phone|phonenumber|telephone|tel|primaryphone)$/],
  ['phone', /^(phone\d+(value)?|homephone\d*|businessphone\d*|otherphone)$/],
  ['household', /^(household|householdname|family|invitation|invitationname)$/],
  ['side', /^(side|group|sidegroup|sideorgroup|groupmembership|labels|categories|category|relationship)$/],
  ['tags', /^(tags|tag|keywords)$/],
  ['meal', /^(meal|meals|mealchoice|menu|menuchoice|entree|food)$/],
  ['dietaryNote', /^(dietary|dietarynotes?|diet|dietaryneeds|dietaryrestrictions|allergies|allergy)$/],
  ['kashrutStandard', /^(kashrut|kashrutstandard|hechsher|kosher|kosherstandard|kashrutnotes?)$/],
  ['tableName', /^(table|tablename|tableno|tablenumber|seating|seat)$/],
  ['plusOnes', /^(plusones|plusone|plusonesallowed|guestsallowed|\+1|\+1s|extraguests)$/],
  ['address', /^(address|homeaddress|streetaddress|street|homestreet|mailingaddress|addressline1)$/],
  ['address', /^(address\d+(formatted|street)?)$/],
];

interface ColumnMap {
  columns: { header: string; field: GuestImportField | null }[];
  /** Per field, the column indexes to read, most wanted first. */
  sources: Map<GuestImportField, number[]>;
}

export function mapColumns(headers: string[]): ColumnMap {
  const ranked: { field: GuestImportField; rank: number; index: number }[] = [];
  const columns = headers.map((raw, index) => {
    const header = raw.trim();
    const key = headerKey(header);
    const rank = key ? HEADER_RULES.findIndex(([, rule]) => rule.test(key)) : -1;
    const field = rank >= 0 ? (HEADER_RULES[rank]?.[0] ?? null) : null;
    if (field) ranked.push({ field, rank, index });
    return { header, field };
  });
  const sources = new Map<GuestImportField, number[]>();
  for (const { field, index } of ranked.sort((a, b) => a.rank - b.rank || a.index - b.index)) {
    sources.set(field, [...(sources.get(field) ?? []), index]);
  }
  return { columns, sources };
}

// ---------------------------------------------------------------------------------------------------
// Values

/** A name as compared for duplicates: no accents, lower case, single spaces. */
export function foldName(name: string): string {
  return name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** A cell as written: trimmed, inner runs of spaces kept; an exported cell's guard quote removed. */
function cellText(value: string | undefined): string {
  const text = (value ?? '').trim();
  // Our export guards a cell a spreadsheet would run as a formula with a leading quote.
  return /^'[=+\-@]/.test(text) ? text.slice(1) : text;
}

/** The words people write for each meal, beside its label. */
const MEAL_WORDS: Record<Meal, string[]> = {
  meat: ['meat', 'fleishig', 'fleishigs', 'fleishik', 'fleishik'],
  dairy: ['dairy', 'milchig', 'milchigs', 'milchik'],
  fish: ['fish'],
  vegetarian: ['vegetarian', 'veg', 'veggie'],
  vegan: ['vegan', 'plantbased'],
  children: ['children', 'childrens', 'child', 'childs', 'kids', 'kid', 'kiddie', 'kiddies'],
};

/**
 * The meal a cell names: a meal or its label in any case ("Children's", "VEG", "Vegetarian meal"),
 * or the start of exactly one meal's word ("veget"). Null for an empty cell; undefined when it names
 * no meal or more than one.
 */
export function mealOf(value: string): Meal | null | undefined {
  const key = value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .replace(/(meal|menu|option|plate)$/, '');
  if (!value.trim()) return null;
  if (!key) return undefined;
  for (const meal of MEALS) {
    if (MEAL_WORDS[meal].includes(key) || headerKey(MEAL_LABELS[meal]) === key) return meal;
  }
  if (key.length < 3) return undefined;
  const starts = MEALS.filter((meal) => MEAL_WORDS[meal].some((word) => word.startsWith(key)));
  return starts.length === 1 ? starts[0] : undefined;
}

/** Groups and labels: Google's "* myContacts ::: Family", Outlook's "Family;Work", or plain text. */
function groupsOf(value: string): string[] {
  return value
    .split(/:::|;/)
    .map((g) => g.trim())
    .filter((g) => g && !g.startsWith('*'));
}

function tagsOf(value: string): string[] {
  return value
    .split(/[,;]|:::/)
    .map((t) => t.trim())
    .filter(Boolean);
}

/** The fields a row is checked with: the same schema as a guest typed in by hand. */
const rowSchema = guestCreateInput.pick({
  name: true,
  email: true,
  phone: true,
  side: true,
  tags: true,
  meal: true,
  dietaryNote: true,
  kashrutStandard: true,
  tableName: true,
});

export interface GuestFileRow extends GuestFieldValues {
  row: number;
  plusOnes: number;
  /** The household cell, as written (empty: none). */
  household: string;
  surname: string;
  address: string;
  errors: { field: string; message: string }[];
}

export interface GuestFile {
  columns: ColumnMap['columns'];
  rows: GuestFileRow[];
  /** Whether the file has a household or an address column (how households are formed). */
  hasHouseholdColumn: boolean;
  hasAddressColumn: boolean;
}

/** Reads a file's rows and checks each; refuses a file without a name column or with too many rows. */
export function readGuestFile(bytes: Uint8Array): GuestFile {
  const text = decodeGuestFile(bytes);
  // The delimiter is guessed from the first lines without blank ones (a blank line would spoil the
  // guess); the whole file is then read with blank lines kept, so rows keep their numbers.
  const { delimiter } = Papa.parse<string[]>(text, {
    skipEmptyLines: 'greedy',
    preview: 20,
    delimitersToGuess: [',', '\t', ';', '|'],
  }).meta;
  const parsed = Papa.parse<string[]>(text, { header: false, skipEmptyLines: false, delimiter });
  const records = parsed.data;
  const isBlank = (record: string[]) => record.every((cell) => !cell?.trim());
  const headerAt = records.findIndex((record) => !isBlank(record));
  if (headerAt < 0) throw fileProblem(GUEST_IMPORT_MESSAGES.nothingToImport);
  const map = mapColumns(records[headerAt] ?? []);
  const has = (field: GuestImportField) => map.sources.has(field);
  if (!has('name') && !has('givenName') && !has('familyName')) {
    throw fileProblem(GUEST_MESSAGES.noNameColumn);
  }
  const dataAt: number[] = [];
  for (let i = headerAt + 1; i < records.length; i++) {
    if (!isBlank(records[i] as string[])) {
      dataAt.push(i);
      if (dataAt.length > GUEST_LIMITS.importRowsMax) throw fileProblem(GUEST_MESSAGES.tooManyRows);
    }
  }
  if (dataAt.length === 0) throw fileProblem(GUEST_IMPORT_MESSAGES.nothingToImport);
  const rows = dataAt.map((i) => readRow(records[i] as string[], i + 1, map));
  return {
    columns: map.columns,
    rows,
    hasHouseholdColumn: has('household'),
    hasAddressColumn: has('address'),
  };
}

function readRow(record: string[], row: number, map: ColumnMap): GuestFileRow {
  const first = (field: GuestImportField): string => {
    for (const index of map.sources.get(field) ?? []) {
      const value = cellText(record[index]);
      if (value) return value;
    }
    return '';
  };
  const given = first('givenName');
  const family = first('familyName');
  const name = (first('name') || [given, first('middleName'), family].filter(Boolean).join(' ')).replace(
    /\s+/g,
    ' ',
  );
  const errors: GuestFileRow['errors'] = [];

  const groups = groupsOf(first('side'));
  const tags = [...new Set([...groups.slice(1), ...tagsOf(first('tags'))])];
  const mealCell = first('meal');
  const meal = mealOf(mealCell);
  if (meal === undefined) errors.push({ field: 'meal', message: GUEST_MESSAGES.badMeal });

  const plusOnesCell = first('plusOnes');
  let plusOnes = 0;
  if (plusOnesCell) {
    const n = Number(plusOnesCell);
    if (Number.isInteger(n) && n >= 0 && n <= GUEST_LIMITS.plusOnesMax) plusOnes = n;
    else errors.push({ field: 'plusOnes', message: GUEST_IMPORT_MESSAGES.badPlusOnes });
  }
  const household = first('household').replace(/\s+/g, ' ');
  if (household.length > GUEST_LIMITS.householdNameMax) {
    errors.push({ field: 'household', message: GUEST_IMPORT_MESSAGES.badHousehold });
  }

  const checked = rowSchema.safeParse({
    name,
    email: first('email'),
    phone: first('phone'),
    side: groups[0] ?? null,
    tags,
    meal: meal ?? null,
    dietaryNote: first('dietaryNote'),
    kashrutStandard: first('kashrutStandard'),
    tableName: first('tableName'),
  });
  const fields = checked.success ? checked.data : null;
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const field = String(issue.path[0] ?? 'row');
      // One message per field is enough to fix it.
      if (!errors.some((e) => e.field === field)) errors.push({ field, message: issue.message });
    }
  }
  const orNull = (v: string) => v || null;
  return {
    row,
    name: fields?.name ?? name,
    email: fields ? fields.email : orNull(first('email')),
    phone: fields ? fields.phone : orNull(first('phone')),
    side: fields ? fields.side : (groups[0] ?? null),
    tags: fields?.tags ?? tags,
    meal: meal ?? null,
    dietaryNote: fields ? fields.dietaryNote : orNull(first('dietaryNote')),
    kashrutStandard: fields ? fields.kashrutStandard : orNull(first('kashrutStandard')),
    tableName: fields ? fields.tableName : orNull(first('tableName')),
    plusOnes,
    household,
    surname: family || (name.split(' ').at(-1) ?? ''),
    address: first('address').replace(/\s+/g, ' '),
    errors,
  };
}

// ---------------------------------------------------------------------------------------------------
// The plan: households and duplicates against the list

interface PlannedHousehold {
  id: string;
  name: string;
  existing: boolean;
  plusOnesAllowed: number;
}

export interface GuestImportPlan {
  preview: GuestImportPreviewDto;
  /** Per row of the preview (same order), its household. */
  householdOf: PlannedHousehold[];
}

/**
 * Which household each row joins, and whom it repeats: households from the household column, else
 * from a shared surname and address, else one per guest named after them; an existing household of
 * the list with the same name (in any case) is reused. A duplicate has the e-mail (in any case) or the
 * folded name of a guest on the list or of an earlier row.
 */
export async function planGuestImport(
  db: Db,
  mainEventId: string,
  file: GuestFile,
): Promise<GuestImportPlan> {
  const [households, guests] = await Promise.all([
    db
      .selectFrom('households')
      .select(['id', 'name', 'plusOnesAllowed'])
      .where('eventId', '=', mainEventId)
      .orderBy('createdAt')
      .execute(),
    db.selectFrom('guests').select(['id', 'name', 'email']).where('eventId', '=', mainEventId).execute(),
  ]);
  const byName = new Map<string, PlannedHousehold>();
  for (const h of households) {
    const key = foldName(h.name);
    if (!byName.has(key))
      byName.set(key, { id: h.id, name: h.name, existing: true, plusOnesAllowed: h.plusOnesAllowed });
  }
  const householdNamed = (name: string): PlannedHousehold => {
    const key = foldName(name);
    let found = byName.get(key);
    if (!found) {
      found = { id: randomUUID(), name, existing: false, plusOnesAllowed: 0 };
      byName.set(key, found);
    }
    return found;
  };

  // Rows without a household cell: grouped by surname and address when the file has addresses.
  const groupSize = new Map<string, number>();
  const groupKey = (r: GuestFileRow) =>
    file.hasAddressColumn && r.address && r.surname
      ? `${foldName(r.surname)}\u0000${foldName(r.address)}`
      : null;
  for (const r of file.rows) {
    const key = r.household ? null : groupKey(r);
    if (key) groupSize.set(key, (groupSize.get(key) ?? 0) + 1);
  }
  const householdNameOf = (r: GuestFileRow): string => {
    if (r.household) return r.household;
    const key = groupKey(r);
    if (key && (groupSize.get(key) ?? 0) > 1)
      return `${r.surname} family`.slice(0, GUEST_LIMITS.householdNameMax);
    return (r.name || `Row ${r.row}`).slice(0, GUEST_LIMITS.householdNameMax);
  };

  const listByEmail = new Map<string, { id: string; name: string }>();
  const listByName = new Map<string, { id: string; name: string }>();
  for (const g of guests) {
    if (g.email) listByEmail.set(g.email.toLowerCase(), g);
    listByName.set(foldName(g.name), g);
  }
  const fileByEmail = new Map<string, GuestFileRow>();
  const fileByName = new Map<string, GuestFileRow>();

  const householdOf: PlannedHousehold[] = [];
  const rows: GuestImportRowDto[] = [];
  let errors = 0;
  let duplicates = 0;
  for (const r of file.rows) {
    const household = householdNamed(householdNameOf(r));
    householdOf.push(household);
    if (!household.existing) household.plusOnesAllowed = Math.max(household.plusOnesAllowed, r.plusOnes);
    const email = r.email?.toLowerCase() ?? null;
    const folded = r.name ? foldName(r.name) : null;
    const onList = (email && listByEmail.get(email)) || (folded && listByName.get(folded)) || null;
    const inFile = (email && fileByEmail.get(email)) || (folded && fileByName.get(folded)) || null;
    let duplicateOf: GuestImportRowDto['duplicateOf'];
    if (onList) duplicateOf = { kind: 'list', guestId: onList.id, name: onList.name };
    else if (inFile) duplicateOf = { kind: 'file', row: inFile.row, name: inFile.name };
    if (email && !fileByEmail.has(email)) fileByEmail.set(email, r);
    if (folded && !fileByName.has(folded)) fileByName.set(folded, r);
    if (r.errors.length > 0) errors++;
    if (duplicateOf) duplicates++;
    rows.push({
      row: r.row,
      name: r.name,
      email: r.email,
      phone: r.phone,
      household: household.name,
      existingHousehold: household.existing,
      side: r.side,
      tags: r.tags,
      meal: r.meal,
      dietaryNote: r.dietaryNote,
      kashrutStandard: r.kashrutStandard,
      tableName: r.tableName,
      plusOnes: r.plusOnes,
      errors: r.errors,
      ...(duplicateOf ? { duplicateOf } : {}),
    });
  }
  const used = new Set(householdOf);
  return {
    preview: {
      columns: file.columns,
      rows,
      households: used.size,
      newHouseholds: [...used].filter((h) => !h.existing).length,
      guests: rows.length,
      errors,
      duplicates,
    },
    householdOf,
  };
}

// ---------------------------------------------------------------------------------------------------
// The doors' entry points

/** The preview of importing `bytes` into the list of `list` (nothing is written). */
export async function previewGuestImport(
  db: Db,
  list: GuestListEvent,
  bytes: Uint8Array,
): Promise<GuestImportPreviewDto> {
  return (await planGuestImport(db, list.id, readGuestFile(bytes))).preview;
}

export interface GuestImportOptions {
  /** Rows that repeat a guest or an earlier row are imported too (default: left out). */
  includeDuplicates?: boolean;
  /** Sub-events (or the main event) of the list the guests are invited to, besides the main event. */
  invitedTo?: string[];
}

/** A refusal listing each row's problems as field messages (`rows.<row>.<field>`). */
function rowsProblem(preview: GuestImportPreviewDto): TRPCError {
  const bad = preview.rows.filter((r) => r.errors.length > 0);
  const issues = bad.flatMap((r) =>
    r.errors.map((e) => ({
      code: 'custom' as const,
      path: ['rows', r.row, e.field],
      message: GUEST_IMPORT_MESSAGES.rowProblem(r.row, e.message),
      input: undefined,
    })),
  );
  return new TRPCError({
    code: 'BAD_REQUEST',
    message: GUEST_IMPORT_MESSAGES.rowsHaveErrors(bad.length),
    cause: new ZodRealError(issues),
  });
}

const fieldProblem = (field: string, message: string) =>
  new TRPCError({
    code: 'BAD_REQUEST',
    message,
    cause: new ZodRealError([{ code: 'custom', path: [field], message, input: undefined }]),
  });

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters at a guest's 12 columns. */
const CHUNK = 2000;

/**
 * Imports `bytes` into the list of `list` in one transaction: new households, the guests, and their
 * invitations to the main event (and `invitedTo`), each in multi-row INSERTs; the list's people are
 * told it changed. Refused whole when any row has a problem; duplicates are left out unless asked for.
 */
export async function importGuestFile(
  db: Db,
  list: GuestListEvent,
  bytes: Uint8Array,
  options: GuestImportOptions = {},
): Promise<GuestImportResultDto> {
  const file = readGuestFile(bytes);
  if (file.rows.some((r) => r.errors.length > 0)) {
    // Said before any lock is taken; the plan inside the transaction says it again for duplicates.
    throw rowsProblem((await planGuestImport(db, list.id, file)).preview);
  }
  const events = await listEventIdsOfList(db, list.id);
  const invitedTo = [...new Set([list.id, ...(options.invitedTo ?? [])])];
  if (invitedTo.some((id) => !events.includes(id)))
    throw fieldProblem('invitedTo', GUEST_MESSAGES.eventNotOnList);

  return inTransaction(db, async (trx) => {
    // One import of a list at a time, so two cannot both make the same new household.
    await sql`SELECT 1 FROM events WHERE id = ${list.id} FOR UPDATE`.execute(trx);
    const { preview, householdOf } = await planGuestImport(trx, list.id, file);
    const keep = preview.rows
      .map((row, i) => ({ row, household: householdOf[i] as PlannedHousehold }))
      .filter(({ row }) => options.includeDuplicates || !row.duplicateOf);
    const skipped = preview.rows.length - keep.length;
    const onList = await trx
      .selectFrom('guests')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('eventId', '=', list.id)
      .executeTakeFirstOrThrow();
    if (Number(onList.n) + keep.length > GUEST_LIMITS.guestsPerEventMax) {
      throw fieldProblem('file', GUEST_IMPORT_MESSAGES.listFull);
    }

    const newHouseholds = [...new Set(keep.map((k) => k.household))].filter((h) => !h.existing);
    for (let i = 0; i < newHouseholds.length; i += CHUNK) {
      await trx
        .insertInto('households')
        .values(
          newHouseholds.slice(i, i + CHUNK).map((h) => ({
            id: h.id,
            eventId: list.id,
            name: h.name,
            plusOnesAllowed: h.plusOnesAllowed,
          })),
        )
        .execute();
    }
    // Each a microsecond after the one before: the list keeps the file's order (now() is the same
    // for every row of a transaction).
    const guests = keep.map(({ row, household }, i) => ({
      id: randomUUID(),
      createdAt: sql<Date>`now() + ${i} * interval '1 microsecond'`,
      eventId: list.id,
      householdId: household.id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      side: row.side,
      tags: row.tags,
      meal: row.meal,
      dietaryNote: row.dietaryNote,
      kashrutStandard: row.kashrutStandard,
      tableName: row.tableName,
    }));
    for (let i = 0; i < guests.length; i += CHUNK) {
      await trx
        .insertInto('guests')
        .values(guests.slice(i, i + CHUNK))
        .execute();
    }
    const invitations = guests.flatMap((g) => invitedTo.map((eventId) => ({ guestId: g.id, eventId })));
    for (let i = 0; i < invitations.length; i += CHUNK * 4) {
      await trx
        .insertInto('guestInvitations')
        .values(invitations.slice(i, i + CHUNK * 4))
        .execute();
    }
    if (guests.length > 0) await publishGuestListChange(trx, list.id);
    return { imported: guests.length, households: newHouseholds.length, skipped };
  });
}
