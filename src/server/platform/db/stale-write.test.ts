import type { FastifyInstance } from 'fastify';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STALE_WRITE_MESSAGE, versionField } from '../../../shared/schemas/common';
import { buildServer } from '../../app';
import { createDeposit, createEvent, createMemo, createTask, createVendor } from '../../demo/factories';
import { vendorWithListing } from '../../test/fixtures';
import { createHarness, type TestHarness } from '../../test/harness';
import { rejection } from '../../test/rejection';
import { messageCodeFields } from '../http/errors';
import { StaleWriteError } from './stale-write';

/**
 * Updates carry the version they were made from: a stale one gets 409 CONFLICT with the row as it is
 * now, and every reply shows the row as that request wrote it. Run on PostgreSQL too
 * (TEST_DATABASE_URL): that is where the parallel writers really overlap.
 */

let h: TestHarness;
let app: FastifyInstance;
let owner: Awaited<ReturnType<TestHarness['signedIn']>>;
beforeAll(async () => {
  h = await createHarness();
  // Without load shedding: the parallel writers below keep the event loop busy (PGlite runs in it),
  // and these requests are about conflicts, not about a busy server.
  app = await buildServer({ ...h.deps, config: { ...h.deps.config, maxEventLoopDelayMs: 0 } });
  owner = await h.signedIn('customer', { name: 'Owner' });
});
afterAll(async () => {
  await app.close();
  await h.close();
});

const json = { 'content-type': 'application/json' };
const MISSING_VERSION = 'version: the version of the row this edit was made from is required';

/** The CONFLICT a stale update fails with, and the row it carries. */
async function staleWrite(promise: Promise<unknown>): Promise<unknown> {
  const error = await rejection(promise);
  expect(error.code).toBe('CONFLICT');
  expect(error.message).toBe(STALE_WRITE_MESSAGE);
  expect(error).toBeInstanceOf(StaleWriteError);
  return (error as StaleWriteError).current;
}

/** Settled results split into replies and refusals. */
function split<T>(results: PromiseSettledResult<T>[]) {
  const replies = results.filter((r) => r.status === 'fulfilled').map((r) => r.value);
  const refusals = results.filter((r) => r.status === 'rejected').map((r) => r.reason as unknown);
  return { replies, refusals };
}

describe('each update procedure', () => {
  it('events.update: the right version writes and raises it; a stale one gets the current event', async () => {
    const event = await createEvent(h.db, owner.user.id, { title: 'Engagement' });
    await createTask(h.db, event.id, { completed: true });
    const first = await owner.caller.events.update({ id: event.id, version: event.version, venue: 'Hall A' });
    expect(first).toMatchObject({
      title: 'Engagement',
      venue: 'Hall A',
      version: event.version + 1,
      totalTasks: 1,
      completedTasks: 1,
    });
    const current = await staleWrite(
      owner.caller.events.update({ id: event.id, version: event.version, venue: 'Hall B' }),
    );
    expect(current).toEqual(await owner.caller.events.byId({ id: event.id }));
    expect(current).toMatchObject({ venue: 'Hall A', version: event.version + 1 });
    // The next save, made from the current row, goes through.
    const second = await owner.caller.events.update({
      id: event.id,
      version: first.version,
      venue: 'Hall B',
    });
    expect(second).toMatchObject({ venue: 'Hall B', version: event.version + 2 });
  });

  it('tasks.update', async () => {
    const event = await createEvent(h.db, owner.user.id);
    const task = await createTask(h.db, event.id, { title: 'Book the band' });
    const done = await owner.caller.tasks.update({ id: task.id, version: task.version, completed: true });
    expect(done).toMatchObject({ completed: true, title: 'Book the band', version: task.version + 1 });
    const current = await staleWrite(
      owner.caller.tasks.update({ id: task.id, version: task.version, completed: false }),
    );
    expect(current).toEqual((await owner.caller.tasks.list({ id: event.id }))[0]);
    expect(current).toEqual(done);
  });

  it('deposits.update, with paidDate still following paid', async () => {
    const event = await createEvent(h.db, owner.user.id);
    const deposit = await createDeposit(h.db, event.id, { amount: '100.00' });
    const paid = await owner.caller.deposits.update({ id: deposit.id, version: deposit.version, paid: true });
    expect(paid).toMatchObject({ paid: true, version: deposit.version + 1 });
    expect(paid.paidDate).toBeInstanceOf(Date);
    const current = await staleWrite(
      owner.caller.deposits.update({ id: deposit.id, version: deposit.version, paid: false }),
    );
    expect(current).toEqual((await owner.caller.deposits.list({ id: event.id }))[0]);
    expect(current).toEqual(paid);
    const unpaid = await owner.caller.deposits.update({ id: deposit.id, version: paid.version, paid: false });
    expect(unpaid).toMatchObject({ paid: false, paidDate: null, version: deposit.version + 2 });
  });

  it('memos.update', async () => {
    const event = await createEvent(h.db, owner.user.id);
    const memo = await createMemo(h.db, event.id);
    const edited = await owner.caller.memos.update({ id: memo.id, version: memo.version, title: 'Seating' });
    expect(edited).toMatchObject({ title: 'Seating', version: memo.version + 1 });
    const current = await staleWrite(
      owner.caller.memos.update({ id: memo.id, version: memo.version, title: 'Menu' }),
    );
    expect(current).toEqual((await owner.caller.memos.list({ id: event.id }))[0]);
    expect(current).toEqual(edited);
  });

  it('profile.update, and family label changes make an open profile form stale', async () => {
    const me = await h.signedIn('customer', { name: 'Leah' });
    const { user } = await me.caller.profile.update({ version: me.user.version, phone: '555-0100' });
    expect(user).toMatchObject({ phone: '555-0100', name: 'Leah', version: me.user.version + 1 });
    const current = await staleWrite(me.caller.profile.update({ version: me.user.version, name: 'Rivka' }));
    expect(current).toEqual(user);

    // Joining and leaving a circle change the label the profile form shows.
    const label = `Stale Family ${Math.random()}`;
    const { user: labelled } = await me.caller.profile.update({ version: user.version, familyLabel: label });
    const { user: left } = await me.caller.family.leave();
    expect(left).toMatchObject({ familyLabel: null, version: labelled.version + 1 });
    expect(
      await staleWrite(me.caller.profile.update({ version: labelled.version, name: 'Rivka' })),
    ).toMatchObject({ familyLabel: null, version: left.version });

    // A new password is not part of the profile: it leaves the version alone.
    await me.caller.auth.changePassword({ currentPassword: me.user.password, newPassword: 'Kiddush-cup-42' });
    await expect(me.caller.profile.update({ version: left.version, name: 'Rivka' })).resolves.toMatchObject({
      user: { name: 'Rivka', version: left.version + 1 },
    });
  });

  it('vendors.update and vendors.updateMyProfile', async () => {
    const { vendor, listing } = await vendorWithListing(h, { businessName: 'Stale Studio' });
    const edited = await vendor.caller.vendors.update({
      id: listing.id,
      version: listing.version,
      city: 'Lakewood',
    });
    expect(edited).toMatchObject({ city: 'Lakewood', version: listing.version + 1 });
    const current = await staleWrite(
      vendor.caller.vendors.updateMyProfile({ version: listing.version, city: 'Monsey' }),
    );
    expect(current).toEqual(await vendor.caller.vendors.myProfile());
    expect(current).toEqual(edited);
    const mine = await vendor.caller.vendors.updateMyProfile({ version: edited.version, city: 'Monsey' });
    expect(mine).toMatchObject({ city: 'Monsey', version: listing.version + 2 });

    const admin = await h.signedIn('admin');
    expect(
      await staleWrite(
        admin.caller.vendors.update({ id: listing.id, version: edited.version, city: 'Teaneck' }),
      ),
    ).toEqual(mine);
    // The owner check comes first: a stranger learns nothing from a stale version.
    const stranger = await h.signedIn('vendor');
    const refused = await rejection(
      stranger.caller.vendors.update({ id: listing.id, version: listing.version, city: 'Nowhere' }),
    );
    expect(refused.code).toBe('FORBIDDEN');
  });
});

describe('50 parallel updates of one event', () => {
  const writers = Array.from({ length: 50 }, (_, i) => ({ title: `Title ${i}`, venue: `Venue ${i}` }));

  it('from the same version: exactly one goes through, 49 get CONFLICT with the winning row', async () => {
    const event = await createEvent(h.db, owner.user.id);
    const results = await Promise.allSettled(
      writers.map((w) => owner.caller.events.update({ id: event.id, version: event.version, ...w })),
    );
    const { replies, refusals } = split(results);
    expect(replies).toHaveLength(1);
    expect(refusals).toHaveLength(49);
    const [winner] = replies;
    const index = results.findIndex((r) => r.status === 'fulfilled');
    // The reply shows exactly what its own request wrote.
    expect(winner).toMatchObject({ ...writers[index], version: event.version + 1 });
    const stored = await owner.caller.events.byId({ id: event.id });
    expect(stored).toEqual(winner);
    for (const refusal of refusals) {
      expect(refusal).toBeInstanceOf(StaleWriteError);
      expect((refusal as StaleWriteError).current).toEqual(stored);
    }
  });

  /** Each writer saves its own title and venue, trying again from the newer version on a conflict. */
  async function retryingWriters(nextVersion: (conflict: StaleWriteError, id: string) => Promise<number>) {
    const event = await createEvent(h.db, owner.user.id);
    const replies = await Promise.all(
      writers.map(async (w) => {
        let version = event.version;
        for (let attempt = 0; attempt < 200; attempt++) {
          try {
            return await owner.caller.events.update({ id: event.id, version, ...w });
          } catch (error) {
            if (!(error instanceof StaleWriteError)) throw error;
            version = await nextVersion(error, event.id);
            // Random exponential backoff, as a client would wait: fewer writers collide each round.
            await new Promise((resolve) =>
              setTimeout(resolve, Math.random() * Math.min(500, 5 * 2 ** attempt)),
            );
          }
        }
        throw new Error(`${w.title} never got through`);
      }),
    );
    replies.forEach((reply, i) => {
      expect(reply).toMatchObject(writers[i] as object);
    });
    // Every write landed on its own version: 2 to 51, each once.
    expect(replies.map((r) => r.version).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => event.version + 1 + i),
    );
    const stored = await owner.caller.events.byId({ id: event.id });
    expect(stored.version).toBe(51);
    expect(stored).toEqual(replies.find((r) => r.version === 51));
  }

  // Some 1,200 conflicts before all 50 land: seconds on PGlite, longer on a busy machine.
  const RETRIES_TIMEOUT_MS = 120_000;

  it(
    'retrying from the row a conflict carries: all 50 land, each reply shows its own write',
    async () => {
      await retryingWriters(async (conflict) => (conflict.current as { version: number }).version);
    },
    RETRIES_TIMEOUT_MS,
  );

  it(
    're-reading the event before each retry: all 50 land, each reply shows its own write',
    async () => {
      await retryingWriters(async (_conflict, id) => (await owner.caller.events.byId({ id })).version);
    },
    RETRIES_TIMEOUT_MS,
  );
});

describe('parallel updates of one task, deposit, memo, profile and listing', () => {
  const COUNT = 10;

  async function exactlyOne<T extends { version: number }>(
    start: number,
    update: (i: number) => Promise<T>,
    mine: (reply: T, i: number) => void,
  ) {
    const results = await Promise.allSettled(Array.from({ length: COUNT }, (_, i) => update(i)));
    const { replies, refusals } = split(results);
    expect(replies).toHaveLength(1);
    expect(refusals.every((r) => r instanceof StaleWriteError)).toBe(true);
    const index = results.findIndex((r) => r.status === 'fulfilled');
    mine(replies[0] as T, index);
    expect((replies[0] as T).version).toBe(start + 1);
  }

  it('let exactly one of several writers at one version through', async () => {
    const event = await createEvent(h.db, owner.user.id);
    const task = await createTask(h.db, event.id);
    await exactlyOne(
      task.version,
      (i) => owner.caller.tasks.update({ id: task.id, version: task.version, title: `Task ${i}` }),
      (reply, i) => expect(reply.title).toBe(`Task ${i}`),
    );
    const deposit = await createDeposit(h.db, event.id);
    await exactlyOne(
      deposit.version,
      (i) =>
        owner.caller.deposits.update({
          id: deposit.id,
          version: deposit.version,
          amount: `${i + 1}.00`,
          paid: i % 2 === 0,
        }),
      (reply, i) => expect(reply).toMatchObject({ amount: `${i + 1}.00`, paid: i % 2 === 0 }),
    );
    const memo = await createMemo(h.db, event.id);
    await exactlyOne(
      memo.version,
      (i) => owner.caller.memos.update({ id: memo.id, version: memo.version, content: `Memo ${i}` }),
      (reply, i) => expect(reply.content).toBe(`Memo ${i}`),
    );
    const me = await h.signedIn('customer');
    await exactlyOne(
      me.user.version,
      async (i) =>
        (
          await me.caller.profile.update({
            version: me.user.version,
            name: `Name ${i}`,
            familyLabel: `F ${i}`,
          })
        ).user,
      (reply, i) => expect(reply).toMatchObject({ name: `Name ${i}`, familyLabel: `F ${i}` }),
    );
    const { vendor, listing } = await vendorWithListing(h);
    await exactlyOne(
      listing.version,
      (i) => vendor.caller.vendors.updateMyProfile({ version: listing.version, city: `City ${i}` }),
      (reply, i) => expect(reply.city).toBe(`City ${i}`),
    );
  });
});

describe('over HTTP', () => {
  it('REST PATCH: a stale version is 409 with the current row', async () => {
    const cookie = await h.cookieFor(owner.user.id);
    const event = await createEvent(h.db, owner.user.id, { title: 'Vort' });
    const patch = (payload: Record<string, unknown>) =>
      app.inject({
        method: 'PATCH',
        url: `/api/events/${event.id}`,
        headers: { ...json, cookie },
        payload,
      });

    const ok = await patch({ version: event.version, venue: 'Hall' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ venue: 'Hall', version: event.version + 1 });

    const stale = await patch({ version: event.version, venue: 'Garden' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      error: {
        code: 'CONFLICT',
        message: STALE_WRITE_MESSAGE,
        ...messageCodeFields(STALE_WRITE_MESSAGE),
        current: ok.json(),
      },
    });

    expect(versionField.safeParse(undefined).error?.issues[0]?.message).toBe(MISSING_VERSION);
    expect((await owner.caller.events.byId({ id: event.id })).venue).toBe('Hall');
  });

  it('REST: a spec-shaped update, without a version, applies to the row as it is (last writer wins)', async () => {
    const cookie = await h.cookieFor(owner.user.id);
    const event = await createEvent(h.db, owner.user.id, { title: 'Vort' });
    const task = await createTask(h.db, event.id);
    const deposit = await createDeposit(h.db, event.id);
    const memo = await createMemo(h.db, event.id);
    const vendor = await h.signedIn('vendor');
    const listing = await createVendor(h.db, { ownerId: vendor.user.id, claimed: true });
    // Someone else changed each row since: the spec's callers never read a version, so theirs wins.
    await owner.caller.events.update({ id: event.id, version: event.version, venue: 'Hall' });
    const updates: [string, string, Record<string, unknown>, string | undefined][] = [
      ['/api/profile', 'name', { name: 'Spec Caller' }, cookie],
      [`/api/events/${event.id}`, 'venue', { venue: 'Garden' }, cookie],
      [`/api/tasks/${task.id}`, 'completed', { completed: true }, cookie],
      [`/api/deposits/${deposit.id}`, 'paid', { paid: true }, cookie],
      [`/api/memos/${memo.id}`, 'title', { title: 'Seating' }, cookie],
      [`/api/vendors/${listing.id}`, 'city', { city: 'Teaneck' }, await h.cookieFor(vendor.user.id)],
    ];
    for (const [url, field, payload, who] of updates) {
      const res = await app.inject({
        method: 'PATCH',
        url,
        headers: { ...json, cookie: who as string },
        payload,
      });
      expect(res.statusCode, url).toBe(200);
      const body = res.json();
      expect((body.user ?? body)[field], url).toEqual(payload[field]);
    }
    expect((await owner.caller.events.byId({ id: event.id })).venue).toBe('Garden');
  });

  it('/trpc: the conflict carries the current row in error.data.current, dates and all', async () => {
    const cookie = await h.cookieFor(owner.user.id);
    const event = await createEvent(h.db, owner.user.id);
    const task = await createTask(h.db, event.id, { dueDate: new Date('2027-01-10T00:00:00.000Z') });
    const done = await owner.caller.tasks.update({ id: task.id, version: task.version, completed: true });
    const res = await app.inject({
      method: 'POST',
      url: '/trpc/tasks.update',
      headers: { ...json, cookie },
      payload: superjson.stringify({ id: task.id, version: task.version, completed: false }),
    });
    expect(res.statusCode).toBe(409);
    const error = superjson.deserialize<{ message: string; data: { code: string; current: unknown } }>(
      res.json().error,
    );
    expect(error.message).toBe(STALE_WRITE_MESSAGE);
    expect(error.data.code).toBe('CONFLICT');
    expect(error.data.current).toEqual(done);
  });

  it('documents the optional version and 409 with the current row on every update operation', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const updates = [
      ['/api/events/{id}', 'title'],
      ['/api/tasks/{id}', 'completed'],
      ['/api/deposits/{id}', 'paid'],
      ['/api/memos/{id}', 'content'],
      ['/api/profile', 'email'],
      ['/api/vendors/{id}', 'businessName'],
      ['/api/vendors/profile', 'businessName'],
    ] as const;
    for (const [path, field] of updates) {
      const operation = doc.paths[path].patch;
      // Documented, and optional: the spec's update shapes have no version (last writer wins).
      const input = operation.requestBody.content['application/json'].schema;
      expect(input.properties.version, path).toBeDefined();
      expect(input.required ?? [], path).not.toContain('version');
      const conflict = operation.responses['409'];
      expect(conflict, path).toBeDefined();
      const body = conflict.content['application/json'].schema;
      const current = body.properties.error.properties.current;
      const row = current.$ref
        ? doc.components.schemas[current.$ref.split('/').at(-1)]
        : (current.anyOf?.find((s: { type?: string }) => s.type === 'object') ?? current);
      expect(Object.keys(row.properties), path).toEqual(expect.arrayContaining(['version', field]));
    }
  });
});
