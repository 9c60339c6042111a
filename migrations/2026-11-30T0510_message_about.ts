import { type Kysely, sql } from 'kysely';

/**
 * A message the server posts for a party (a quote) keeps what it says as a code and values (issue
 * 32, src/shared/coded-sentences.ts), so that each reader's client says it in their language;
 * `message_text` stays the English. People's own messages have none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE messages ADD COLUMN about jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE messages DROP COLUMN about`.execute(db);
}
