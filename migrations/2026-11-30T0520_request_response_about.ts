import { type Kysely, sql } from 'kysely';

/**
 * A request answered by a message the server posted for the vendor (a quote) keeps what that
 * message says as a code and values, as the message does (2026-11-30T0510), so that the family's
 * Vendors tab and dashboard say the answer in the reader's language; `response` stays the English.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE availability_requests ADD COLUMN response_about jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE availability_requests DROP COLUMN response_about`.execute(db);
}
