import { readdir } from 'node:fs/promises';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrations } from '../../../../migrations/index';
import {
  createDeposit,
  createEvent,
  createMemo,
  createTask,
  createUser,
  createVendor,
} from '../../demo/factories';
import { DEFAULT_DEMO_VENDORS, DEMO_ACCOUNTS, seedDemoData } from '../../demo/seed';
import { createHarness, harnessForFile } from '../../test/harness';

const h = harnessForFile();

describe('migrations', () => {
  it('lists every migration file, in name order', async () => {
    const files = (await readdir('migrations')).filter(
      (f) => /^\d{4}-.*\.ts$/.test(f) && !f.endsWith('.test.ts'),
    );
    expect(Object.keys(migrations)).toEqual(files.map((f) => f.replace(/\.ts$/, '')).sort());
  });

  it('creates the tables of the data model and the server-side state (sessions, limits, outbox, uploads, ...)', async () => {
    const { rows } = await sql<{ tableName: string }>`
      select table_name from information_schema.tables where table_schema = 'public' and table_name not like 'kysely_%'
      order by table_name`.execute(h.db);
    expect(rows.map((r) => r.tableName)).toEqual([
      'attachments',
      'audit_log',
      'availability_requests',
      'backup_leases',
      'booking_history',
      'bookings',
      'calendar_feeds',
      'deferred_file_deletes',
      'deposits',
      'email_confirmation_tokens',
      'events',
      'family_circles',
      'family_invites',
      'family_memberships',
      'guest_invitations',
      'guests',
      'households',
      'idempotency_keys',
      'known_devices',
      'live_cursors',
      'live_events',
      'login_backoff',
      'mail_outbox',
      'memos',
      'message_threads',
      'messages',
      'notifications',
      'password_reset_tokens',
      'platform_counters',
      'platform_daily_counters',
      'quick_replies',
      'quotes',
      'rate_limits',
      'review_reports',
      'reviews',
      'rsvp_links',
      'search_word_forms',
      'search_words',
      'server_error_minutes',
      'sessions',
      'stored_file_chunks',
      'stored_files',
      'tasks',
      'thread_report_messages',
      'thread_reports',
      'uploads',
      'users',
      'vendor_calendar_entries',
      'vendor_claim_events',
      'vendor_claims',
      'vendor_daily_stats',
      'vendor_daily_visitors',
      'vendor_days',
      'vendor_kashrut',
      'vendors',
      'vendors_version',
      'visitor_salts',
    ]);
  });
});

describe("a person's last sighting (2026-11-29T0410_user_last_seen)", () => {
  it('is backfilled from the latest use of the sessions each user still has', async () => {
    const migration = migrations['2026-11-29T0410_user_last_seen'];
    if (!migration) throw new Error('missing migration');
    const seen = await createUser(h.db);
    const never = await createUser(h.db);
    const session = (lastUsedAt: Date) => ({
      tokenHash: `hash-${lastUsedAt.getTime()}-${Math.random()}`,
      userId: seen.id,
      expiresAt: new Date(Date.now() + 86_400_000),
      lastUsedAt,
    });
    const latest = new Date('2026-11-20T10:00:00Z');
    await h.db
      .insertInto('sessions')
      .values([session(new Date('2026-11-01T10:00:00Z')), session(latest)])
      .execute();
    await migration.down?.(h.db);
    await migration.up(h.db);
    const rows = await h.db
      .selectFrom('users')
      .select(['id', 'lastSeenAt'])
      .where('id', 'in', [seen.id, never.id])
      .execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, r.lastSeenAt]))).toEqual({
      [seen.id]: latest,
      [never.id]: null,
    });
  });
});

describe('constraints', () => {
  it('keeps emails unique case-insensitively', async () => {
    await createUser(h.db, { email: 'Unique@Example.com' });
    await expect(createUser(h.db, { email: 'unique@example.COM' })).rejects.toMatchObject({ code: '23505' });
  });

  it('checks roles and statuses', async () => {
    const user = await createUser(h.db);
    await expect(
      sql`update users set role = 'superuser' where id = ${user.id}`.execute(h.db),
    ).rejects.toMatchObject({
      code: '23514',
    });
    await expect(
      h.db
        .insertInto('vendorClaims')
        .values({
          userId: user.id,
          status: 'maybe' as 'pending',
          businessName: 'x',
          businessDescription: 'x',
          businessAddress: 'x',
          businessPhone: 'x',
          businessEmail: 'x@y.co',
          ownershipProof: 'x',
        })
        .execute(),
    ).rejects.toMatchObject({ code: '23514' });
  });

  it('stores money as exact decimals and ratings with two places', async () => {
    const user = await createUser(h.db);
    const event = await createEvent(h.db, user.id);
    const deposit = await createDeposit(h.db, event.id, { amount: '12345678.91' });
    expect(deposit.amount).toBe('12345678.91');
    await expect(createDeposit(h.db, event.id, { amount: '123456789.00' })).rejects.toMatchObject({
      code: '22003',
    });
    const vendor = await createVendor(h.db, { rating: '4.567' });
    expect(vendor.rating).toBe('4.57');
    expect(vendor.reviewCount).toBe(0);
  });

  it('applies the defaults of the data model', async () => {
    const user = await createUser(h.db);
    expect(user).toMatchObject({
      hebrewDatesEnabled: true,
      shabbatWarningsEnabled: true,
      emailNotificationsEnabled: true,
      role: 'customer',
    });
    const event = await createEvent(h.db, user.id);
    expect(event.isPublic).toBe(false);
    expect(event.shareId).toMatch(/^[0-9a-f-]{36}$/);
    const vendor = await createVendor(h.db);
    expect(vendor).toMatchObject({
      verified: false,
      claimed: false,
      rating: '0.00',
      reviewCount: 0,
      galleryImages: [],
      details: {},
    });
  });

  it('removes tasks, deposits and memos with their event', async () => {
    const user = await createUser(h.db);
    const event = await createEvent(h.db, user.id);
    await createTask(h.db, event.id);
    await createDeposit(h.db, event.id);
    await createMemo(h.db, event.id);
    await h.db.deleteFrom('events').where('id', '=', event.id).execute();
    for (const table of ['tasks', 'deposits', 'memos'] as const) {
      const rows = await h.db.selectFrom(table).select('id').where('eventId', '=', event.id).execute();
      expect(rows, table).toHaveLength(0);
    }
  });

  it('removes messages with their thread', async () => {
    const customer = await createUser(h.db);
    const owner = await createUser(h.db, { role: 'vendor' });
    const vendor = await createVendor(h.db, { ownerId: owner.id });
    const thread = await h.db
      .insertInto('messageThreads')
      .values({ vendorId: vendor.id, customerId: customer.id, subject: 'Hello' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await h.db
      .insertInto('messages')
      .values({ threadId: thread.id, senderId: customer.id, receiverId: owner.id, messageText: 'Hi' })
      .execute();
    await h.db.deleteFrom('messageThreads').where('id', '=', thread.id).execute();
    const rows = await h.db.selectFrom('messages').select('id').where('threadId', '=', thread.id).execute();
    expect(rows).toHaveLength(0);
  });
});

describe('demo seed', () => {
  it('names every demo listing as the duplicate-name rule asks of users: no two look the same, each placed where its name says', async () => {
    const fresh = await createHarness();
    try {
      expect(await seedDemoData(fresh.db, { vendors: DEFAULT_DEMO_VENDORS })).toEqual({ seeded: true });
      const listings = await fresh.db
        .selectFrom('vendors')
        .select(['businessName', 'nameSkeleton', 'neighborhood', 'city'])
        .execute();
      expect(listings).toHaveLength(DEFAULT_DEMO_VENDORS + 1);
      const bySkeleton = new Map<string, string[]>();
      for (const l of listings) {
        const key = l.nameSkeleton ?? '';
        bySkeleton.set(key, [...(bySkeleton.get(key) ?? []), l.businessName]);
      }
      expect([...bySkeleton.values()].filter((names) => names.length > 1)).toEqual([]);
      // A name that carries a place ("Mazel Moments Teaneck") stands in that place.
      const places = [
        ...new Set(listings.flatMap((l) => [l.neighborhood, l.city]).filter(Boolean)),
      ] as string[];
      for (const l of listings) {
        const named = places.filter((p) => l.businessName.endsWith(` ${p}`));
        for (const place of named) expect([l.neighborhood, l.city], l.businessName).toContain(place);
      }
    } finally {
      await fresh.close();
    }
  });

  it('writes the demo accounts and data once, and a second run changes nothing', async () => {
    const fresh = await createHarness();
    try {
      expect(await seedDemoData(fresh.db, { vendors: 40 })).toEqual({ seeded: true });
      expect(await seedDemoData(fresh.db, { vendors: 40 })).toMatchObject({ seeded: false });
      const roles = await fresh.db.selectFrom('users').select(['email', 'role']).orderBy('email').execute();
      expect(roles).toEqual(
        expect.arrayContaining([
          { email: DEMO_ACCOUNTS.admin.email, role: 'admin' },
          { email: DEMO_ACCOUNTS.customer.email, role: 'customer' },
          { email: DEMO_ACCOUNTS.vendor.email, role: 'vendor' },
        ]),
      );
      const vendors = await fresh.db.selectFrom('vendors').select(['category', 'neighborhood']).execute();
      expect(vendors).toHaveLength(41);
      expect(new Set(vendors.map((v) => v.category)).size).toBe(5);
      expect(new Set(vendors.map((v) => v.neighborhood).filter(Boolean)).size).toBe(6);
      const { caller } = fresh.anonymous();
      const signedIn = await caller.auth.login({ ...DEMO_ACCOUNTS.customer, portal: 'customer' });
      expect(signedIn.user.familyLabel).toBe('Goldberg Family');
      const circle = await fresh.db
        .selectFrom('familyCircles')
        .selectAll()
        .where('label', '=', 'Goldberg Family')
        .executeTakeFirstOrThrow();
      expect(circle.memberCount).toBe(2);
      const events = await fresh.db
        .selectFrom('events')
        .select('id')
        .where('userId', '=', signedIn.user.id)
        .execute();
      expect(events.length).toBeGreaterThan(0);

      // Reviews stand on completed bookings whose day has passed, and the studio's rating is theirs.
      const reviews = await fresh.db
        .selectFrom('reviews as rv')
        .innerJoin('bookings as b', 'b.id', 'rv.bookingId')
        .select(['rv.rating', 'rv.authorId', 'b.customerId', 'b.status', 'rv.vendorId', 'rv.createdAt'])
        .select(sql<string>`to_char(b.day, 'YYYY-MM-DD')`.as('day'))
        .execute();
      expect(reviews.length).toBeGreaterThan(0);
      const today = new Date().toISOString().slice(0, 10);
      for (const r of reviews) {
        expect(r.status).toBe('completed');
        expect(r.day < today).toBe(true);
        expect(r.authorId).toBe(r.customerId);
        // Written when it was written: after the day, long before the seed ran.
        expect(r.createdAt.toISOString().slice(0, 10) > r.day).toBe(true);
        expect(r.createdAt.toISOString().slice(0, 10) < today).toBe(true);
      }
      // The history of those bookings reads their own dates: quoted and accepted months before the
      // day, completed after it, none stamped when the seed ran.
      const history = await fresh.db
        .selectFrom('bookingHistory as h')
        .innerJoin('bookings as b', 'b.requestId', 'h.requestId')
        .innerJoin('reviews as rv', 'rv.bookingId', 'b.id')
        .select(['h.action', 'h.createdAt', 'b.id as bookingId'])
        .select(sql<string>`to_char(b.day, 'YYYY-MM-DD')`.as('day'))
        .orderBy('h.createdAt')
        .execute();
      expect(history.length).toBe(reviews.length * 3);
      for (const row of history) {
        const at = row.createdAt.toISOString().slice(0, 10);
        expect(at < today).toBe(true);
        expect(row.action === 'completed' ? at >= row.day : at < row.day).toBe(true);
      }
      for (const id of new Set(history.map((row) => row.bookingId))) {
        expect(history.filter((row) => row.bookingId === id).map((row) => row.action)).toEqual([
          'quoted',
          'accepted',
          'completed',
        ]);
      }
      const studio = await fresh.db
        .selectFrom('vendors')
        .select(['id', 'rating', 'reviewCount', 'calendarStatedAt'])
        .where('businessName', '=', 'Levy Simcha Photography')
        .executeTakeFirstOrThrow();
      // The studio stated its calendar, so the marketplace can say when it is free.
      expect(studio.calendarStatedAt).not.toBeNull();
      const own = reviews.filter((r) => r.vendorId === studio.id);
      expect(studio.reviewCount).toBe(own.length);
      expect(Number(studio.rating)).toBeCloseTo(own.reduce((sum, r) => sum + r.rating, 0) / own.length, 2);
      // No other listing has a rating without reviews behind it.
      const unbacked = await fresh.db
        .selectFrom('vendors')
        .select('businessName')
        .where('id', '<>', studio.id)
        .where((eb) => eb.or([eb('rating', '<>', '0'), eb('reviewCount', '<>', 0)]))
        .execute();
      expect(unbacked).toEqual([]);
      // Sarah has the studio's quote for Ari's bar mitzvah to answer.
      const sarahsQuotes = await fresh.db
        .selectFrom('quotes as q')
        .innerJoin('availabilityRequests as r', 'r.id', 'q.requestId')
        .select(['q.status', 'r.status as requestStatus'])
        .where('r.userId', '=', signedIn.user.id)
        .execute();
      expect(sarahsQuotes).toEqual([{ status: 'sent', requestStatus: 'quoted' }]);
    } finally {
      await fresh.close();
    }
  });
});
