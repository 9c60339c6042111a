import { randomBytes } from 'node:crypto';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../../../migrations/index';
import { CATEGORIES } from '../../../shared/categories';
import { createPgliteDb, createPostgresDb, type Db } from '../../platform/db/create-db';
import { migrateToLatest } from '../../platform/db/migrate';
import { nameSkeleton } from './name-skeleton';
import { lockAndFindListingNamed } from './vendors.queries';

const VENDOR_SIDE = '2026-11-23T1100_vendor_side';

/** A database of its own, empty: the harness's copy is already migrated to the latest. */
async function emptyDatabase(): Promise<{ db: Db; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const handle = await createPgliteDb(null);
    return { db: handle.db, drop: () => handle.db.destroy() };
  }
  const name = `simchahub_test_${randomBytes(6).toString('hex')}`;
  const admin = createPostgresDb(adminUrl, { max: 1 });
  await sql.raw(`CREATE DATABASE ${name}`).execute(admin.db);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = createPostgresDb(url.toString(), { max: 2, statementTimeoutMs: 0 });
  return {
    db: handle.db,
    drop: async () => {
      await handle.db.destroy();
      await sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).execute(admin.db);
      await admin.db.destroy();
    },
  };
}

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await emptyDatabase());
}, 120_000);
afterAll(async () => {
  await drop();
});

/** Stored before the vocabulary -> what the migration makes of it. */
const LEGACY: [string, string][] = [
  ['photographer', 'Photographers'],
  ['Photography', 'Photographers'],
  ['  caterer ', 'Caterers'],
  ['VENUES', 'Venues'],
  ['venue', 'Venues'],
  ['band', 'Musicians'],
  ['Music & Entertainment', 'Musicians'],
  ['florist', 'Florists'],
  ['makeup', 'Beauty & Makeup'],
  ['decorator', 'Decor & Design'],
  ['invitations', 'Invitations'],
  ['other', 'Other'],
  ['shop', 'Shops'],
  ['Comedians', 'Comedians'],
  ['Florists', 'Florists'],
  ['Balloon Artists', 'Other'],
  ['', 'Other'],
];

describe('the vendor-side migration', () => {
  it('maps the categories stored before it onto the vocabulary, then refuses any other value', async () => {
    const names = Object.keys(migrations);
    const before = names[names.indexOf(VENDOR_SIDE) - 1] as string;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const partial = await migrator.migrateTo(before);
    expect(partial.error).toBeUndefined();
    expect(partial.results?.at(-1)?.migrationName).toBe(before);

    await db
      .insertInto('vendors')
      .values(
        LEGACY.map(([category], i) => ({
          businessName: `Legacy Listing ${i}`,
          category,
          contactEmail: `legacy-${i}@example.com`,
        })),
      )
      .execute();
    await migrateToLatest(db);

    const rows = await db.selectFrom('vendors').select(['businessName', 'category']).execute();
    const byName = new Map(rows.map((r) => [r.businessName, r.category]));
    expect(LEGACY.map((_, i) => byName.get(`Legacy Listing ${i}`))).toEqual(LEGACY.map(([, to]) => to));
    expect(rows.every((r) => (CATEGORIES as readonly string[]).includes(r.category))).toBe(true);
    await expect(
      db
        .insertInto('vendors')
        .values({ businessName: 'After', category: 'photographer', contactEmail: 'a@b.co' })
        .execute(),
    ).rejects.toMatchObject({ code: '23514' });
  }, 120_000);
});

describe('the vendor-side migration on claims stored before it', () => {
  it('keeps only the newest of a user’s duplicate pending claims, and makes listing owners vendor accounts', async () => {
    const own = await emptyDatabase();
    try {
      const names = Object.keys(migrations);
      const before = names[names.indexOf(VENDOR_SIDE) - 1] as string;
      const migrator = new Migrator({ db: own.db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo(before)).error).toBeUndefined();

      const user = await own.db
        .insertInto('users')
        .values({ email: 'legacy-claimant@example.com', passwordHash: 'x', name: 'Legacy Claimant' })
        .returning('id')
        .executeTakeFirstOrThrow();
      // A family that listed its business from the marketplace before owning one made a vendor account.
      const owner = await own.db
        .insertInto('users')
        .values({ email: 'legacy-owner@example.com', passwordHash: 'x', name: 'Legacy Owner' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const listing = await own.db
        .insertInto('vendors')
        .values({
          businessName: 'Legacy Hall',
          category: 'Venues',
          contactEmail: 'hall@example.com',
          ownerId: owner.id,
          claimed: true,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const claim = (vendorId: string | null, businessName: string, minutesAgo: number) => ({
        vendorId,
        userId: user.id,
        businessName,
        businessDescription: 'd',
        businessAddress: 'a',
        businessPhone: '1',
        businessEmail: 'owner@example.com',
        ownershipProof: 'p',
        createdAt: new Date(Date.now() - minutesAgo * 60_000),
      });
      await own.db
        .insertInto('vendorClaims')
        .values([
          claim(listing.id, 'Legacy Hall', 30),
          claim(listing.id, 'Legacy Hall', 20),
          // A business not listed yet, claimed twice under one name (in two spellings of its case).
          claim(null, 'Kosher Bakes', 30),
          claim(null, 'KOSHER BAKES', 10),
        ])
        .execute();

      await migrateToLatest(own.db);

      const rows = await own.db
        .selectFrom('vendorClaims')
        .select(['businessName', 'status', 'createdAt'])
        .orderBy('createdAt')
        .execute();
      expect(rows.map((r) => [r.businessName, r.status])).toEqual([
        ['Legacy Hall', 'withdrawn'],
        ['Kosher Bakes', 'withdrawn'],
        ['Legacy Hall', 'pending'],
        ['KOSHER BAKES', 'pending'],
      ]);
      const roles = await own.db.selectFrom('users').select(['email', 'role']).orderBy('email').execute();
      expect(roles).toEqual([
        { email: 'legacy-claimant@example.com', role: 'customer' },
        { email: 'legacy-owner@example.com', role: 'vendor' },
      ]);
    } finally {
      await own.drop();
    }
  }, 120_000);
});

describe('the name-skeleton migration', () => {
  it('gives the listings there are the skeletons of their names, so look-alikes of them are refused', async () => {
    const names = Object.keys(migrations);
    const skeletonMigration = '2026-11-29T0100_vendor_name_skeleton';
    const before = names[names.indexOf(skeletonMigration) - 1] as string;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo(before)).error).toBeUndefined();
    await sql`INSERT INTO vendors (business_name, category, contact_email)
      VALUES ('Levy Simcha Photography', 'Photographers', 'a@b.co'), ('Chuppah & Co.', 'Decor & Design', 'c@d.co')`.execute(
      db,
    );
    await migrateToLatest(db);
    const rows = await db
      .selectFrom('vendors')
      .select(['businessName', 'nameSkeleton'])
      .orderBy('businessName')
      .execute();
    const stored = Object.fromEntries(rows.map((r) => [r.businessName, r.nameSkeleton]));
    expect(stored['Levy Simcha Photography']).toBe(nameSkeleton('L\u0435vy Simcha Photograph\u0443.'));
    expect(stored['Chuppah & Co.']).toBe(nameSkeleton('chuppah & co'));
    expect(await lockAndFindListingNamed(db, 'LEVY SIMCHA PH0TOGRAPHY')).toMatchObject({
      businessName: 'Levy Simcha Photography',
    });
  });
});
