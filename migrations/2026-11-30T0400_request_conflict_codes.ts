import { type Kysely, sql } from 'kysely';

/**
 * A request's conflict reason by code (issue 32): the code and values its English sentence was made
 * of (src/shared/observance-reasons.ts), kept with the sentence so that the vendor reads it in their
 * language, which may not be the family's. Requests sent before keep their sentence alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE availability_requests ADD COLUMN conflict_about jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE availability_requests DROP COLUMN IF EXISTS conflict_about`.execute(db);
}
