import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { AVAILABILITY_MESSAGES } from '../../../shared/schemas/availability';
import { createVendor } from '../../demo/factories';
import { harnessForFile } from '../../test/harness';
import { rejection } from '../../test/rejection';
import { candleLighting, havdalah } from '../observance/clock';
import { takeSlot } from './day-room';

const h = harnessForFile();

/** Brooklyn, with its coordinates' zone. */
const BROOKLYN = { latitude: 40.6782, longitude: -73.9442, city: 'Brooklyn', state: 'NY' };

async function ownerWithListing(overrides: Parameters<typeof createVendor>[1] = {}) {
  const owner = await h.signedIn('vendor');
  const listing = await createVendor(h.db, {
    ownerId: owner.user.id,
    claimed: true,
    ...BROOKLYN,
    ...overrides,
  });
  return { owner, listing };
}

const issuesOf = (error: { cause?: unknown }) =>
  (error.cause as { issues?: { path: unknown[]; message: string }[] } | undefined)?.issues ?? [];

describe("an owner's calendar", () => {
  it('is read and saved only by the owner of the listing', async () => {
    const { owner, listing } = await ownerWithListing();
    const stranger = await h.signedIn('vendor');
    await createVendor(h.db, { ownerId: stranger.user.id });
    const refused = await rejection(stranger.caller.availability.mine({ vendorId: listing.id }));
    expect(refused.code).toBe('NOT_FOUND');
    const refusedSave = await rejection(
      stranger.caller.availability.update({ vendorId: listing.id, dailyCapacity: 3 }),
    );
    expect(refusedSave.code).toBe('NOT_FOUND');
    const customer = await h.signedIn('customer');
    expect((await rejection(customer.caller.availability.mine())).code).toBe('FORBIDDEN');
    expect((await rejection(h.anonymous().caller.availability.mine())).code).toBe('UNAUTHORIZED');
    // Nothing was written by the refused save.
    const row = await h.db
      .selectFrom('vendors')
      .select(['dailyCapacity', 'calendarStatedAt'])
      .where('id', '=', listing.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ dailyCapacity: 1, calendarStatedAt: null });
    const mine = await owner.caller.availability.mine();
    expect(mine).toMatchObject({
      vendorId: listing.id,
      calendarStated: false,
      dailyCapacity: 1,
      entries: [],
    });
  });

  it('refuses past days, capacities outside 1 to 50 and unknown statuses or parts with field messages', async () => {
    const { owner } = await ownerWithListing();
    const past = await rejection(
      owner.caller.availability.update({ entries: [{ day: '2026-01-05', status: 'closed' }] }),
    );
    expect(past.code).toBe('BAD_REQUEST');
    expect(issuesOf(past)).toEqual(
      [
        { code: 'custom', path: ['entries', 0, 'day'], message: AVAILABILITY_MESSAGES.pastDay('2026-01-05') },
      ].map(({ path, message }) => expect.objectContaining({ path, message })),
    );
    for (const capacity of [0, 51, 2.5]) {
      const refused = await rejection(
        owner.caller.availability.update({ entries: [{ day: '2027-06-15', status: 'open', capacity }] }),
      );
      expect(refused.code).toBe('BAD_REQUEST');
      expect(issuesOf(refused)).toEqual([
        expect.objectContaining({
          path: ['entries', 0, 'capacity'],
          message: AVAILABILITY_MESSAGES.capacityRange,
        }),
      ]);
    }
    const dailyZero = await rejection(owner.caller.availability.update({ dailyCapacity: 0 }));
    expect(issuesOf(dailyZero)).toEqual([
      expect.objectContaining({ path: ['dailyCapacity'], message: AVAILABILITY_MESSAGES.capacityRange }),
    ]);
    const status = await rejection(
      // @ts-expect-error an unknown status, as a REST client could send
      owner.caller.availability.update({ entries: [{ day: '2027-06-15', status: 'busy' }] }),
    );
    expect(issuesOf(status)).toEqual([
      expect.objectContaining({
        path: ['entries', 0, 'status'],
        message: 'Status must be one of open, booked, held, closed',
      }),
    ]);
    const part = await rejection(
      // @ts-expect-error an unknown part
      owner.caller.availability.update({ entries: [{ day: '2027-06-15', part: 'night', status: 'closed' }] }),
    );
    expect(issuesOf(part)).toEqual([
      expect.objectContaining({
        path: ['entries', 0, 'part'],
        message: 'Part of the day must be one of day, morning, afternoon, evening',
      }),
    ]);
    const onBooked = await rejection(
      owner.caller.availability.update({ entries: [{ day: '2027-06-15', status: 'booked', capacity: 2 }] }),
    );
    expect(issuesOf(onBooked)).toEqual([
      expect.objectContaining({
        path: ['entries', 0, 'capacity'],
        message: AVAILABILITY_MESSAGES.capacityOnlyOpen,
      }),
    ]);
  });

  it('is not stated until the owner saves it; then unmarked days are free and booked, held and closed days are not', async () => {
    const { owner, listing } = await ownerWithListing();
    const anyone = h.anonymous().caller;
    const before = await anyone.availability.ofVendor({
      id: listing.id,
      from: '2027-06-14',
      to: '2027-06-20',
    });
    expect(before.stated).toBe(false);
    expect(before.days.map((d) => d.status)).toEqual(Array(7).fill('not_stated'));

    await owner.caller.availability.update({
      dailyCapacity: 2,
      entries: [
        { day: '2027-06-14', status: 'closed', note: 'Family wedding' },
        { day: '2027-06-15', status: 'booked', note: 'Cohen bar mitzvah, paid cash' },
        { day: '2027-06-15', part: 'evening', status: 'held' },
        { day: '2027-06-16', status: 'held' },
        { day: '2027-06-17', part: 'evening', status: 'closed' },
        { day: '2027-06-18', status: 'open', capacity: 5 },
      ],
    });
    const after = await anyone.availability.ofVendor({
      id: listing.id,
      from: '2027-06-14',
      to: '2027-06-20',
    });
    expect(after.stated).toBe(true);
    expect(after.days).toEqual([
      { day: '2027-06-14', status: 'closed', partsUnavailable: [], rest: null },
      // Two slots, both taken by the owner's entries.
      { day: '2027-06-15', status: 'booked', partsUnavailable: [], rest: null },
      // One of two slots held: still free.
      { day: '2027-06-16', status: 'free', partsUnavailable: [], rest: null },
      { day: '2027-06-17', status: 'free', partsUnavailable: ['evening'], rest: null },
      // Friday: Shabbat from candle-lighting; Saturday: until nightfall, free after havdalah.
      {
        day: '2027-06-18',
        status: 'free',
        partsUnavailable: [],
        rest: null,
        restHours: 'from_candle_lighting',
      },
      {
        day: '2027-06-19',
        status: 'free',
        partsUnavailable: [],
        rest: 'Shabbat',
        restHours: 'until_nightfall',
      },
      { day: '2027-06-20', status: 'free', partsUnavailable: [], rest: null },
    ]);
    // Nothing private: no notes, no counts, no customers.
    const text = JSON.stringify(after);
    expect(text).not.toContain('Cohen');
    expect(text).not.toContain('wedding');
    expect(Object.keys(after.days[0] ?? {}).sort()).toEqual(['day', 'partsUnavailable', 'rest', 'status']);

    const mine = await owner.caller.availability.mine({ from: '2027-06-14', to: '2027-06-20' });
    expect(mine.calendarStated).toBe(true);
    expect(mine.entries).toHaveLength(6);
    expect(mine.entries[1]).toEqual({
      day: '2027-06-15',
      part: 'day',
      status: 'booked',
      capacity: null,
      note: 'Cohen bar mitzvah, paid cash',
    });
    expect(mine.days).toEqual([
      { day: '2027-06-14', capacity: 0, taken: 0 },
      { day: '2027-06-15', capacity: 2, taken: 2 },
      { day: '2027-06-16', capacity: 2, taken: 1 },
      { day: '2027-06-18', capacity: 5, taken: 0 },
    ]);
    // The owner's calendar marks Shabbat and Yom Tov at the listing's place, as the public one does.
    expect(mine.restDays).toEqual([{ day: '2027-06-19', name: 'Shabbat' }]);
    const shavuot = await owner.caller.availability.mine({ from: '2027-06-07', to: '2027-06-13' });
    expect(shavuot.restDays).toEqual([
      { day: '2027-06-11', name: 'Shavuot' },
      { day: '2027-06-12', name: 'Shavuot' },
    ]);
  });

  it('says rest, not free, of a day Shabbat or Yom Tov takes whole, as the search by date judges it', async () => {
    const { owner, listing } = await ownerWithListing();
    const anyone = h.anonymous().caller;
    // Shavuot 2027 is Friday 11 June: Yom Tov, then Shabbat (in the Diaspora also its second day).
    const range = { id: listing.id, from: '2027-06-10', to: '2027-06-13' };
    const unstated = await anyone.availability.ofVendor(range);
    expect(unstated.days.map((d) => d.status)).toEqual(['not_stated', 'rest', 'not_stated', 'not_stated']);
    await owner.caller.availability.update({ entries: [] });
    const days = (await anyone.availability.ofVendor(range)).days;
    expect(days.map((d) => [d.status, d.rest, d.restHours])).toEqual([
      ['free', null, 'from_candle_lighting'],
      ['rest', 'Shavuot', 'all_day'],
      ['free', 'Shavuot', 'until_nightfall'],
      ['free', null, undefined],
    ]);
    // A booked day stays booked.
    await owner.caller.availability.update({ entries: [{ day: '2027-06-11', status: 'booked' }] });
    const booked = await anyone.availability.ofVendor(range);
    expect(booked.days[1]?.status).toBe('booked');
    // Over REST, a day no rest touches has no restHours at all.
    const pub = await h.request(
      'GET',
      `/api/vendors/${listing.id}/availability?from=2027-06-12&to=2027-06-13`,
      null,
    );
    expect(pub.json().days).toEqual([
      {
        day: '2027-06-12',
        status: 'free',
        partsUnavailable: [],
        rest: 'Shavuot',
        restHours: 'until_nightfall',
      },
      { day: '2027-06-13', status: 'free', partsUnavailable: [], rest: null },
    ]);
  });

  it("replaces the named days and a range, keeping app bookings' slots", async () => {
    const { owner, listing } = await ownerWithListing({ dailyCapacity: 3 });
    await takeSlot(h.db, listing.id, '2027-07-01');
    await owner.caller.availability.update({
      entries: [
        { day: '2027-07-01', status: 'held' },
        { day: '2027-07-02', status: 'closed' },
        { day: '2027-07-03', status: 'booked' },
      ],
    });
    const room = (day: string) =>
      h.db
        .selectFrom('vendorDays')
        .select(['capacity', 'taken'])
        .where('vendorId', '=', listing.id)
        .where('day', '=', day)
        .executeTakeFirst();
    expect(await room('2027-07-01')).toEqual({ capacity: 3, taken: 2 });
    // The range replaces everything in it: 07-02 and 07-03 become unstated, 07-01 keeps its booking.
    const saved = await owner.caller.availability.update({
      from: '2027-07-01',
      to: '2027-07-03',
      entries: [{ day: '2027-07-02', part: 'morning', status: 'booked' }],
    });
    expect(saved.entries).toEqual([
      { day: '2027-07-02', part: 'morning', status: 'booked', capacity: null, note: null },
    ]);
    expect(await room('2027-07-01')).toEqual({ capacity: 3, taken: 1 });
    expect(await room('2027-07-02')).toEqual({ capacity: 3, taken: 1 });
    expect(await room('2027-07-03')).toBeUndefined();
  });

  it('refuses closing a day or lowering a capacity below what bookings hold, and moves unstated days with the daily capacity', async () => {
    const { owner, listing } = await ownerWithListing({ dailyCapacity: 3 });
    await owner.caller.availability.update({ entries: [{ day: '2027-08-10', status: 'open', capacity: 4 }] });
    await takeSlot(h.db, listing.id, '2027-08-09');
    await takeSlot(h.db, listing.id, '2027-08-09');
    await takeSlot(h.db, listing.id, '2027-08-10');

    const closing = await rejection(
      owner.caller.availability.update({ entries: [{ day: '2027-08-09', status: 'closed' }] }),
    );
    expect(issuesOf(closing)).toEqual([
      expect.objectContaining({
        path: ['entries', 0, 'status'],
        message: AVAILABILITY_MESSAGES.bookingsHold('2027-08-09', 2, 0),
      }),
    ]);
    const lowering = await rejection(
      owner.caller.availability.update({ entries: [{ day: '2027-08-09', status: 'open', capacity: 1 }] }),
    );
    expect(issuesOf(lowering)[0]?.message).toBe(AVAILABILITY_MESSAGES.bookingsHold('2027-08-09', 2, 1));
    const daily = await rejection(owner.caller.availability.update({ dailyCapacity: 1 }));
    expect(issuesOf(daily)).toEqual([
      expect.objectContaining({
        path: ['dailyCapacity'],
        message: AVAILABILITY_MESSAGES.dailyCapacityBelowBookings('2027-08-09', 2),
      }),
    ]);
    const full = await rejection(
      owner.caller.availability.update({
        entries: [
          { day: '2027-08-09', part: 'morning', status: 'booked' },
          { day: '2027-08-09', part: 'evening', status: 'held' },
        ],
      }),
    );
    expect(issuesOf(full)).toEqual([
      expect.objectContaining({
        path: ['entries', 1, 'status'],
        message: AVAILABILITY_MESSAGES.fullDay('2027-08-09', 3),
      }),
    ]);

    // Raising it moves the unstated day (08-09), not the day with its own capacity (08-10).
    const august = { from: '2027-08-09', to: '2027-08-11' };
    const raised = await owner.caller.availability.update({ dailyCapacity: 6 });
    expect(raised.dailyCapacity).toBe(6);
    expect((await owner.caller.availability.mine(august)).days).toEqual([
      { day: '2027-08-09', capacity: 6, taken: 2 },
      { day: '2027-08-10', capacity: 4, taken: 1 },
    ]);
    // Lowering to what the bookings hold is fine.
    await owner.caller.availability.update({ dailyCapacity: 2 });
    const lowered = await owner.caller.availability.mine(august);
    expect(lowered.days.find((d) => d.day === '2027-08-09')).toEqual({
      day: '2027-08-09',
      capacity: 2,
      taken: 2,
    });
    expect((await takeSlot(h.db, listing.id, '2027-08-11')).capacity).toBe(2);
  });

  it('saves the calendar while bookings take slots at the same time, without a deadlock', async () => {
    const { owner, listing } = await ownerWithListing({ dailyCapacity: 4 });
    const days = ['2027-11-01', '2027-11-02', '2027-11-03'];
    const takers = days.flatMap((day) =>
      [1, 2, 3].map(() => h.db.transaction().execute((trx) => takeSlot(trx, listing.id, day))),
    );
    const saves = [5, 6, 7].map((dailyCapacity, i) =>
      owner.caller.availability.update({
        dailyCapacity,
        entries: [{ day: days[i % days.length] ?? '2027-11-01', part: 'evening', status: 'held' }],
      }),
    );
    const outcomes = await Promise.allSettled([...takers, ...saves]);
    const failures = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(failures.map((f) => String(f.reason))).toEqual([]);
    const rooms = await owner.caller.availability.mine({ from: '2027-11-01', to: '2027-11-03' });
    for (const room of rooms.days) expect(room.taken).toBeLessThanOrEqual(room.capacity);
    expect(rooms.days.reduce((sum, d) => sum + d.taken, 0)).toBe(9 + 3);
  });

  it('advances the vendors table version when a day changes, so kept marketplace answers are not served', async () => {
    const { listing } = await ownerWithListing({ dailyCapacity: 2 });
    const version = async () =>
      (await sql<{ v: string }>`select version::text as v from vendors_version`.execute(h.db)).rows[0]?.v;
    const first = await version();
    await takeSlot(h.db, listing.id, '2027-09-01');
    expect(await version()).not.toBe(first);
  });

  it('answers over REST: the owner at /api/vendors/profile/availability, anyone at /api/vendors/{id}/availability', async () => {
    const { owner, listing } = await ownerWithListing();
    const put = await h.request('PUT', '/api/vendors/profile/availability', owner, {
      dailyCapacity: 2,
      entries: [{ day: '2027-10-04', status: 'closed' }],
    });
    expect(put.statusCode).toBe(200);
    const got = await h.request(
      'GET',
      '/api/vendors/profile/availability?from=2027-10-01&to=2027-10-05',
      owner,
    );
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({ vendorId: listing.id, dailyCapacity: 2, calendarStated: true });
    const pub = await h.request(
      'GET',
      `/api/vendors/${listing.id}/availability?from=2027-10-03&to=2027-10-04`,
      null,
    );
    expect(pub.statusCode).toBe(200);
    expect(pub.json().days.map((d: { status: string }) => d.status)).toEqual(['free', 'closed']);
    const tooLong = await h.request(
      'GET',
      `/api/vendors/${listing.id}/availability?from=2027-01-01&to=2027-12-31`,
      null,
    );
    expect(tooLong.statusCode).toBe(400);
  });
});

describe("an owner's calendar under conditional saves (decision 029)", () => {
  it('answers its version as the ETag; a stale If-Match is 412 and a stale version 409, each with the calendar as it is; no condition saves as it is', async () => {
    const { owner } = await ownerWithListing();
    const range = '?from=2027-11-01&to=2027-11-07';
    const first = await h.request('GET', `/api/vendors/profile/availability${range}`, owner);
    expect(first.statusCode).toBe(200);
    const v1 = first.json().version as number;
    expect(first.headers.etag).toBe(`"v${v1}"`);

    // Saved from the version read: accepted, and the version moves on.
    const saved = await h.request(
      'PUT',
      '/api/vendors/profile/availability',
      owner,
      { from: '2027-11-01', to: '2027-11-07', entries: [{ day: '2027-11-02', status: 'closed' }] },
      { 'if-match': `"v${v1}"` },
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json().version).toBe(v1 + 1);
    expect(saved.headers.etag).toBe(`"v${v1 + 1}"`);

    // Another device still holds the first version: refused, nothing written.
    const stale = await h.request(
      'PUT',
      '/api/vendors/profile/availability',
      owner,
      { from: '2027-11-01', to: '2027-11-07', entries: [{ day: '2027-11-03', status: 'held' }] },
      { 'if-match': `"v${v1}"` },
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json().error.current).toMatchObject({ version: v1 + 1, entries: [{ day: '2027-11-02' }] });
    const staleBody = await h.request('PUT', '/api/vendors/profile/availability', owner, {
      version: v1,
      entries: [{ day: '2027-11-03', status: 'held' }],
    });
    expect(staleBody.statusCode).toBe(409);
    expect(staleBody.json().error.current.version).toBe(v1 + 1);
    const after = await h.request('GET', `/api/vendors/profile/availability${range}`, owner);
    expect(after.json().entries.map((e: { day: string }) => e.day)).toEqual(['2027-11-02']);

    // A spec-shaped save (no version, no If-Match) applies to the calendar as it is.
    const plain = await h.request('PUT', '/api/vendors/profile/availability', owner, {
      entries: [{ day: '2027-11-03', status: 'held' }],
    });
    expect(plain.statusCode).toBe(200);
    expect(plain.json().version).toBe(v1 + 2);
  });
});

describe('the sun in SQL', () => {
  it("agrees with the observance engine's candle-lighting and havdalah to within 3 minutes", async () => {
    const places = [
      { name: 'Brooklyn', latitude: 40.6782, longitude: -73.9442, timeZone: 'America/New_York' },
      { name: 'Los Angeles', latitude: 34.0522, longitude: -118.2437, timeZone: 'America/Los_Angeles' },
      { name: 'Jerusalem', latitude: 31.7683, longitude: 35.2137, timeZone: 'Asia/Jerusalem' },
      { name: 'London', latitude: 51.5074, longitude: -0.1278, timeZone: 'Europe/London' },
      { name: 'Melbourne', latitude: -37.8136, longitude: 144.9631, timeZone: 'Australia/Melbourne' },
    ];
    for (const place of places)
      for (const day of ['2027-01-08', '2027-04-02', '2027-06-25', '2027-10-15']) {
        const { rows } = await sql<{ sunset: number; nightfall: number }>`select
          sun_depression_utc_minutes(${place.latitude}, ${place.longitude}, ${day}::date, 90.833) as sunset,
          sun_depression_utc_minutes(${place.latitude}, ${place.longitude}, ${day}::date, 98.5) as nightfall`.execute(
          h.db,
        );
        const midnight = Date.parse(`${day}T00:00:00Z`);
        const sunset = midnight + (rows[0]?.sunset ?? Number.NaN) * 60_000;
        const nightfall = midnight + (rows[0]?.nightfall ?? Number.NaN) * 60_000;
        const candles = candleLighting(place, day, 18).at + 18 * 60_000;
        const engineNightfall = havdalah(place, day, { degrees: 8.5 }).at;
        expect(Math.abs(sunset - candles) / 60_000, `${place.name} ${day} sunset`).toBeLessThan(3);
        expect(Math.abs(nightfall - engineNightfall) / 60_000, `${place.name} ${day} nightfall`).toBeLessThan(
          3,
        );
      }
  });
});
