import { type Kysely, sql } from 'kysely';

/**
 * The version of a listing's stated calendar (decision 029): raised by every save of the owner's
 * entries, answered as the calendar GET's ETag and checked by a save's If-Match or `version`, so two
 * devices editing one calendar cannot overwrite each other unseen. Bookings change the days' rooms,
 * not what the owner stated, and leave it alone (a save checks the rooms it changes anyway).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE vendors ADD COLUMN calendar_version integer NOT NULL DEFAULT 1 CHECK (calendar_version >= 1)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE vendors DROP COLUMN IF EXISTS calendar_version`.execute(db);
}
