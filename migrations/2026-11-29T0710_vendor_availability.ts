import { type Kysely, sql } from 'kysely';

/**
 * Vendor availability (issue 29):
 * - A day's room (vendor_days) changes what a date-filtered marketplace search answers, so every
 *   change of it advances the vendors table's version like a listing change does: the marketplace
 *   cache never serves a date-filtered answer computed before a booking or a calendar edit.
 * - The search by date reads the full days of a date (vendor_days_full_idx, from 0700) and the
 *   closed parts of a date (vendor_calendar_entries_closed_part_idx, here).
 * - `sun_depression_utc_minutes`: when the sun is `zenith` degrees from the zenith after noon at a
 *   position on a civil date, in minutes after that date's 00:00 UTC (NOAA's general solar position
 *   equations). Only the search by date and time uses it, to leave out listings whose place is
 *   inside Shabbat or Yom Tov at that time without a statement per listing; it agrees with the
 *   observance engine (@hebcal/noaa) to within about two minutes (availability.test.ts checks it).
 *   Null where the sun never gets there that day (polar days and nights).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TRIGGER vendor_days_version_on_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vendor_days
    FOR EACH STATEMENT EXECUTE FUNCTION advance_vendors_version()`.execute(db);
  await sql`CREATE INDEX vendor_calendar_entries_closed_part_idx ON vendor_calendar_entries (day, vendor_id, part)
    WHERE status = 'closed' AND part <> 'day'`.execute(db);
  await sql`CREATE FUNCTION sun_depression_utc_minutes(lat float8, lng float8, day date, zenith float8)
    RETURNS float8 LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT CASE WHEN abs(x) <= 1 THEN 720 - 4 * (lng - degrees(acos(x))) - eqtime END
      FROM (
        SELECT eqtime,
          cos(radians(zenith)) / (cos(radians(lat)) * cos(decl)) - tan(radians(lat)) * tan(decl) AS x
        FROM (
          SELECT
            229.18 * (0.000075 + 0.001868 * cos(g) - 0.032077 * sin(g) - 0.014615 * cos(2 * g)
              - 0.040849 * sin(2 * g)) AS eqtime,
            0.006918 - 0.399912 * cos(g) + 0.070257 * sin(g) - 0.006758 * cos(2 * g)
              + 0.000907 * sin(2 * g) - 0.002697 * cos(3 * g) + 0.00148 * sin(3 * g) AS decl
          FROM (SELECT 2 * pi() / 365 * (extract(doy FROM day) - 1 + (18 - lng / 15 - 12) / 24) AS g) a
        ) b
      ) c
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION IF EXISTS sun_depression_utc_minutes(float8, float8, date, float8)`.execute(db);
  await sql`DROP INDEX IF EXISTS vendor_calendar_entries_closed_part_idx`.execute(db);
  await sql`DROP TRIGGER IF EXISTS vendor_days_version_on_change ON vendor_days`.execute(db);
}
