import { TRPCError } from '@trpc/server';
import fc from 'fast-check';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  GUEST_IMPORT_MESSAGES,
  GUEST_LIMITS,
  GUEST_MESSAGES,
  type GuestImportPreviewDto,
  type GuestImportResultDto,
} from '../../../shared/schemas/guests';
import { createEvent, createUser } from '../../demo/factories';
import { messageCodeFields } from '../../platform/http/errors';
import { harnessForFile } from '../../test/harness';
import { multipartBody, png } from '../../test/uploads';
import { approvePending } from '../family/family.service';
import { decodeGuestFile, mealOf, readGuestFile } from './guests.import';

const h = harnessForFile();

interface Person {
  id: string;
  cookie: string;
}
let owner: Person;
let circleMate: Person;
let stranger: Person;

async function person(familyLabel?: string): Promise<Person> {
  const user = await createUser(h.db, { familyLabel });
  return { id: user.id, cookie: await h.cookieFor(user.id) };
}

beforeAll(async () => {
  // Every import here goes through; the limit is the upload limit's, tested with uploads.
  h.deps.config.limits.uploads = { max: 100_000, windowMs: 60_000 };
  owner = await person('Katz Family');
  circleMate = await person('Katz Family');
  await approvePending(h.db, owner.id, circleMate.id, new Date());
  stranger = await person();
});

async function newList(userId = owner.id) {
  return createEvent(h.db, userId, { title: 'Dina & Yoni’s Wedding', type: 'Wedding' });
}

async function subEventOf(mainId: string, title = 'Sheva Brachot') {
  const sub = await createEvent(h.db, owner.id, { title, type: 'Sheva Brachot' });
  await h.db.updateTable('events').set({ parentEventId: mainId }).where('id', '=', sub.id).execute();
  return sub;
}

function post(
  eventId: string,
  file: Buffer | string,
  query = '',
  who: Person | null = owner,
  field = 'file',
) {
  const body = multipartBody([{ field, content: file, filename: 'guests.csv', contentType: 'text/csv' }]);
  return h.inject({
    method: 'POST',
    url: `/api/events/${eventId}/guests/import${query}`,
    headers: { ...body.headers, ...(who ? { cookie: who.cookie } : {}) },
    payload: body.payload,
  });
}

async function preview(eventId: string, file: Buffer | string): Promise<GuestImportPreviewDto> {
  const res = await post(eventId, file, '?dryRun=true');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function counts(eventId: string) {
  const one = async (table: 'guests' | 'households') =>
    Number(
      (
        await h.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('eventId', '=', eventId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const invitations = await h.db
    .selectFrom('guestInvitations as i')
    .innerJoin('guests as g', 'g.id', 'i.guestId')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('g.eventId', '=', eventId)
    .executeTakeFirstOrThrow();
  return {
    guests: await one('guests'),
    households: await one('households'),
    invitations: Number(invitations.n),
  };
}

function errorOf(res: { json(): unknown }) {
  return (
    res.json() as {
      error: { code: string; message: string; issues?: { path: unknown[]; message: string }[] };
    }
  ).error;
}

/** As Google Contacts exports ("Google CSV"): Name, the name's parts, numbered e-mails and phones, groups. */
const GOOGLE_CSV = [
  'Name,Given Name,Additional Name,Family Name,Nickname,Birthday,Notes,Group Membership,E-mail 1 - Type,E-mail 1 - Value,E-mail 2 - Type,E-mail 2 - Value,Phone 1 - Type,Phone 1 - Value,Address 1 - Formatted',
  'Miriam Katz,Miriam,,Katz,,,,* myContacts ::: Bride’s family,* Home,miriam.katz@example.com,,,Mobile,+1 201-555-0101,',
  'Yaakov Katz,Yaakov,,Katz,,,,* myContacts ::: Bride’s family ::: Shul,* Home,,Work,yaakov@example.com,Mobile,,',
  '"Lévy, Noa",Noa,,Lévy,,,"Likes ""the band""",* myContacts ::: Friends,* Home,noa.levy@example.com,,,,,',
].join('\r\n');

/** As Excel saves "Unicode text": UTF-16 little-endian with its byte order mark, tab-separated. */
function excelUnicodeText(lines: string[]): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf16le')]);
}

const EXCEL_LINES = [
  'First Name\tLast Name\tE-mail Address\tMobile Phone\tHome Street\tMeal\tDietary\tTable',
  'Shmuel\tGold\tshmuel.gold@example.com\t(212) 555-0150\t12 Elm Road\tMeat\t\t3',
  'Tova\tGold\ttova.gold@example.com\t\t12 Elm  Road\tChildren’s\tNo nuts\t3',
  'Ari\tGold\t\t\t40 Oak Avenue\tveg\t\t5',
  'Dov\tWeiss\tdov@example.com\t\t12 Elm Road\tfish\t\t5',
];

describe('reading a file', () => {
  it('reads Google Contacts: the name, the first e-mail and phone given, groups as side and tags', async () => {
    const list = await newList();
    const result = await preview(list.id, GOOGLE_CSV);
    expect(result.columns.find((c) => c.header === 'E-mail 1 - Value')?.field).toBe('email');
    expect(result.columns.find((c) => c.header === 'E-mail 1 - Type')?.field).toBeNull();
    expect(result.columns.find((c) => c.header === 'Group Membership')?.field).toBe('side');
    expect(result.rows.map((r) => [r.row, r.name, r.email, r.phone, r.side, r.tags])).toEqual([
      [2, 'Miriam Katz', 'miriam.katz@example.com', '+1 201-555-0101', 'Bride’s family', []],
      [3, 'Yaakov Katz', 'yaakov@example.com', null, 'Bride’s family', ['Shul']],
      [4, 'Lévy, Noa', 'noa.levy@example.com', null, 'Friends', []],
    ]);
    // No household or address column: one household per guest, named after them.
    expect(result.rows.map((r) => r.household)).toEqual(['Miriam Katz', 'Yaakov Katz', 'Lévy, Noa']);
    expect(result).toMatchObject({ guests: 3, households: 3, newHouseholds: 3, errors: 0, duplicates: 0 });
  });

  it('reads Excel Unicode text (UTF-16 LE, tabs) and makes households of a surname at one address', async () => {
    const list = await newList();
    const result = await preview(list.id, excelUnicodeText(EXCEL_LINES));
    expect(result.rows.map((r) => [r.name, r.household, r.meal, r.tableName])).toEqual([
      ['Shmuel Gold', 'Gold family', 'meat', '3'],
      ['Tova Gold', 'Gold family', 'children', '3'],
      ['Ari Gold', 'Ari Gold', 'vegetarian', '5'],
      ['Dov Weiss', 'Dov Weiss', 'fish', '5'],
    ]);
    expect(result.rows[1]?.dietaryNote).toBe('No nuts');
    expect(result).toMatchObject({ households: 3, errors: 0 });
  });

  it('reads UTF-16 big-endian and UTF-8 with a byte order mark alike', () => {
    const text = 'Name;Email\r\nRivka Stern;rivka@example.com\r\n';
    const be = Buffer.from(text, 'utf16le').swap16();
    for (const bytes of [
      Buffer.concat([Buffer.from([0xfe, 0xff]), be]),
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]),
    ]) {
      const file = readGuestFile(bytes);
      expect(file.rows.map((r) => [r.name, r.email])).toEqual([['Rivka Stern', 'rivka@example.com']]);
      expect(file.columns[0]?.header).toBe('Name');
    }
  });

  it('numbers rows as the file does, blank lines counted and skipped', () => {
    const file = readGuestFile(Buffer.from('Name\n\nA One\n,\nB Two\n'));
    expect(file.rows.map((r) => [r.row, r.name])).toEqual([
      [3, 'A One'],
      [5, 'B Two'],
    ]);
  });

  it('reads meal labels only when they name one meal', () => {
    expect(
      ['Meat', "Children's", 'children’s', 'VEG', 'Vegan', 'veget', 'Dairy meal', 'milchig', ''].map(mealOf),
    ).toEqual(['meat', 'children', 'children', 'vegetarian', 'vegan', 'vegetarian', 'dairy', 'dairy', null]);
    // "ve" starts vegetarian and vegan; "pizza" is no meal.
    expect(['ve', 'vega', 'pizza', '?'].map(mealOf)).toEqual([undefined, 'vegan', undefined, undefined]);
  });

  it('refuses files that are not text, by their bytes', async () => {
    const list = await newList();
    const xlsx = Buffer.concat([
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]),
      Buffer.from('[Content_Types].xml'),
    ]);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n');
    const notUtf8 = Buffer.from([0x4e, 0x61, 0x6d, 0x65, 0x0a, 0x4c, 0xe9, 0x76, 0x79, 0x0a]); // Latin-1 "Lévy"
    const withNul = Buffer.from('Name\nA\u0000B\n');
    for (const bytes of [await png(20, 20), xlsx, pdf, notUtf8, withNul]) {
      const res = await post(list.id, bytes, '?dryRun=true');
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).message).toBe(GUEST_MESSAGES.notText);
      expect(errorOf(res).issues).toEqual([
        { path: ['file'], message: GUEST_MESSAGES.notText, ...messageCodeFields(GUEST_MESSAGES.notText) },
      ]);
    }
    expect(() => decodeGuestFile(Buffer.from('Name\nDina\n'))).not.toThrow();
  });

  it('refuses 10,001 rows, and reads 10,000', async () => {
    const list = await newList();
    const lines = (n: number) =>
      ['Name,Email', ...Array.from({ length: n }, (_, i) => `Guest ${i},g${i}@example.com`)].join('\n');
    const res = await post(list.id, lines(GUEST_LIMITS.importRowsMax + 1), '?dryRun=true');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(GUEST_MESSAGES.tooManyRows);
    const ok = await preview(list.id, lines(GUEST_LIMITS.importRowsMax));
    expect(ok.guests).toBe(GUEST_LIMITS.importRowsMax);
  });

  it('refuses a file over 2 MB at the door, and one without a name column', async () => {
    const list = await newList();
    const big = `Name\n${'x'.repeat(GUEST_LIMITS.importBytesMax)}\n`;
    const res = await post(list.id, big, '?dryRun=true');
    expect(res.statusCode).toBe(413);
    expect(errorOf(res).message).toBe(GUEST_MESSAGES.fileTooLarge);
    const noName = await post(list.id, 'Email,Phone\na@example.com,1\n', '?dryRun=true');
    expect(noName.statusCode).toBe(400);
    expect(errorOf(noName).message).toBe(GUEST_MESSAGES.noNameColumn);
    const wrongField = await post(list.id, GOOGLE_CSV, '?dryRun=true', owner, 'upload');
    expect(wrongField.statusCode).toBe(400);
    expect(errorOf(wrongField).message).toBe(GUEST_IMPORT_MESSAGES.wrongField);
  });
});

describe('any bytes at all', () => {
  it('are read as rows or refused with a message, never thrown at as something else', () => {
    const cell = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom('"', '""', '\r\n', '\t', ';', ':::', "'=1", 'veg', '\uFEFF', '\uD800', 'x'.repeat(200)),
    );
    const csv = fc
      .tuple(
        fc.subarray([
          'Name',
          'Email',
          'Meal',
          'Household',
          'Address',
          'Plus-ones',
          'Tags',
          'Group Membership',
        ]),
        fc.array(fc.array(cell, { maxLength: 9 }), { maxLength: 8 }),
        fc.constantFrom(',', '\t', ';'),
      )
      .map(([header, rows, d]) => Buffer.from([header, ...rows].map((r) => r.join(d)).join('\n')));
    const bytes = fc.oneof(
      csv,
      fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)),
    );
    fc.assert(
      fc.property(bytes, (file) => {
        try {
          const read = readGuestFile(file);
          for (const r of read.rows) expect(r.row).toBeGreaterThan(1);
        } catch (error) {
          expect(error).toBeInstanceOf(TRPCError);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('rows with problems', () => {
  const BAD =
    'Name,Email,Meal\nGood Guest,good@example.com,Dairy\nBad Mail,not-an-address,Meat\nBad Meal,meal@example.com,pizza\n';

  it('gives per-row field messages in the preview', async () => {
    const list = await newList();
    const result = await preview(list.id, BAD);
    expect(result.rows.map((r) => [r.row, r.errors])).toEqual([
      [2, []],
      [3, [{ field: 'email', message: GUEST_MESSAGES.badEmail }]],
      [4, [{ field: 'meal', message: GUEST_MESSAGES.badMeal }]],
    ]);
    expect(result.errors).toBe(2);
  });

  it('refuses the import whole while any row has one, and writes nothing', async () => {
    const list = await newList();
    const res = await post(list.id, BAD);
    expect(res.statusCode).toBe(400);
    // The message is the first problem's, as every field message is.
    expect(errorOf(res).message).toBe(`Row 3: ${GUEST_MESSAGES.badEmail}`);
    expect(errorOf(res).issues).toEqual([
      {
        path: ['rows', 3, 'email'],
        message: `Row 3: ${GUEST_MESSAGES.badEmail}`,
        messageCode: 'guestImport.rowProblem',
        messageParams: { row: 3, message: GUEST_MESSAGES.badEmail },
      },
      {
        path: ['rows', 4, 'meal'],
        message: `Row 4: ${GUEST_MESSAGES.badMeal}`,
        ...messageCodeFields(`Row 4: ${GUEST_MESSAGES.badMeal}`),
      },
    ]);
    expect(await counts(list.id)).toEqual({ guests: 0, households: 0, invitations: 0 });
  });
});

describe('duplicates', () => {
  it('finds them in the file and on the list, by e-mail in any case or by folded name', async () => {
    const list = await newList();
    expect((await post(list.id, 'Name,Email\nSara Cohen,sara@example.com\n')).statusCode).toBe(200);
    const [onList] = await h.db.selectFrom('guests').select(['id']).where('eventId', '=', list.id).execute();
    const file = [
      'Name,Email',
      'Someone Else,SARA@example.com', // the list's Sara, by e-mail
      'Chaim Běrger,chaim@example.com',
      'chaim  berger,', // row 3, by name without accents and spaces
      'Leah Adler,chaim@EXAMPLE.com', // row 3, by e-mail
      'New Person,new@example.com',
    ].join('\n');
    const result = await preview(list.id, file);
    expect(result.rows.map((r) => r.duplicateOf ?? null)).toEqual([
      { kind: 'list', guestId: onList?.id, name: 'Sara Cohen' },
      null,
      { kind: 'file', row: 3, name: 'Chaim Běrger' },
      { kind: 'file', row: 3, name: 'Chaim Běrger' },
      null,
    ]);
    expect(result.duplicates).toBe(3);

    const skipped = await post(list.id, file);
    expect(skipped.json()).toEqual({ imported: 2, households: 2, skipped: 3 } satisfies GuestImportResultDto);
    const again = await post(list.id, 'Name\nNew Person\n', '?includeDuplicates=true');
    expect(again.json()).toEqual({ imported: 1, households: 0, skipped: 0 });
    // The second New Person joins the household of the first (same name).
    expect(await counts(list.id)).toMatchObject({ guests: 4, households: 3 });
  });
});

describe('importing', () => {
  it('answers the preview without writing anything', async () => {
    const list = await newList();
    await preview(list.id, GOOGLE_CSV);
    await preview(list.id, excelUnicodeText(EXCEL_LINES));
    expect(await counts(list.id)).toEqual({ guests: 0, households: 0, invitations: 0 });
  });

  it('writes households, guests and invitations, reusing a household of the same name', async () => {
    const list = await newList();
    const sheva = await subEventOf(list.id);
    await h.db.insertInto('households').values({ eventId: list.id, name: 'THE GOLD FAMILY' }).execute();
    const file = [
      'Name,Household,Email,Plus-ones,Tags',
      'Shmuel Gold,The Gold Family,shmuel@example.com,,Shul; Work',
      'Tova Gold,the gold family,,,',
      'Dov Weiss,Weiss,dov@example.com,2,',
    ].join('\n');
    const planned = await preview(list.id, file);
    expect(planned.rows.map((r) => [r.household, r.existingHousehold])).toEqual([
      ['THE GOLD FAMILY', true],
      ['THE GOLD FAMILY', true],
      ['Weiss', false],
    ]);
    expect(planned).toMatchObject({ households: 2, newHouseholds: 1 });
    const res = await post(list.id, file, `?invitedTo=${sheva.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ imported: 3, households: 1, skipped: 0 });
    expect(await counts(list.id)).toEqual({ guests: 3, households: 2, invitations: 6 });
    const households = await h.db
      .selectFrom('households')
      .select(['name', 'plusOnesAllowed'])
      .where('eventId', '=', list.id)
      .orderBy('name')
      .execute();
    expect(households).toEqual([
      { name: 'THE GOLD FAMILY', plusOnesAllowed: 0 },
      { name: 'Weiss', plusOnesAllowed: 2 },
    ]);
    const shmuel = await h.db
      .selectFrom('guests')
      .select(['tags', 'email'])
      .where('name', '=', 'Shmuel Gold')
      .where('eventId', '=', list.id)
      .executeTakeFirstOrThrow();
    expect(shmuel).toEqual({ tags: ['Shul', 'Work'], email: 'shmuel@example.com' });
    const live = await h.db
      .selectFrom('liveEvents')
      .select('userId')
      .where(sql<boolean>`ref->>'eventId' = ${list.id}`)
      .execute();
    expect(live.map((e) => e.userId).sort()).toEqual([owner.id, circleMate.id].sort());
  });

  it('refuses invitations to an event that is not on the list', async () => {
    const list = await newList();
    const other = await newList();
    const res = await post(list.id, 'Name\nA Guest\n', `?invitedTo=${other.id}`);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).issues).toEqual([
      {
        path: ['invitedTo'],
        message: GUEST_MESSAGES.eventNotOnList,
        ...messageCodeFields(GUEST_MESSAGES.eventNotOnList),
      },
    ]);
    expect(await counts(list.id)).toEqual({ guests: 0, households: 0, invitations: 0 });
  });

  it('writes in one transaction: a row the database refuses leaves nothing behind', async () => {
    const list = await newList();
    // Refused at the last INSERT (the invitations), after the households and guests went in.
    await sql`CREATE FUNCTION refuse_boom() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF (SELECT name FROM guests WHERE id = NEW.guest_id) = 'Boom Refused' THEN
          RAISE EXCEPTION 'refused by the test';
        END IF;
        RETURN NEW;
      END $$`.execute(h.db);
    await sql`CREATE TRIGGER refuse_boom BEFORE INSERT ON guest_invitations FOR EACH ROW
      EXECUTE FUNCTION refuse_boom()`.execute(h.db);
    try {
      const file = ['Name', ...Array.from({ length: 50 }, (_, i) => `Guest ${i}`), 'Boom Refused'].join('\n');
      const res = await post(list.id, file);
      expect(res.statusCode).toBe(500);
      expect(await counts(list.id)).toEqual({ guests: 0, households: 0, invitations: 0 });
    } finally {
      await sql`DROP TRIGGER refuse_boom ON guest_invitations`.execute(h.db);
      await sql`DROP FUNCTION refuse_boom()`.execute(h.db);
    }
  });
});

describe('who may import', () => {
  it('lets the owner and active circle-mates import; anyone else finds no event', async () => {
    const list = await newList();
    expect((await post(list.id, 'Name\nA Guest\n', '', circleMate)).statusCode).toBe(200);
    const refused = await post(list.id, 'Name\nB Guest\n', '', stranger);
    expect(refused.statusCode).toBe(404);
    expect(errorOf(refused).message).toBe('Event not found');
    expect((await post(list.id, 'Name\nB Guest\n', '?dryRun=true', stranger)).statusCode).toBe(404);
    expect((await post(list.id, 'Name\nB Guest\n', '', null)).statusCode).toBe(401);
    expect((await post('not-a-uuid', 'Name\nB Guest\n')).statusCode).toBe(404);
    expect(await counts(list.id)).toMatchObject({ guests: 1 });
  });
});
