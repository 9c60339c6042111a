import { beforeAll, describe, expect, it } from 'vitest';
import { GUEST_MESSAGES } from '../../../shared/schemas/guests';
import { createEvent, createUser } from '../../demo/factories';
import { harnessForFile } from '../../test/harness';
import { multipartBody } from '../../test/uploads';
import { approvePending } from '../family/family.service';
import { csvField } from './guests.export';

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
  h.deps.config.limits.uploads = { max: 100_000, windowMs: 60_000 };
  owner = await person('Stern Family');
  circleMate = await person('Stern Family');
  await approvePending(h.db, owner.id, circleMate.id, new Date());
  stranger = await person();
});

const newList = (title = 'Rivka & Moshe’s Wedding') =>
  createEvent(h.db, owner.id, { title, type: 'Wedding', venue: 'Shalom Gardens' });

async function subEventOf(mainId: string, title: string) {
  const sub = await createEvent(h.db, owner.id, { title, type: 'Aufruf' });
  await h.db.updateTable('events').set({ parentEventId: mainId }).where('id', '=', sub.id).execute();
  return sub;
}

async function importFile(eventId: string, file: string | Buffer, query = '') {
  const body = multipartBody([
    { field: 'file', content: file, filename: 'guests.csv', contentType: 'text/csv' },
  ]);
  const res = await h.inject({
    method: 'POST',
    url: `/api/events/${eventId}/guests/import${query}`,
    headers: { ...body.headers, cookie: owner.cookie },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const get = (url: string, who: Person | null = owner) =>
  h.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });

const SAMPLE = [
  'Name,Email,Phone,Household,Side,Tags,Meal,Dietary,Kashrut,Table,Plus-ones',
  'Rivka Stern,rivka@example.com,+1 (201) 555-0142,Stern family,Bride’s family,Shul; Cousins,Dairy,"No nuts, no sesame",Chalav Yisrael,1,2',
  'Moshe Stern,,,Stern family,Bride’s family,,Children’s,,,1,2',
  '"Dr. ""Avi"" Klein",avi@example.com,-5,Klein,Groom’s family,,Vegan,,,12,0',
  '=HYPERLINK("http://evil.example.com"),,@SUM(A1),Formula,Friends,,,,,,0',
  'Noa Lévy,noa@example.com,,Lévy,Friends,,,,,,0',
].join('\r\n');

describe('the CSV export', () => {
  it('guards formula cells and quotes as RFC 4180 says', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('+1 (201) 555-0142')).toBe('+1 (201) 555-0142');
    expect(csvField('-cmd|calc')).toBe("'-cmd|calc");
  });

  it('reads back through the import as the same list', async () => {
    const first = await newList();
    await importFile(first.id, SAMPLE);
    const exported = await get(`/api/events/${first.id}/guests.csv`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(exported.headers['content-disposition']).toBe(
      'attachment; filename="rivka-moshe-s-wedding-guests.csv"',
    );
    expect(exported.headers['cache-control']).toBe('private, no-store');
    expect(exported.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const csv = exported.rawPayload.toString('utf8');
    expect(csv).toContain(
      '\r\nRivka Stern,rivka@example.com,+1 (201) 555-0142,Stern family,Bride’s family,Shul; Cousins,Dairy,"No nuts, no sesame",Chalav Yisrael,1,2,\r\n',
    );
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example.com"")",,'@SUM(A1),`);

    const second = await newList('The copy');
    const result = await importFile(second.id, exported.rawPayload);
    expect(result).toEqual({ imported: 5, households: 4, skipped: 0 });
    const again = await get(`/api/events/${second.id}/guests.csv`);
    expect(again.rawPayload.toString('utf8')).toBe(csv);
    const klein = await h.db
      .selectFrom('guests')
      .select(['name', 'phone', 'meal', 'tableName'])
      .where('eventId', '=', second.id)
      .where('email', '=', 'avi@example.com')
      .executeTakeFirstOrThrow();
    expect(klein).toEqual({ name: 'Dr. "Avi" Klein', phone: '-5', meal: 'vegan', tableName: '12' });
  });

  it('filters by a sub-event with its RSVP column', async () => {
    const list = await newList();
    const aufruf = await subEventOf(list.id, 'Aufruf');
    await importFile(list.id, 'Name,Email\nInvited Both,both@example.com\n', `?invitedTo=${aufruf.id}`);
    await importFile(list.id, 'Name,Email\nWedding Only,only@example.com\n');
    const both = await h.db
      .selectFrom('guests')
      .select('id')
      .where('name', '=', 'Invited Both')
      .executeTakeFirstOrThrow();
    await h.db
      .updateTable('guestInvitations')
      .set({ rsvp: 'attending' })
      .where('guestId', '=', both.id)
      .where('eventId', '=', aufruf.id)
      .execute();
    const res = await get(`/api/events/${list.id}/guests.csv?eventId=${aufruf.id}`);
    const lines = res.rawPayload.toString('utf8').replace('\uFEFF', '').split('\r\n');
    expect(lines[0]?.endsWith(',Guest of,RSVP')).toBe(true);
    expect(lines.slice(1).filter(Boolean)).toEqual([
      'Invited Both,both@example.com,,Invited Both,,,,,,,0,,Attending',
    ]);
    // Opened from the sub-event, the list is filtered to it too.
    const fromSub = await get(`/api/events/${aufruf.id}/guests.csv`);
    expect(fromSub.rawPayload.toString('utf8')).toBe(res.rawPayload.toString('utf8'));
    const other = await newList();
    const refused = await get(`/api/events/${list.id}/guests.csv?eventId=${other.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(GUEST_MESSAGES.eventNotOnList);
  });
});

describe('the printable list', () => {
  it('lists households with answers, meals and totals, every text escaped, not for search engines', async () => {
    const list = await newList();
    await importFile(
      list.id,
      [
        'Name,Household,Meal,Table',
        '<script>alert(1)</script>,Smith & Sons,Meat,2',
        'Dina Smith,Smith & Sons,Dairy,Table 1',
        'Lone Guest,,,',
      ].join('\n'),
    );
    await h.db
      .updateTable('guestInvitations')
      .set({ rsvp: 'attending' })
      .where('guestId', 'in', h.db.selectFrom('guests').select('id').where('name', '=', 'Dina Smith'))
      .execute();
    const res = await get(`/api/events/${list.id}/guests/print`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(res.body).not.toContain('<script>');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(res.body).toContain('Smith &amp; Sons <small>2 guests</small>');
    expect(res.body).toContain('Invited: <b>3</b>');
    expect(res.body).toContain('Attending: <b>1</b>');
    expect(res.body).toContain('Awaiting: <b>2</b>');
    expect(res.body).toContain('Dairy: <b>1</b>');
    expect(res.body).toContain('@media print');

    const byTable = await get(`/api/events/${list.id}/guests/print?by=table`);
    const order = ['Table 1', 'Table 2', 'No table yet'].map((t) => byTable.body.indexOf(`>${t} <small>`));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect((await get(`/api/events/${list.id}/guests/print?by=seat`)).statusCode).toBe(400);
  });
});

describe('who may export', () => {
  it('lets the owner and circle-mates read; anyone else finds no event', async () => {
    const list = await newList();
    await importFile(list.id, 'Name\nPrivate Guest\n');
    for (const path of ['guests.csv', 'guests/print']) {
      expect((await get(`/api/events/${list.id}/${path}`, circleMate)).statusCode).toBe(200);
      const refused = await get(`/api/events/${list.id}/${path}`, stranger);
      expect(refused.statusCode).toBe(404);
      expect(refused.body).not.toContain('Private Guest');
      expect((await get(`/api/events/${list.id}/${path}`, null)).statusCode).toBe(401);
    }
  });
});
