import { sql } from 'kysely';
import type { Db } from '../../platform/db/create-db';
import type { VisitKind } from '../../platform/db/types';

/**
 * A listing's daily rows from `from` to `to` (civil dates, inclusive), in no order (the caller
 * places them by day): one range scan of the primary key (vendor_id, day). The day as text: the
 * driver would turn a date into a Date at local midnight.
 */
export function dailyStatsQuery(db: Db, vendorId: string, from: string, to: string) {
  return db
    .selectFrom('vendorDailyStats')
    .select([
      sql<string>`day::text`.as('day'),
      'views',
      'uniqueVisitors',
      'phoneReveals',
      'emailReveals',
      'websiteReveals',
      'requests',
    ])
    .where('vendorId', '=', vendorId)
    .where('day', '>=', from)
    .where('day', '<=', to);
}

export async function dailyStatsBetween(db: Db, vendorId: string, from: string, to: string) {
  return dailyStatsQuery(db, vendorId, from, to).execute();
}

/**
 * A listing's requests since an instant, with what the response figures need: an index-only scan of
 * availability_requests_vendor_created_idx, which includes status and response_minutes.
 */
export function requestOutcomesQuery(db: Db, vendorId: string, since: Date) {
  return db
    .selectFrom('availabilityRequests')
    .select(['createdAt', 'status', 'responseMinutes'])
    .where('vendorId', '=', vendorId)
    .where('createdAt', '>=', since);
}

export async function requestOutcomesSince(db: Db, vendorId: string, since: Date) {
  return requestOutcomesQuery(db, vendorId, since).execute();
}

/** The day's salt, created by whichever process asks first. */
export async function saltOfDay(db: Db, day: string, fresh: Buffer): Promise<Buffer> {
  await db
    .insertInto('visitorSalts')
    .values({ day, salt: fresh })
    .onConflict((oc) => oc.column('day').doNothing())
    .execute();
  const row = await db
    .selectFrom('visitorSalts')
    .select('salt')
    .where('day', '=', day)
    .executeTakeFirstOrThrow();
  return Buffer.from(row.salt);
}

/**
 * One profile view: views + 1, and unique_visitors + 1 when the visitor's hash is new for the
 * listing and day. One statement (the visitor row is written by a CTE).
 */
export async function countView(db: Db, vendorId: string, day: string, visitorHash: Buffer): Promise<void> {
  await sql`
    WITH first_visit AS (
      INSERT INTO vendor_daily_visitors (vendor_id, day, kind, visitor_hash)
      VALUES (${vendorId}, ${day}::date, 'view', ${visitorHash})
      ON CONFLICT DO NOTHING
      RETURNING 1
    )
    INSERT INTO vendor_daily_stats AS s (vendor_id, day, views, unique_visitors)
    VALUES (${vendorId}, ${day}::date, 1, (SELECT count(*)::int FROM first_visit))
    ON CONFLICT (vendor_id, day) DO UPDATE
      SET views = s.views + 1, unique_visitors = s.unique_visitors + excluded.unique_visitors`.execute(db);
}

const REVEAL_COLUMN = { phone: 'phone_reveals', email: 'email_reveals', website: 'website_reveals' } as const;

/**
 * A contact reveal, counted once per visitor, kind and day: nothing is written when the visitor
 * already revealed it today. One statement.
 */
export async function countReveal(
  db: Db,
  vendorId: string,
  day: string,
  kind: Exclude<VisitKind, 'view'>,
  visitorHash: Buffer,
): Promise<boolean> {
  const column = sql.ref(REVEAL_COLUMN[kind]);
  const { rows } = await sql<{ counted: number }>`
    WITH first_reveal AS (
      INSERT INTO vendor_daily_visitors (vendor_id, day, kind, visitor_hash)
      VALUES (${vendorId}, ${day}::date, ${kind}, ${visitorHash})
      ON CONFLICT DO NOTHING
      RETURNING vendor_id, day
    )
    INSERT INTO vendor_daily_stats AS s (vendor_id, day, ${column})
    SELECT vendor_id, day, 1 FROM first_reveal
    ON CONFLICT (vendor_id, day) DO UPDATE SET ${column} = s.${column} + 1
    RETURNING 1 AS counted`.execute(db);
  return rows.length > 0;
}

/** An availability request received, in the caller's transaction. */
export async function countRequest(db: Db, vendorId: string, day: string): Promise<void> {
  await sql`
    INSERT INTO vendor_daily_stats AS s (vendor_id, day, requests)
    VALUES (${vendorId}, ${day}::date, 1)
    ON CONFLICT (vendor_id, day) DO UPDATE SET requests = s.requests + 1`.execute(db);
}

/**
 * Visitor hashes and salts of days before `today`: once a day's salt is gone, its hashes cannot be
 * recomputed from an address, and the counts they produced stay in vendor_daily_stats.
 */
export async function deletePastVisitors(
  db: Db,
  today: string,
): Promise<{ visitorHashes: number; visitorSalts: number }> {
  const visitors = await db.deleteFrom('vendorDailyVisitors').where('day', '<', today).executeTakeFirst();
  const salts = await db.deleteFrom('visitorSalts').where('day', '<', today).executeTakeFirst();
  return { visitorHashes: Number(visitors.numDeletedRows), visitorSalts: Number(salts.numDeletedRows) };
}

/**
 * A listing's quotes sent since an instant and what became of them (issue 29), in one statement over
 * quotes_vendor_idx: how many were sent, how many were answered or ran out (accepted, declined,
 * expired; a quote replaced by a newer one is left out), how many were accepted, and the money of the
 * accepted ones whose booking still stands (a quote's price, or the lowest of its range).
 */
export async function quoteFiguresSince(db: Db, vendorId: string, since: Date) {
  const { rows } = await sql<{ sent: number; closed: number; accepted: number; revenue: string }>`
    SELECT count(*)::int AS sent,
      count(*) FILTER (WHERE q.status IN ('accepted', 'declined', 'expired'))::int AS closed,
      count(*) FILTER (WHERE q.status = 'accepted')::int AS accepted,
      coalesce(sum(coalesce(q.price, q.price_min))
        FILTER (WHERE q.status = 'accepted' AND b.status IS DISTINCT FROM 'cancelled'), 0)::numeric(12, 2)::text AS revenue
    FROM quotes q
    LEFT JOIN bookings b ON b.quote_id = q.id
    WHERE q.vendor_id = ${vendorId} AND q.created_at >= ${since}`.execute(db);
  return rows[0] ?? { sent: 0, closed: 0, accepted: 0, revenue: '0.00' };
}
