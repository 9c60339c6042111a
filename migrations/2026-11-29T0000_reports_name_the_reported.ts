import { type Kysely, sql } from 'kysely';

/**
 * A report names the person it is against when it is filed. It used to be worked out whenever the
 * report was read, as the thread's other party at that moment: once a listing changed hands, a
 * report about the old owner's messages accused the new owner. Reports filed before this change
 * name whoever they named until now (all there is to go on); a report against an unclaimed listing
 * names nobody.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE thread_reports
    ADD COLUMN reported_id uuid REFERENCES users (id) ON DELETE SET NULL`.execute(db);
  await sql`UPDATE thread_reports r
    SET reported_id = CASE WHEN r.reporter_id = t.customer_id THEN v.owner_id ELSE t.customer_id END
    FROM message_threads t JOIN vendors v ON v.id = t.vendor_id
    WHERE t.id = r.thread_id`.execute(db);
  // The admin's user list counts each account's open reports.
  await sql`CREATE INDEX thread_reports_open_reported_idx ON thread_reports (reported_id)
    WHERE status = 'open'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE thread_reports DROP COLUMN IF EXISTS reported_id`.execute(db);
}
