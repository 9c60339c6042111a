import { type Selectable, sql } from 'kysely';
import type { Db } from '../db/create-db';
import { createVendor } from '../db/factories';
import type { Database, NewVendor } from '../db/types';
import type { LimitName, RateRule } from '../limits/rate-limit';
import type { Party, TestHarness } from './harness';

/**
 * The two sides of the request and messaging tests: Miriam, a customer, and David, a vendor who
 * owns the claimed listing of his band, Hora Nights.
 */
export async function familyAndBand(
  h: TestHarness,
): Promise<{ customer: Party; owner: Party; vendorId: string }> {
  const customer = await h.signedIn('customer', { name: 'Miriam' });
  const owner = await h.signedIn('vendor', { name: 'David' });
  const listing = await createVendor(h.db, {
    businessName: 'Hora Nights',
    category: 'Musicians',
    ownerId: owner.user.id,
    claimed: true,
  });
  return { customer, owner, vendorId: listing.id };
}

/** A vendor signed in, and a listing of theirs made from `listing`. */
export async function vendorWithListing(
  h: TestHarness,
  listing: Partial<NewVendor> = {},
): Promise<{ vendor: Party; listing: Selectable<Database['vendors']> }> {
  const vendor = await h.signedIn('vendor');
  return { vendor, listing: await createVendor(h.db, { ownerId: vendor.user.id, ...listing }) };
}

/** Runs `body` with the configured rule `name` lowered to `max` hits, and puts the rule back after. */
export async function withLimitMax(
  h: TestHarness,
  name: LimitName,
  max: number,
  body: () => Promise<void>,
): Promise<void> {
  const rule = h.deps.config.limits[name];
  const saved = { ...rule };
  rule.max = max;
  try {
    await body();
  } finally {
    Object.assign(rule, saved);
  }
}

/** Uses up `rule` for `key` now: what it limits next is refused until its window ends. */
export async function useUpLimit(db: Db, key: string, rule: RateRule): Promise<void> {
  await db
    .insertInto('rateLimits')
    .values({ key, hits: rule.max, windowEndsAt: new Date(Date.now() + rule.windowMs) })
    .execute();
}

/** The rows of `table` whose columns hold every value of `where`: what a test reads back after its calls. */
export async function rowsWhere<T extends keyof Database & string>(
  db: Db,
  table: T,
  where: Partial<Selectable<Database[T]>>,
): Promise<Selectable<Database[T]>[]> {
  const matches = Object.entries(where).map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
  const { rows } = await sql<Selectable<Database[T]>>`
    SELECT * FROM ${sql.table(table)} WHERE ${sql.join(matches, sql` AND `)}`.execute(db);
  return rows;
}
