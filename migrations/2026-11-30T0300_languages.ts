import { type Kysely, sql } from 'kysely';

/**
 * Languages (issue 32, decision 044): each person's language, saved in their profile and followed
 * by every device and every mail to them; and the language each queued mail was written in, kept
 * with its row so a retry sends the very mail that was queued.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN language text NOT NULL DEFAULT 'en'
    CONSTRAINT users_language_check CHECK (language IN ('en', 'he'))`.execute(db);
  await sql`ALTER TABLE mail_outbox ADD COLUMN language text NOT NULL DEFAULT 'en'
    CONSTRAINT mail_outbox_language_check CHECK (language IN ('en', 'he'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE mail_outbox DROP COLUMN language`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN language`.execute(db);
}
