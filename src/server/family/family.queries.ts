import { sql } from 'kysely';
import type { Db } from '../db/create-db';

/** Adds one member to the circle of an exact label, creating the circle on its first member. */
export async function joinCircle(db: Db, label: string): Promise<void> {
  await db
    .insertInto('familyCircles')
    .values({ label, memberCount: 1 })
    .onConflict((oc) => oc.column('label').doUpdateSet({ memberCount: sql`family_circles.member_count + 1` }))
    .execute();
}

/** Removes one member; the circle row goes with its last member. */
export async function leaveCircle(db: Db, label: string): Promise<void> {
  await db
    .updateTable('familyCircles')
    .set({ memberCount: sql`member_count - 1` })
    .where('label', '=', label)
    .where('memberCount', '>', 0)
    .execute();
  await db.deleteFrom('familyCircles').where('label', '=', label).where('memberCount', '<=', 0).execute();
}

/** Moves a user between circles inside the caller's transaction. */
export async function changeCircle(db: Db, from: string | null, to: string | null): Promise<void> {
  if (from === to) return;
  if (from) await leaveCircle(db, from);
  if (to) await joinCircle(db, to);
}
