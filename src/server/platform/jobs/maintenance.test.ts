import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createUser, createVendor } from '../../demo/factories';
import { createSession } from '../../domains/auth/sessions';
import { sweepExpiredRows } from '../../expired-rows';
import { rowsWhere } from '../../test/fixtures';
import { harnessForFile } from '../../test/harness';
import { consume } from '../limits/rate-limit';
import { embeddedUpkeep, startMaintenance } from './maintenance';

const h = harnessForFile();

describe('maintenance sweep', () => {
  it('removes ended sessions and closed limit windows, and keeps live ones', async () => {
    const user = await createUser(h.db);
    const now = new Date('2026-06-01T12:00:00Z');
    const hour = 60 * 60 * 1000;
    await createSession(h.db, {
      userId: user.id,
      ttlMs: hour,
      now: new Date(now.getTime() - 2 * hour),
      userAgent: null,
      ip: '::1',
    });
    const live = await createSession(h.db, { userId: user.id, ttlMs: hour, now, userAgent: null, ip: '::1' });
    await consume(h.db, 'sweep:old', { max: 1, windowMs: 1000 }, new Date(now.getTime() - hour));
    await consume(h.db, 'sweep:live', { max: 1, windowMs: hour }, now);

    const swept = await sweepExpiredRows({ db: h.db, now: () => now });
    expect(swept.sessions).toBeGreaterThanOrEqual(1);
    expect(swept.rateLimits).toBeGreaterThanOrEqual(1);
    const sessions = await h.db.selectFrom('sessions').select('id').where('userId', '=', user.id).execute();
    expect(sessions.map((s) => s.id)).toEqual([live.id]);
    const keys = await h.db.selectFrom('rateLimits').select('key').where('key', 'like', 'sweep:%').execute();
    expect(keys.map((k) => k.key)).toEqual(['sweep:live']);
  });

  it('removes create answers kept longer than 24 hours, and keeps younger ones', async () => {
    const user = await createUser(h.db);
    const now = new Date('2026-06-01T12:00:00Z');
    const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 60 * 60 * 1000);
    const key = (name: string, createdAt: Date) => ({
      userId: user.id,
      key: name,
      procedure: 'events.create',
      requestHash: 'hash',
      response: JSON.stringify({}),
      createdAt,
    });
    await h.db
      .insertInto('idempotencyKeys')
      .values([key('old', hoursAgo(25)), key('edge', hoursAgo(24)), key('young', hoursAgo(23))])
      .execute();

    const swept = await sweepExpiredRows({ db: h.db, now: () => now });
    expect(swept.idempotencyKeys).toBe(2);
    const left = await rowsWhere(h.db, 'idempotencyKeys', { userId: user.id });
    expect(left.map((k) => k.key)).toEqual(['young']);
  });
});

describe('visitor hashes and salts', () => {
  it("deletes past days' hashes and salts, and keeps today's", async () => {
    const listing = await createVendor(h.db, { businessName: 'Sweep Visitors Hall' });
    const now = new Date('2026-06-01T00:10:00Z');
    const hash = (n: number) => Buffer.alloc(32, n);
    await h.db
      .insertInto('visitorSalts')
      .values([
        { day: '2026-05-30', salt: randomBytes(32) },
        { day: '2026-05-31', salt: randomBytes(32) },
        { day: '2026-06-01', salt: randomBytes(32) },
      ])
      .execute();
    await h.db
      .insertInto('vendorDailyVisitors')
      .values([
        { vendorId: listing.id, day: '2026-05-31', kind: 'view', visitorHash: hash(1) },
        { vendorId: listing.id, day: '2026-05-31', kind: 'phone', visitorHash: hash(1) },
        { vendorId: listing.id, day: '2026-06-01', kind: 'view', visitorHash: hash(2) },
      ])
      .execute();
    await h.db
      .insertInto('vendorDailyStats')
      .values({ vendorId: listing.id, day: '2026-05-31', views: 3, uniqueVisitors: 1 })
      .execute();

    const swept = await sweepExpiredRows({ db: h.db, now: () => now });
    expect(swept).toMatchObject({ visitorHashes: 2, visitorSalts: 2 });
    const salts = await h.db.selectFrom('visitorSalts').select(sql<string>`day::text`.as('day')).execute();
    expect(salts.map((s) => s.day)).toEqual(['2026-06-01']);
    const hashes = await h.db
      .selectFrom('vendorDailyVisitors')
      .select(sql<string>`day::text`.as('day'))
      .where('vendorId', '=', listing.id)
      .execute();
    expect(hashes.map((v) => v.day)).toEqual(['2026-06-01']);
    // The counts they produced stay.
    const stats = await h.db
      .selectFrom('vendorDailyStats')
      .select(['views', 'uniqueVisitors'])
      .where('vendorId', '=', listing.id)
      .executeTakeFirstOrThrow();
    expect(stats).toEqual({ views: 3, uniqueVisitors: 1 });
  });
});

describe('upkeep of the embedded database', () => {
  /** The planner's row count of a table: -1 until it has been analyzed. */
  const estimatedRows = async (table: string) => {
    const { rows } = await sql<{ n: number }>`
      select reltuples::float8 as n from pg_class where relname = ${table}`.execute(h.db);
    return Number(rows[0]?.n);
  };

  it('gives the planner row counts, which nothing else gathers on PGlite', async () => {
    for (let i = 0; i < 5; i++) await createVendor(h.db, { businessName: `Upkeep Hall ${i}` });
    await embeddedUpkeep(h.db);
    expect(await estimatedRows('vendors')).toBeGreaterThanOrEqual(5);
  });

  it('runs with the sweep on the embedded database, once an hour', async () => {
    // A fresh table that has never been analyzed: -1 rows until the sweep's upkeep has run.
    await sql`create table upkeep_probe (id int)`.execute(h.db);
    await sql`insert into upkeep_probe select generate_series(1, 20)`.execute(h.db);
    const infos: string[] = [];
    const log = { warn: () => {}, info: (_: object, msg: string) => infos.push(msg) };
    const jobs = startMaintenance(
      { db: h.db, now: () => new Date(), log, embedded: true, sweep: sweepExpiredRows },
      20,
    );
    try {
      await expect.poll(() => estimatedRows('upkeep_probe'), { timeout: 10_000 }).toBe(20);
      // Not again within the hour, however often the sweep runs.
      await new Promise((r) => setTimeout(r, 200));
      expect(infos).toEqual(['embedded database vacuumed and analyzed']);
    } finally {
      await jobs.stop();
    }
  });
});
