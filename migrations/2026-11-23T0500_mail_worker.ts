import { type Kysely, sql } from 'kysely';

/**
 * What the mail worker needs besides the outbox itself:
 * - notification: the worker checks the user's emailNotificationsEnabled again at send time, since
 *   the user may have turned notifications off after the mail was queued; a mail the user asked for
 *   (a password reset) is not a notification and always goes;
 * - status 'skipped' for such a notification, so it is neither sent nor reported as a failure.
 */
const statements = [
  'ALTER TABLE mail_outbox ADD COLUMN notification boolean NOT NULL DEFAULT false',
  'ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_status_check',
  `ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_status_check
    CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'skipped'))`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE mail_outbox SET status = 'failed' WHERE status = 'skipped'`.execute(db);
  await sql`ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_status_check`.execute(db);
  await sql`ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_status_check
    CHECK (status IN ('pending', 'sending', 'sent', 'failed'))`.execute(db);
  await sql`ALTER TABLE mail_outbox DROP COLUMN notification`.execute(db);
}
