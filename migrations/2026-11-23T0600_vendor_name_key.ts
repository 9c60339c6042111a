import { type Kysely, sql } from 'kysely';

/**
 * A listing's name as people type it (case, spacing and surrounding blanks ignored), indexed so a
 * new listing can be checked against every existing one without a scan. Not unique: listings that
 * already share a name stay as they are; new ones are refused by the service.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX vendors_name_key_idx ON vendors (lower(regexp_replace(btrim(business_name), '[[:space:]]+', ' ', 'g')))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS vendors_name_key_idx`.execute(db);
}
