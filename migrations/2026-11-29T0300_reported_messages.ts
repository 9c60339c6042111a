import { type Kysely, sql } from 'kysely';

/**
 * A report keeps the messages it is about: those the reported party had written in the thread when
 * it was filed (the newest 100). The admin reads the conversation as it stood then, with those
 * marked; whatever the listing's next owner writes later is no part of it. Reports filed before
 * this change get the reported party's messages written up to the report's time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE thread_report_messages (
    report_id uuid NOT NULL REFERENCES thread_reports (id) ON DELETE CASCADE,
    message_id uuid NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
    PRIMARY KEY (report_id, message_id)
  )`.execute(db);
  await sql`INSERT INTO thread_report_messages (report_id, message_id)
    SELECT r.id, m.id FROM thread_reports r
    JOIN messages m ON m.thread_id = r.thread_id AND m.sender_id = r.reported_id
      AND m.created_at <= r.created_at`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS thread_report_messages`.execute(db);
}
