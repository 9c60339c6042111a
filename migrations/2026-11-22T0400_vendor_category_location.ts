import { type Kysely, sql } from 'kysely';

/**
 * Category and position in one GiST index (btree_gist): a nearest-first walk within a category, and
 * a count within a radius and a category, read only that category's vendors instead of passing over
 * the other four (a nearest-first page of venues read about five vendors per venue before).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS btree_gist`.execute(db);
  await sql`CREATE INDEX vendors_category_location_idx ON vendors USING gist (category, location)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS vendors_category_location_idx`.execute(db);
}
