import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { RESPONSIVENESS_MIN_REQUESTS } from '../../../shared/schemas/analytics';
import { VENDOR_MESSAGES } from '../../../shared/schemas/vendors';
import { createAvailabilityRequest, createUser, createVendor } from '../../demo/factories';
import { rowsWhere } from '../../test/fixtures';
import { harnessForFile, type Party, type TestHarness } from '../../test/harness';
import { rejection } from '../../test/rejection';
import { lockListing } from '../claims/claims.queries';
import { listingClock } from '../observance/business-hours';
import { candleLighting, havdalah } from '../observance/clock';
import { isBot, responsivenessOf, utcDay, vendorAnalytics } from './analytics.service';

/** A listing in New York, with the clock the delivery reads from its coordinates. */
const newYork = listingClock({
  latitude: 40.71427,
  longitude: -74.00597,
  timeZone: 'America/New_York',
  city: 'New York',
});

/** The harness's clock: tests move it. Wednesday 3 June 2026, 12:00 in New York. */
let clock = new Date('2026-06-03T16:00:00Z');
const h = harnessForFile({ now: () => clock });
let owner: Party;
let customer: Party;

beforeAll(async () => {
  owner = await h.signedIn('vendor');
  customer = await h.signedIn('customer');
  // Every request here comes from few accounts; the limits are someone else's subject.
  h.deps.config.limits.availabilityRequests.max = 10_000;
  h.deps.config.limits.messages.max = 10_000;
});

const NEW_YORK = { latitude: 40.7788, longitude: -73.9822 };
const LOS_ANGELES = { latitude: 34.0522, longitude: -118.2437 };

async function listingOf(ownerId: string | null, name: string, place = NEW_YORK) {
  return createVendor(h.db, { ownerId, businessName: name, claimed: ownerId !== null, ...place });
}

async function statsOf(vendorId: string, day = utcDay(clock)) {
  const row = await h.db
    .selectFrom('vendorDailyStats')
    .select(['views', 'uniqueVisitors', 'phoneReveals', 'emailReveals', 'websiteReveals', 'requests'])
    .where('vendorId', '=', vendorId)
    .where('day', '=', day)
    .executeTakeFirst();
  return (
    row ?? { views: 0, uniqueVisitors: 0, phoneReveals: 0, emailReveals: 0, websiteReveals: 0, requests: 0 }
  );
}

const json = (cookie?: string) => ({ 'content-type': 'application/json', ...(cookie ? { cookie } : {}) });

describe('who may read analytics', () => {
  it('answers the owner, 404 another vendor, 403 a customer and 401 a guest', async () => {
    const listing = await listingOf(owner.user.id, 'Access Analytics Hall');
    await expect(owner.caller.vendors.analytics({ days: 30, vendorId: listing.id })).resolves.toMatchObject({
      vendorId: listing.id,
      days: 30,
    });
    const other = await h.signedIn('vendor');
    await listingOf(other.user.id, 'Other Analytics Hall');
    const notYours = await rejection(other.caller.vendors.analytics({ days: 30, vendorId: listing.id }));
    expect(notYours.code).toBe('NOT_FOUND');
    expect(notYours.message).toBe(VENDOR_MESSAGES.notFound);
    const none = await h.signedIn('vendor');
    expect((await rejection(none.caller.vendors.analytics({ days: 30 }))).message).toBe(
      VENDOR_MESSAGES.noProfile,
    );
    expect(
      (await rejection(customer.caller.vendors.analytics({ days: 30, vendorId: listing.id }))).code,
    ).toBe('FORBIDDEN');
    expect(
      (await rejection(h.anonymous().caller.vendors.analytics({ days: 30, vendorId: listing.id }))).code,
    ).toBe('UNAUTHORIZED');

    const url = `/api/vendors/profile/analytics?days=90&vendorId=${listing.id}`;
    const own = await h.inject({
      method: 'GET',
      url,
      headers: { cookie: await h.cookieFor(owner.user.id) },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().daily).toHaveLength(90);
    for (const [cookie, status] of [
      [await h.cookieFor(other.user.id), 404],
      [await h.cookieFor(customer.user.id), 403],
      [undefined, 401],
    ] as const) {
      const res = await h.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
      expect(res.statusCode).toBe(status);
      expect(res.body).not.toContain('"daily"');
    }
    const week = await h.inject({
      method: 'GET',
      url: `/api/vendors/profile/analytics?days=7&vendorId=${listing.id}`,
      headers: { cookie: await h.cookieFor(owner.user.id) },
    });
    expect(week.statusCode).toBe(400);
    expect(week.json().error.message).toBe('days must be 30 or 90');
  });
});

describe('profile views', () => {
  it('counts every view and each visitor once a day, not the owner, not bots', async () => {
    const listing = await listingOf(owner.user.id, 'Counted Views Studio');
    const view = (options: Parameters<TestHarness['anonymous']>[0]) =>
      h.anonymous(options).caller.vendors.byId({ id: listing.id });
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:126.0) Gecko/20100101 Firefox/126.0';
    const safari = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1';

    await view({ ip: '203.0.113.5', userAgent: firefox });
    await view({ ip: '203.0.113.5', userAgent: firefox });
    expect(await statsOf(listing.id)).toMatchObject({ views: 2, uniqueVisitors: 1 });
    await view({ ip: '203.0.113.5', userAgent: safari });
    expect(await statsOf(listing.id)).toMatchObject({ views: 3, uniqueVisitors: 2 });

    await owner.caller.vendors.byId({ id: listing.id });
    for (const userAgent of ['Googlebot/2.1 (+http://www.google.com/bot.html)', 'curl/8.5.0', '', null]) {
      await view({ ip: '203.0.113.9', userAgent });
    }
    expect(await statsOf(listing.id)).toMatchObject({ views: 3, uniqueVisitors: 2 });
    // Browser tests run headless Chrome: real page loads.
    await view({
      ip: '203.0.113.9',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/126.0 Safari/537.36',
    });
    // A signed-in person is one visitor by their account.
    await customer.caller.vendors.byId({ id: listing.id });
    await customer.caller.vendors.byId({ id: listing.id });
    expect(await statsOf(listing.id)).toMatchObject({ views: 6, uniqueVisitors: 4 });

    // Over REST, from the request's address and User-Agent header.
    const get = (userAgent: string, remoteAddress: string) =>
      h.inject({
        method: 'GET',
        url: `/api/vendors/${listing.id}`,
        headers: { 'user-agent': userAgent },
        remoteAddress,
      });
    expect((await get(firefox, '198.51.100.20')).statusCode).toBe(200);
    expect((await get('facebookexternalhit/1.1', '198.51.100.21')).statusCode).toBe(200);
    expect(await statsOf(listing.id)).toMatchObject({ views: 7, uniqueVisitors: 5 });

    // The next day starts its own unique visitors.
    const today = clock;
    clock = new Date(today.getTime() + 24 * 60 * 60 * 1000);
    try {
      await view({ ip: '203.0.113.5', userAgent: firefox });
      expect(await statsOf(listing.id)).toMatchObject({ views: 1, uniqueVisitors: 1 });
    } finally {
      clock = today;
    }
    const analytics = await owner.caller.vendors.analytics({ days: 30, vendorId: listing.id });
    expect(analytics).toMatchObject({ views: 7, uniqueVisitors: 5 });
    expect(analytics.daily.at(-1)).toMatchObject({ day: utcDay(clock), views: 7, uniqueVisitors: 5 });
  });

  it('stores salted hashes, never the address', async () => {
    const listing = await listingOf(null, 'Hashed Visitors Hall');
    const ua = 'Mozilla/5.0 (Windows NT 10.0) Firefox/126.0';
    await h.anonymous({ ip: '192.0.2.44', userAgent: ua }).caller.vendors.byId({ id: listing.id });
    const { salt } = await h.db
      .selectFrom('visitorSalts')
      .select('salt')
      .where('day', '=', utcDay(clock))
      .executeTakeFirstOrThrow();
    expect(salt.length).toBe(32);
    const visitors = await rowsWhere(h.db, 'vendorDailyVisitors', { vendorId: listing.id });
    const expected = createHash('sha256').update(salt).update(`192.0.2.44\n${ua}`).digest();
    // PGlite answers bytea as a Uint8Array, pg as a Buffer.
    expect(visitors.map((v) => [v.kind, Buffer.from(v.visitorHash).toString('hex')])).toEqual([
      ['view', expected.toString('hex')],
    ]);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from vendor_daily_visitors where position('192.0.2.44' in encode(visitor_hash, 'escape')) > 0`.execute(
      h.db,
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('serves the profile when counting fails', async () => {
    const listing = await listingOf(null, 'Uncounted Views Hall');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await sql`alter table vendor_daily_stats rename to vendor_daily_stats_away`.execute(h.db);
    try {
      await expect(
        h.anonymous({ ip: '192.0.2.80' }).caller.vendors.byId({ id: listing.id }),
      ).resolves.toMatchObject({ businessName: 'Uncounted Views Hall' });
    } finally {
      await sql`alter table vendor_daily_stats_away rename to vendor_daily_stats`.execute(h.db);
      warn.mockRestore();
    }
  });

  // Only a real server runs the two side by side (PGlite has one connection).
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'counts a view without waiting for a claim decision in progress on the listing',
    async () => {
      const listing = await listingOf(null, 'Busy Deciding Hall');
      await h.db.transaction().execute(async (trx) => {
        // What approve and revoke hold on the listing until they commit.
        await lockListing(trx, listing.id);
        const view = h.anonymous({ ip: '192.0.2.81' }).caller.vendors.byId({ id: listing.id });
        const waited = await Promise.race([
          view.then(() => 'served'),
          new Promise((resolve) => setTimeout(() => resolve('held up'), 2000)),
        ]);
        expect(waited).toBe('served');
      });
      expect((await statsOf(listing.id)).views).toBe(1);
    },
  );

  it('tells bots by their user agent', () => {
    expect(isBot('Mozilla/5.0 (compatible; bingbot/2.0)')).toBe(true);
    expect(isBot('python-requests/2.32')).toBe(true);
    expect(isBot('Java/17.0.2')).toBe(true);
    expect(isBot('Go-http-client/1.1')).toBe(true);
    expect(isBot('   ')).toBe(true);
    expect(isBot('Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/126.0')).toBe(false);
    expect(isBot('Mozilla/5.0 (Macintosh) Safari/605.1.15')).toBe(false);
  });
});

describe('contact reveals', () => {
  it('counts each signed-in person once per kind and day, not the owner', async () => {
    const listing = await listingOf(owner.user.id, 'Revealed Contacts Hall');
    await customer.caller.vendors.contactReveal({ id: listing.id, kind: 'phone' });
    await customer.caller.vendors.contactReveal({ id: listing.id, kind: 'phone' });
    await customer.caller.vendors.contactReveal({ id: listing.id, kind: 'email' });
    const second = await h.signedIn('customer');
    await second.caller.vendors.contactReveal({ id: listing.id, kind: 'phone' });
    await owner.caller.vendors.contactReveal({ id: listing.id, kind: 'website' });
    expect(await statsOf(listing.id)).toMatchObject({
      phoneReveals: 2,
      emailReveals: 1,
      websiteReveals: 0,
      views: 0,
    });

    const cookie = await h.cookieFor(second.user.id);
    const url = `/api/vendors/${listing.id}/contact-reveal`;
    const ok = await h.inject({ method: 'POST', url, headers: json(cookie), payload: { kind: 'website' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true });
    const bad = await h.inject({ method: 'POST', url, headers: json(cookie), payload: { kind: 'fax' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('kind must be one of phone, email, website');
    const guest = await h.inject({ method: 'POST', url, headers: json(), payload: { kind: 'phone' } });
    expect(guest.statusCode).toBe(401);
    const missing = await h.inject({
      method: 'POST',
      url: `/api/vendors/${crypto.randomUUID()}/contact-reveal`,
      headers: json(cookie),
      payload: { kind: 'phone' },
    });
    expect(missing.statusCode).toBe(404);

    const analytics = await owner.caller.vendors.analytics({ days: 30, vendorId: listing.id });
    expect(analytics).toMatchObject({ contactReveals: 4, reveals: { phone: 2, email: 1, website: 1 } });
    expect(analytics.daily.at(-1)?.contactReveals).toBe(4);
  });
});

const request = { eventType: 'Wedding' as const, date: '2027-06-13', message: 'Are you free that day?' };

describe('requests and response times', () => {
  it('counts a request with the request, and stores business minutes to the first answer', async () => {
    const saved = clock;
    try {
      const listing = await listingOf(owner.user.id, 'Friday Answers Studio');
      // Friday 5 June 2026, 17:00 in New York: answered on Sunday at 10:00.
      clock = new Date('2026-06-05T21:00:00Z');
      const sent = await customer.caller.requests.send({ id: listing.id, ...request });
      expect(await statsOf(listing.id, '2026-06-05')).toMatchObject({ requests: 1 });
      clock = new Date('2026-06-07T14:00:00Z');
      await owner.caller.messages.reply({
        threadId: sent.threadId as string,
        messageText: 'Mazel tov, we are free!',
      });
      clock = new Date('2026-06-07T15:00:00Z');
      await owner.caller.messages.reply({ threadId: sent.threadId as string, messageText: 'Shall we talk?' });
      const row = await h.db
        .selectFrom('availabilityRequests')
        .select(['status', 'responseMinutes', 'respondedAt'])
        .where('id', '=', sent.id)
        .executeTakeFirstOrThrow();
      // Up to candle-lighting in New York (about 20:08), then from havdalah (about 21:14 Saturday)
      // to Sunday 10:00: the listing's own clock.
      const newYorkPlace = { name: 'New York', ...NEW_YORK, timeZone: 'America/New_York' };
      const candles = candleLighting(newYorkPlace, '2026-06-05', 18).at;
      const ends = havdalah(newYorkPlace, '2026-06-06', { degrees: 8.5 }).at;
      const expected = Math.floor(
        (candles - Date.parse('2026-06-05T21:00:00Z') + (Date.parse('2026-06-07T14:00:00Z') - ends)) / 60_000,
      );
      expect(expected).toBeGreaterThan(3 * 60 + 12 * 60);
      expect(row).toEqual({
        status: 'responded',
        responseMinutes: expected,
        respondedAt: new Date('2026-06-07T14:00:00Z'),
      });

      // In the listing's own place: Friday 13:00 to 16:00 in Los Angeles is three working hours
      // (in New York 16:00 to 19:00, still before candle-lighting, but not so in winter).
      const west = await listingOf(owner.user.id, 'Pacific Answers Studio', LOS_ANGELES);
      clock = new Date('2026-06-05T20:00:00Z');
      const westSent = await customer.caller.requests.send({ id: west.id, ...request });
      clock = new Date('2026-06-05T23:00:00Z');
      await owner.caller.messages.reply({ threadId: westSent.threadId as string, messageText: 'Yes!' });
      const westRow = await h.db
        .selectFrom('availabilityRequests')
        .select('responseMinutes')
        .where('id', '=', westSent.id)
        .executeTakeFirstOrThrow();
      expect(westRow.responseMinutes).toBe(180);
    } finally {
      clock = saved;
    }
  });

  it('counts nothing when the request is refused', async () => {
    const listing = await listingOf(owner.user.id, 'Refused Request Hall');
    const refused = await rejection(
      customer.caller.requests.send({ id: listing.id, ...request, eventId: crypto.randomUUID() }),
    );
    expect(refused.code).toBe('NOT_FOUND');
    expect(await statsOf(listing.id)).toMatchObject({ requests: 0 });
  });
});

/** A request as it stands at `createdAt`, with its outcome. */
const requestRow = (
  vendorId: string,
  userId: string,
  createdAt: Date,
  outcome: { responseMinutes?: number; status?: 'sent' | 'responded' } = {},
) => createAvailabilityRequest(h.db, vendorId, userId, { createdAt, ...outcome });

/** A day of the figures with nothing on it. */
const quietDay = (day: string) => ({ day, views: 0, uniqueVisitors: 0, contactReveals: 0, requests: 0 });

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

describe('the analytics figures', () => {
  it('has every day of the window, quiet days as zeros, and the totals of the window only', async () => {
    const listing = await listingOf(null, 'Window Figures Hall');
    const now = new Date('2026-06-03T16:00:00Z');
    const day = (offset: number) => utcDay(new Date(now.getTime() + offset * DAY_MS));
    await h.db
      .insertInto('vendorDailyStats')
      .values([
        { vendorId: listing.id, day: day(0), views: 5, uniqueVisitors: 4, phoneReveals: 1, requests: 1 },
        {
          vendorId: listing.id,
          day: day(-10),
          views: 7,
          uniqueVisitors: 3,
          emailReveals: 2,
          websiteReveals: 1,
        },
        { vendorId: listing.id, day: day(-29), views: 1, uniqueVisitors: 1 },
        { vendorId: listing.id, day: day(-30), views: 100, uniqueVisitors: 50, requests: 9 },
        { vendorId: listing.id, day: day(-89), views: 2, uniqueVisitors: 2 },
        { vendorId: listing.id, day: day(-90), views: 1000, uniqueVisitors: 1000 },
      ])
      .execute();

    const month = await vendorAnalytics(h.db, listing.id, 30, now, newYork);
    expect(month.daily).toHaveLength(30);
    expect(month.daily[0]?.day).toBe(day(-29));
    expect(month.daily.at(-1)?.day).toBe(day(0));
    expect(month.daily[1]).toEqual(quietDay(day(-28)));
    expect(month.daily[19]).toEqual({
      ...quietDay(day(-10)),
      views: 7,
      uniqueVisitors: 3,
      contactReveals: 3,
    });
    expect(month).toMatchObject({
      views: 13,
      uniqueVisitors: 8,
      contactReveals: 4,
      reveals: { phone: 1, email: 2, website: 1 },
      requests: 1,
      responseRate: null,
      medianResponseMinutes: null,
    });
    const quarter = await vendorAnalytics(h.db, listing.id, 90, now, newYork);
    expect(quarter.daily).toHaveLength(90);
    expect(new Set(quarter.daily.map((d) => d.day)).size).toBe(90);
    expect(quarter).toMatchObject({ views: 115, uniqueVisitors: 60, requests: 10 });
  });

  it("rates the last 90 days' requests answered within 24 business hours, one figure for the tab and the profile", async () => {
    const listing = await listingOf(null, 'Response Figures Hall');
    const user = await createUser(h.db);
    // Sunday 7 June 2026, 10:00 in New York.
    const now = new Date('2026-06-07T14:00:00Z');
    const ago = (ms: number) => new Date(now.getTime() - ms);
    await requestRow(listing.id, user.id, ago(5 * DAY_MS), { responseMinutes: 60 });
    await requestRow(listing.id, user.id, ago(6 * DAY_MS), { responseMinutes: 30 });
    await requestRow(listing.id, user.id, ago(7 * DAY_MS), { responseMinutes: 2000 });
    // Unanswered since Tuesday: its 24 business hours are over.
    await requestRow(listing.id, user.id, ago(5 * DAY_MS));
    // Unanswered since Friday 17:00: 41 hours ago, but only 14 business hours (Shabbat).
    await requestRow(listing.id, user.id, new Date('2026-06-05T21:00:00Z'));
    // Unanswered for two hours: not late yet.
    await requestRow(listing.id, user.id, ago(2 * HOUR_MS));
    // Answered before minutes were recorded: its time is unknown.
    await requestRow(listing.id, user.id, ago(3 * DAY_MS), { status: 'responded' });
    // Older than 30 days, within 90: it counts, whichever window the tab shows.
    await requestRow(listing.id, user.id, ago(40 * DAY_MS), { responseMinutes: 5000 });
    // Older than 90 days: it does not.
    await requestRow(listing.id, user.id, ago(100 * DAY_MS), { responseMinutes: 10 });

    // 2 in time of 5, median of 30, 60, 2000, 5000.
    const expected = { responseRate: 0.4, medianResponseMinutes: 1030, responseWindowDays: 90 };
    expect(await vendorAnalytics(h.db, listing.id, 30, now, newYork)).toMatchObject(expected);
    expect(await vendorAnalytics(h.db, listing.id, 90, now, newYork)).toMatchObject(expected);
    expect(await responsivenessOf(h.db, listing.id, now, newYork)).toEqual({
      requests: 5,
      responseRate: 0.4,
      medianResponseMinutes: 1030,
    });
  });

  it('shows the owner the same response rate as the public profile', async () => {
    const vendor = await h.signedIn('vendor');
    const listing = await listingOf(vendor.user.id, 'Same Figures Hall');
    const user = await createUser(h.db);
    const ago = (ms: number) => new Date(clock.getTime() - ms);
    // Four answered in time this month, one late two months ago: 80% over 90 days, 100% over 30.
    for (let i = 1; i <= 4; i++) {
      await requestRow(listing.id, user.id, ago(i * DAY_MS), { responseMinutes: 30 * i });
    }
    await requestRow(listing.id, user.id, ago(60 * DAY_MS), { responseMinutes: 3000 });
    const profile = await h.anonymous().caller.vendors.byId({ id: listing.id });
    expect(profile.responsiveness?.responseRate).toBe(0.8);
    for (const days of [30, 90] as const) {
      const tab = await vendor.caller.vendors.analytics({ days, vendorId: listing.id });
      expect(tab.responseRate).toBe(profile.responsiveness?.responseRate);
      expect(tab.medianResponseMinutes).toBe(profile.responsiveness?.medianResponseMinutes);
    }
    const rest = await h.inject({
      method: 'GET',
      url: `/api/vendors/profile/analytics?days=30&vendorId=${listing.id}`,
      headers: json(await h.cookieFor(vendor.user.id)),
    });
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toMatchObject({ responseRate: 0.8, responseWindowDays: 90 });
  });

  it('shows responsiveness on the profile page once enough requests have an outcome, never on lists', async () => {
    const listing = await listingOf(null, 'Responsive Profile Hall');
    const user = await createUser(h.db);
    const ago = (ms: number) => new Date(clock.getTime() - ms);
    for (let i = 1; i < RESPONSIVENESS_MIN_REQUESTS; i++) {
      await requestRow(listing.id, user.id, ago(i * DAY_MS), { responseMinutes: 20 * i });
    }
    expect(await h.anonymous().caller.vendors.byId({ id: listing.id })).toMatchObject({
      responsiveness: null,
    });
    await requestRow(listing.id, user.id, ago(10 * DAY_MS), { responseMinutes: 3000 });
    const page = await h.anonymous().caller.vendors.byId({ id: listing.id });
    expect(page.responsiveness).toEqual({
      requests: RESPONSIVENESS_MIN_REQUESTS,
      responseRate: 0.8,
      medianResponseMinutes: 60,
    });
    const rest = await h.inject({ method: 'GET', url: `/api/vendors/${listing.id}` });
    expect(rest.json().responsiveness).toEqual(page.responsiveness);
    const list = await h.anonymous().caller.vendors.list({ search: 'responsive profile hall' });
    expect(list.items[0]?.id).toBe(listing.id);
    expect(list.items[0]).not.toHaveProperty('responsiveness');
  });
});
