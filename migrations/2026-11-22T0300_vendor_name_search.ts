import { type Kysely, sql } from 'kysely';

/**
 * The business name alone as a text-search vector: searches list the vendors whose name matches
 * first and suggestions offer names; a column of its own gives the planner real statistics for
 * name matches, which a weight inside search_vector does not.
 *
 * And a version of the vendors table, advanced by every statement that changes it, so the server
 * can remember marketplace answers until the listings change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE vendors ADD COLUMN name_vector tsvector
    GENERATED ALWAYS AS (to_tsvector('simple', business_name)) STORED`.execute(db);
  await sql`CREATE INDEX vendors_name_vector_idx ON vendors USING gin (name_vector)`.execute(db);
  // One row, changed in the same transaction as the listings, so a new version is seen exactly
  // when the change it stands for is.
  await sql`CREATE TABLE vendors_version (
    id boolean PRIMARY KEY DEFAULT true CHECK (id),
    version bigint NOT NULL
  )`.execute(db);
  await sql`INSERT INTO vendors_version (version) VALUES (0)`.execute(db);
  await sql`CREATE FUNCTION advance_vendors_version() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE vendors_version SET version = version + 1;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER vendors_version_on_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vendors
    FOR EACH STATEMENT EXECUTE FUNCTION advance_vendors_version()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS vendors_version_on_change ON vendors`.execute(db);
  await sql`DROP FUNCTION IF EXISTS advance_vendors_version()`.execute(db);
  await sql`DROP TABLE IF EXISTS vendors_version`.execute(db);
  await sql`DROP INDEX IF EXISTS vendors_name_vector_idx`.execute(db);
  await sql`ALTER TABLE vendors DROP COLUMN IF EXISTS name_vector`.execute(db);
}
