import { type Selectable, sql } from 'kysely';
import { createUser, createVendor } from '../demo/factories';
import { createSession, SESSION_COOKIE } from '../domains/auth/sessions';
import type { Db } from '../platform/db/create-db';
import type { Database, NewVendor, VendorRow } from '../platform/db/types';
import type { RateRule } from '../platform/env';
import type { LimitName } from '../platform/limits/rate-limit';
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
): Promise<{ vendor: Party; listing: VendorRow }> {
  const vendor = await h.signedIn('vendor');
  return { vendor, listing: await createVendor(h.db, { ownerId: vendor.user.id, ...listing }) };
}

/** Turns a user's e-mail notifications off, as their profile setting does. */
export async function turnOffEmails(db: Db, userId: string): Promise<void> {
  await db.updateTable('users').set({ emailNotificationsEnabled: false }).where('id', '=', userId).execute();
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

/** A column of `table` as a row read back has it. */
type ColumnOf<T extends keyof Database> = keyof Selectable<Database[T]> & string;

/**
 * The rows of `table` whose columns hold every value of `where`: what a test reads back after its
 * calls. `columns` narrows each row to those columns; `orderBy` sorts the rows by its columns in turn.
 */
export async function rowsWhere<T extends keyof Database & string, C extends ColumnOf<T> = ColumnOf<T>>(
  db: Db,
  table: T,
  where: Partial<Selectable<Database[T]>>,
  options: { columns?: readonly C[]; orderBy?: readonly ColumnOf<T>[] } = {},
): Promise<Pick<Selectable<Database[T]>, C>[]> {
  const matches = Object.entries(where).map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
  const columns = options.columns ? sql.join(options.columns.map((c) => sql.ref(c))) : sql`*`;
  const order = options.orderBy ? sql`ORDER BY ${sql.join(options.orderBy.map((c) => sql.ref(c)))}` : sql``;
  const { rows } = await sql<Pick<Selectable<Database[T]>, C>>`
    SELECT ${columns} FROM ${sql.table(table)} WHERE ${sql.join(matches, sql` AND `)} ${order}`.execute(db);
  return rows;
}

/** A table whose rows record when they were made. */
type TableWithCreatedAt = {
  [K in keyof Database & string]: 'createdAt' extends keyof Database[K] ? K : never;
}[keyof Database & string];

/** rowsWhere, oldest first: what was sent or recorded for someone, in the order it happened. */
export function rowsOldestFirst<T extends TableWithCreatedAt, C extends ColumnOf<T> = ColumnOf<T>>(
  db: Db,
  table: T,
  where: Partial<Selectable<Database[T]>>,
  columns?: readonly C[],
): Promise<Pick<Selectable<Database[T]>, C>[]> {
  return rowsWhere(db, table, where, { columns, orderBy: ['createdAt' as ColumnOf<T>] });
}

/** A user's live events in the order they were numbered. */
export function liveEventsOf<C extends ColumnOf<'liveEvents'> = ColumnOf<'liveEvents'>>(
  db: Db,
  userId: string,
  columns?: readonly C[],
) {
  return rowsWhere(db, 'liveEvents', { userId }, { columns, orderBy: ['seq'] });
}

/** The Cookie header of a fresh session of the user, as a browser holds it (for tests over the wire). */
export async function sessionCookie(db: Db, userId: string): Promise<string> {
  const session = await createSession(db, {
    userId,
    ttlMs: 3_600_000,
    now: new Date(),
    userAgent: 'vitest',
    ip: '127.0.0.1',
  });
  return `${SESSION_COOKIE}=${session.token}`;
}

/**
 * Miriam, a customer, in conversation with Eli, who owns the claimed listing of his photography:
 * rows made straight in the database, for tests that drive servers over the wire.
 */
export async function customerVendorThread(db: Db) {
  const customer = await createUser(db, { role: 'customer', name: 'Miriam Katz' });
  const vendorUser = await createUser(db, { role: 'vendor', name: 'Eli Photo' });
  const listing = await createVendor(db, { ownerId: vendorUser.id, claimed: true });
  const thread = await db
    .insertInto('messageThreads')
    .values({ vendorId: listing.id, customerId: customer.id, subject: 'Bar mitzvah, 3 May' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { customer, vendorUser, listing, thread };
}
