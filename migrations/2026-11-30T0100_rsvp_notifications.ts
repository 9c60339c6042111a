import { type Kysely, sql } from 'kysely';

/**
 * RSVP answers ring the family's bell (issue 31, decision 043): a notification kind 'rsvp', one item
 * per household and day for each person told (the next answer of the day updates it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check`.execute(db);
  await sql`ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
    CHECK (kind IN ('message', 'request_answered', 'claim_decided', 'admin_notice', 'booking', 'review', 'kashrut', 'rsvp'))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM notifications WHERE kind = 'rsvp'`.execute(db);
  await sql`ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check`.execute(db);
  await sql`ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
    CHECK (kind IN ('message', 'request_answered', 'claim_decided', 'admin_notice', 'booking', 'review', 'kashrut'))`.execute(
    db,
  );
}
