import tzLookup from '@photostructure/tz-lookup';
import { type Kysely, sql } from 'kysely';

/**
 * Places and clocks (issue 28, decision 034):
 * - users get a home place (a GeoNames id) and their observance settings; null settings mean "by
 *   the place" (Israel's calendar at home in Israel, 40 candle-lighting minutes in Jerusalem);
 * - events get a place, the zone their date and time were written in, and a length;
 * - listings get the zone of their coordinates, computed here by tz-lookup for those that have them;
 * - availability requests keep the tier they were judged at, the place used and its span.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users
    ADD COLUMN home_place_id integer,
    ADD COLUMN observance_schedule text CHECK (observance_schedule IN ('israel', 'diaspora')),
    ADD COLUMN candle_minutes smallint CHECK (candle_minutes IN (18, 20, 22, 30, 40)),
    ADD COLUMN havdalah text NOT NULL DEFAULT 'degrees-8.5'
      CHECK (havdalah IN ('degrees-8.5', 'minutes-42', 'minutes-50', 'minutes-72')),
    ADD COLUMN wedding_custom text NOT NULL DEFAULT 'ashkenazi'
      CHECK (wedding_custom IN ('ashkenazi', 'sephardi', 'none'))`.execute(db);
  await sql`ALTER TABLE events
    ADD COLUMN place_id integer,
    ADD COLUMN time_zone text,
    ADD COLUMN duration_minutes integer CHECK (duration_minutes BETWEEN 1 AND 2880)`.execute(db);
  await sql`ALTER TABLE vendors ADD COLUMN time_zone text`.execute(db);
  await sql`ALTER TABLE availability_requests
    ADD COLUMN conflict_level text CHECK (conflict_level IN ('forbidden', 'custom', 'info')),
    ADD COLUMN conflict_message text,
    ADD COLUMN conflict_starts_at timestamptz,
    ADD COLUMN conflict_ends_at timestamptz,
    ADD COLUMN conflict_place jsonb`.execute(db);

  const located = await sql<{ id: string; latitude: number; longitude: number }>`
    SELECT id, latitude, longitude FROM vendors WHERE latitude IS NOT NULL AND longitude IS NOT NULL`.execute(
    db,
  );
  for (const row of located.rows) {
    let zone: string | null = null;
    try {
      zone = tzLookup(row.latitude, row.longitude);
    } catch {
      zone = null;
    }
    if (zone) await sql`UPDATE vendors SET time_zone = ${zone} WHERE id = ${row.id}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE availability_requests
    DROP COLUMN IF EXISTS conflict_level, DROP COLUMN IF EXISTS conflict_message,
    DROP COLUMN IF EXISTS conflict_starts_at, DROP COLUMN IF EXISTS conflict_ends_at,
    DROP COLUMN IF EXISTS conflict_place`.execute(db);
  await sql`ALTER TABLE vendors DROP COLUMN IF EXISTS time_zone`.execute(db);
  await sql`ALTER TABLE events DROP COLUMN IF EXISTS place_id, DROP COLUMN IF EXISTS time_zone,
    DROP COLUMN IF EXISTS duration_minutes`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS home_place_id, DROP COLUMN IF EXISTS observance_schedule,
    DROP COLUMN IF EXISTS candle_minutes, DROP COLUMN IF EXISTS havdalah, DROP COLUMN IF EXISTS wedding_custom`.execute(
    db,
  );
}
