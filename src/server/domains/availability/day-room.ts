import { sql } from 'kysely';
import type { Db } from '../../platform/db/create-db';

/**
 * The room of a listing's day (vendor_days, migration 2026-11-29T0700). A day without a row has the
 * listing's daily capacity and nothing taken. Taking a slot is one statement: it inserts the day at
 * the listing's capacity, or raises `taken` only while it is below `capacity`. Under concurrency the
 * second of two takers of the last slot waits for the first's row lock, re-reads the row and finds
 * no room; the constraint `taken <= capacity` stands behind it.
 */
export class DayFullError extends Error {
  constructor(
    readonly vendorId: string,
    readonly day: string,
  ) {
    super(`No room left on ${day}`);
    this.name = 'DayFullError';
  }
}

/** Takes one slot of the listing's day (a booking, or the owner's booked or held entry). */
export async function takeSlot(
  trx: Db,
  vendorId: string,
  day: string,
): Promise<{ taken: number; capacity: number }> {
  const row = await sql<{ taken: number; capacity: number }>`
    INSERT INTO vendor_days (vendor_id, day, capacity, taken)
    SELECT v.id, ${day}::date, v.daily_capacity, 1 FROM vendors v WHERE v.id = ${vendorId}
    ON CONFLICT (vendor_id, day) DO UPDATE SET taken = vendor_days.taken + 1
      WHERE vendor_days.taken < vendor_days.capacity
    RETURNING taken, capacity`
    .execute(trx)
    .then((r) => r.rows[0]);
  if (!row) throw new DayFullError(vendorId, day);
  return row;
}

/** Gives one slot of the listing's day back (a booking cancelled, an entry removed). */
export async function releaseSlot(trx: Db, vendorId: string, day: string): Promise<void> {
  await trx
    .updateTable('vendorDays')
    .set({ taken: sql<number>`greatest(taken - 1, 0)` })
    .where('vendorId', '=', vendorId)
    .where('day', '=', day)
    .execute();
}
