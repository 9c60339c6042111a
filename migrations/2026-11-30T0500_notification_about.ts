import { type Kysely, sql } from 'kysely';

/**
 * A bell item keeps what it says as a code and values (issue 32, src/shared/notification-about.ts), so
 * that each reader's client says it in their language; `title` and `body` stay the English sentences
 * REST callers read. Items written before have none and are shown as stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE notifications ADD COLUMN about jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE notifications DROP COLUMN about`.execute(db);
}
