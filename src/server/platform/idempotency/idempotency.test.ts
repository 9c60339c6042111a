import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import superjson from 'superjson';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createVendor } from '../../demo/factories';
import { rowsWhere } from '../../test/fixtures';
import { harnessForFile, type Party } from '../../test/harness';
import { rejection } from '../../test/rejection';
import { messageCodeFields } from '../http/errors';
import { IDEMPOTENCY_MESSAGES } from './idempotency';

const h = harnessForFile();
let customer: Party;
let vendorId: string;

beforeAll(async () => {
  customer = await h.signedIn('customer');
  const owner = await h.signedIn('vendor');
  vendorId = (await createVendor(h.db, { ownerId: owner.user.id, claimed: true })).id;
});

const newKey = () => randomUUID();
const eventInput = (title: string) => ({ title, type: 'Wedding' as const, date: new Date('2027-03-14') });

async function eventsTitled(title: string) {
  return h.db.selectFrom('events').select('id').where('title', '=', title).execute();
}

async function keyRows(userId: string) {
  return h.db.selectFrom('idempotencyKeys').selectAll().where('userId', '=', userId).execute();
}

async function rest(method: 'POST', url: string, userId: string, payload?: unknown, key?: string) {
  const headers: Record<string, string> = { cookie: await h.cookieFor(userId) };
  if (payload !== undefined) headers['content-type'] = 'application/json';
  if (key !== undefined) headers['idempotency-key'] = key;
  return h.inject({
    method,
    url,
    headers,
    payload: payload === undefined ? undefined : JSON.stringify(payload),
  });
}

describe('a create retried with the same Idempotency-Key', () => {
  it('makes one row and answers the retry with the first answer (tRPC)', async () => {
    const key = newKey();
    const title = `Retried ${key}`;
    const first = await customer.caller.events.create({ ...eventInput(title), idempotencyKey: key });
    const again = await customer.caller.events.create({ ...eventInput(title), idempotencyKey: key });
    expect(again).toEqual(first);
    expect(await eventsTitled(title)).toEqual([{ id: first.id }]);
    // The key never reaches the row, and only hashes of it are stored.
    const [row] = (await keyRows(customer.user.id)).filter((r) => r.procedure === 'events.create');
    expect(row?.key).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.key).not.toBe(key);
  });

  it('without a key, each call still makes its own row', async () => {
    const title = `Unkeyed ${newKey()}`;
    const first = await customer.caller.events.create(eventInput(title));
    const second = await customer.caller.events.create(eventInput(title));
    expect(second.id).not.toBe(first.id);
    expect(await eventsTitled(title)).toHaveLength(2);
  });

  it('on REST: the header makes a retry answer 201 with the same body and Idempotent-Replayed', async () => {
    const key = newKey();
    const title = `REST ${key}`;
    const body = { title, type: 'Wedding', date: '2027-03-14' };
    const first = await rest('POST', '/api/events', customer.user.id, body, key);
    const again = await rest('POST', '/api/events', customer.user.id, body, key);
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json()).toEqual(first.json());
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await eventsTitled(title)).toHaveLength(1);

    // The same key in a tRPC input is the same key: the browser's retry of a REST call replays it.
    const viaTrpc = await customer.caller.events.create({ ...eventInput(title), idempotencyKey: key });
    expect(viaTrpc.id).toBe(first.json().id);

    // The same key in the body as in the header is fine; another one is refused.
    const same = await rest('POST', '/api/events', customer.user.id, { ...body, idempotencyKey: key }, key);
    expect([same.statusCode, same.json().id]).toEqual([201, first.json().id]);
    const differ = await rest(
      'POST',
      '/api/events',
      customer.user.id,
      { ...body, idempotencyKey: newKey() },
      key,
    );
    expect([differ.statusCode, differ.json().error.message]).toEqual([
      400,
      IDEMPOTENCY_MESSAGES.headerAndBodyDiffer,
    ]);
    expect(await eventsTitled(title)).toHaveLength(1);
  });

  it('on REST with the event in the path (tasks), and on /trpc over HTTP with the replay header', async () => {
    const event = await createEvent(h.db, customer.user.id);
    const key = newKey();
    const url = `/api/events/${event.id}/tasks`;
    const first = await rest('POST', url, customer.user.id, { title: 'Book the hall' }, key);
    const again = await rest('POST', url, customer.user.id, { title: 'Book the hall' }, key);
    expect([first.statusCode, again.statusCode, again.headers['idempotent-replayed']]).toEqual([
      201,
      201,
      'true',
    ]);
    expect(again.json()).toEqual(first.json());
    const tasks = await h.db.selectFrom('tasks').select('id').where('eventId', '=', event.id).execute();
    expect(tasks).toEqual([{ id: first.json().id }]);

    const trpcKey = newKey();
    const call = async () =>
      h.inject({
        method: 'POST',
        url: '/trpc/tasks.create',
        headers: { cookie: await h.cookieFor(customer.user.id), 'content-type': 'application/json' },
        payload: superjson.stringify({ id: event.id, title: 'Order flowers', idempotencyKey: trpcKey }),
      });
    const one = await call();
    const two = await call();
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect(one.headers['idempotent-replayed']).toBeUndefined();
    expect(two.headers['idempotent-replayed']).toBe('true');
    expect(two.json().result.data.json.id).toBe(one.json().result.data.json.id);
  });

  it('replays deposits, memos and vendor listings too', async () => {
    const event = await createEvent(h.db, customer.user.id);
    const depositKey = newKey();
    const deposit = {
      id: event.id,
      vendorName: 'Caterer',
      amount: '1200.50',
      dueDate: new Date('2027-01-01'),
    };
    const d1 = await customer.caller.deposits.create({ ...deposit, idempotencyKey: depositKey });
    const d2 = await customer.caller.deposits.create({ ...deposit, idempotencyKey: depositKey });
    expect(d2).toEqual(d1);
    const memoKey = newKey();
    const m1 = await customer.caller.memos.create({
      id: event.id,
      title: 'Seating',
      idempotencyKey: memoKey,
    });
    const m2 = await customer.caller.memos.create({
      id: event.id,
      title: 'Seating',
      idempotencyKey: memoKey,
    });
    expect(m2).toEqual(m1);
    const counts = await sql<{ deposits: number; memos: number }>`
      select (select count(*)::int from deposits where event_id = ${event.id}) as deposits,
             (select count(*)::int from memos where event_id = ${event.id}) as memos`.execute(h.db);
    expect(counts.rows[0]).toEqual({ deposits: 1, memos: 1 });

    const vendorKey = newKey();
    const name = `Listing ${vendorKey}`;
    const listing = { businessName: name, category: 'Caterers' as const, contactEmail: 'a@example.com' };
    const v1 = await customer.caller.vendors.create({ ...listing, idempotencyKey: vendorKey });
    // Without the key the same name is refused as taken: the replay is not a second create.
    const v2 = await customer.caller.vendors.create({ ...listing, idempotencyKey: vendorKey });
    expect(v2).toEqual(v1);
    expect(await h.db.selectFrom('vendors').select('id').where('businessName', '=', name).execute()).toEqual([
      { id: v1.id },
    ]);
  });

  it('replays a new invite link with its token, which is stored only sealed', async () => {
    const member = await h.signedIn('customer', { familyLabel: `Family ${newKey()}` });
    const key = newKey();
    const first = await member.caller.family.createInvite({ idempotencyKey: key });
    const again = await member.caller.family.createInvite({ idempotencyKey: key });
    expect(again).toEqual(first);
    expect(await member.caller.family.invites()).toHaveLength(1);
    const stored = await sql<{ text: string }>`
      select row_to_json(k)::text as text from idempotency_keys k where user_id = ${member.user.id}`.execute(
      h.db,
    );
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]?.text).not.toContain(first.token);
    expect(stored.rows[0]?.text).not.toContain(key);

    // REST, with no body at all.
    const restKey = newKey();
    const r1 = await rest('POST', '/api/family/invites', member.user.id, undefined, restKey);
    const r2 = await rest('POST', '/api/family/invites', member.user.id, undefined, restKey);
    expect([r1.statusCode, r2.statusCode, r2.headers['idempotent-replayed']]).toEqual([201, 201, 'true']);
    expect(r2.json()).toEqual(r1.json());
    expect(await member.caller.family.invites()).toHaveLength(2);
  });
});

describe('a key used for something else', () => {
  it('with a different input is refused with 422 and makes no row', async () => {
    const key = newKey();
    const first = await customer.caller.events.create({ ...eventInput(`First ${key}`), idempotencyKey: key });
    const other = await rejection(
      customer.caller.events.create({ ...eventInput(`Other ${key}`), idempotencyKey: key }),
    );
    expect([other.code, other.message]).toEqual(['UNPROCESSABLE_CONTENT', IDEMPOTENCY_MESSAGES.reused]);
    expect(await eventsTitled(`Other ${key}`)).toEqual([]);
    // Another procedure with the same key is another request too.
    const memo = await rejection(
      customer.caller.memos.create({ id: first.id, title: 'Note', idempotencyKey: key }),
    );
    expect(memo.code).toBe('UNPROCESSABLE_CONTENT');
    expect(await h.db.selectFrom('memos').select('id').where('eventId', '=', first.id).execute()).toEqual([]);

    const res = await rest(
      'POST',
      '/api/events',
      customer.user.id,
      { title: `REST other ${key}`, type: 'Wedding', date: '2027-03-14' },
      key,
    );
    expect([res.statusCode, res.json().error]).toEqual([
      422,
      {
        code: 'UNPROCESSABLE_CONTENT',
        message: IDEMPOTENCY_MESSAGES.reused,
        ...messageCodeFields(IDEMPOTENCY_MESSAGES.reused),
      },
    ]);
  });

  it('by another user is theirs alone: keys are per user', async () => {
    const other = await h.signedIn('customer');
    const key = newKey();
    const input = { ...eventInput(`Mine ${key}`), idempotencyKey: key };
    const mine = await customer.caller.events.create(input);
    // The very same input and key: their call makes their own event and never gets mine.
    const theirs = await other.caller.events.create(input);
    expect(theirs.id).not.toBe(mine.id);
    expect((await other.caller.events.list()).map((e) => e.id)).toEqual([theirs.id]);
    expect((await other.caller.events.create(input)).id).toBe(theirs.id);
    expect((await customer.caller.events.create(input)).id).toBe(mine.id);
  });

  it('rejects a malformed key with 400', async () => {
    const bad = await rejection(
      customer.caller.events.create({ ...eventInput('Bad key'), idempotencyKey: 'short' }),
    );
    expect(bad.code).toBe('BAD_REQUEST');
    const res = await rest(
      'POST',
      '/api/events',
      customer.user.id,
      { title: 'Bad header', type: 'Wedding', date: '2027-03-14' },
      'has spaces in it',
    );
    expect(res.statusCode).toBe(400);
    expect(await eventsTitled('Bad header')).toEqual([]);
  });
});

describe('a create that fails', () => {
  it('leaves no key behind, so a retry with a fixed input runs', async () => {
    const someoneElse = await h.signedIn('customer');
    const theirEvent = await createEvent(h.db, someoneElse.user.id);
    const key = newKey();
    const request = {
      id: vendorId,
      eventType: 'Wedding' as const,
      date: '2027-08-01',
      message: `Free? ${key}`,
    };
    // The event check runs inside the transaction, after the key was taken.
    const failed = await rejection(
      customer.caller.requests.send({ ...request, eventId: theirEvent.id, idempotencyKey: key }),
    );
    expect(failed.code).toBe('NOT_FOUND');
    expect((await keyRows(customer.user.id)).filter((r) => r.procedure === 'requests.send')).toEqual([]);

    const sent = await customer.caller.requests.send({ ...request, idempotencyKey: key });
    const replay = await customer.caller.requests.send({ ...request, idempotencyKey: key });
    expect(replay).toEqual(sent);
    const rows = await rowsWhere(h.db, 'availabilityRequests', { message: request.message });
    expect(rows.map((r) => r.id)).toEqual([sent.id]);
  });

  it('does not count against the rate limit twice when replayed', async () => {
    const family = await h.signedIn('customer');
    const hits = async () =>
      (
        await h.db
          .selectFrom('rateLimits')
          .select('hits')
          .where('key', '=', `availability-requests:user:${family.user.id}`)
          .executeTakeFirst()
      )?.hits ?? 0;
    const key = newKey();
    const request = {
      id: vendorId,
      eventType: 'Wedding' as const,
      date: '2027-09-01',
      message: 'Available?',
    };
    const first = await family.caller.requests.send({ ...request, idempotencyKey: key });
    expect(await hits()).toBe(1);
    for (let i = 0; i < 3; i++) {
      expect((await family.caller.requests.send({ ...request, idempotencyKey: key })).id).toBe(first.id);
    }
    expect(await hits()).toBe(1);
    await family.caller.requests.send({ ...request, idempotencyKey: newKey() });
    expect(await hits()).toBe(2);
  });
});

/** Moves a key's row back in time (only the key's SHA-256 is stored). */
async function ageKey(userId: string, key: string, age: string) {
  const hashed = createHash('sha256').update(key).digest('hex');
  const result = await sql`update idempotency_keys set created_at = now() - ${age}::interval
    where user_id = ${userId} and key = ${hashed}`.execute(h.db);
  expect(result.numAffectedRows).toBe(1n);
}

describe('kept for 24 hours', () => {
  /** Creates an event with a new key, ages the key by `age`, and sends the same create again. */
  async function createAgedRetry(titleStart: string, age: string) {
    const key = newKey();
    const title = `${titleStart} ${key}`;
    const create = () => customer.caller.events.create({ ...eventInput(title), idempotencyKey: key });
    const first = await create();
    await ageKey(customer.user.id, key, age);
    return { first, retry: await create(), create, title };
  }

  it('a key older than that is not replayed: the retry runs as new', async () => {
    const { first, retry: later, create, title } = await createAgedRetry('Old', '25 hours');
    expect(later.id).not.toBe(first.id);
    // And the new answer is the one kept now.
    const again = await create();
    expect(again.id).toBe(later.id);
    expect(await eventsTitled(title)).toHaveLength(2);
  });

  it('a key just under that is still replayed', async () => {
    const { first, retry: again } = await createAgedRetry('Recent', '23 hours 59 minutes');
    expect(again.id).toBe(first.id);
  });
});

describe('concurrent calls with the same key', () => {
  it('make exactly one row, and every call gets its id', async () => {
    const family = await h.signedIn('customer');
    const key = newKey();
    const title = `Concurrent ${key}`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        family.caller.events.create({ ...eventInput(title), idempotencyKey: key }),
      ),
    );
    const rows = await eventsTitled(title);
    expect(rows).toHaveLength(1);
    expect(new Set(answers.map((a) => a.id))).toEqual(new Set([rows[0]?.id]));
  });

  it('over REST: one row, one first answer and nine replays', async () => {
    const family = await h.signedIn('customer');
    const cookie = await h.cookieFor(family.user.id);
    const key = newKey();
    const request = { eventType: 'Wedding', date: '2027-10-10', message: `Concurrent ${key}` };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        h.inject({
          method: 'POST',
          url: `/api/vendors/${vendorId}/request-availability`,
          headers: { cookie, 'content-type': 'application/json', 'idempotency-key': key },
          payload: JSON.stringify(request),
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
    const rows = await rowsWhere(h.db, 'availabilityRequests', { message: request.message });
    expect(rows).toHaveLength(1);
    expect(new Set(answers.map((a) => a.json().id))).toEqual(new Set([rows[0]?.id]));
  });
});
