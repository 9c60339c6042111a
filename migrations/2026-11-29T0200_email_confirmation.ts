import { type Kysely, sql } from 'kysely';

/**
 * E-mail confirmation (decision 030). An account's address is confirmed when someone opens the link
 * mailed to it; until then the account may store only a little in files. Nobody has confirmed an
 * address yet, so every account starts unconfirmed: what it already stores stays, and one click on
 * a link it can ask for from any page lifts the small limit. A link is for the address it was sent
 * to: after the address changes, links to the old one confirm nothing.
 *
 * The site's stored bytes are summed over both file tables at every upload against the storage
 * ceiling; the indexes on (bytes) let the sums read indexes only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN email_confirmed_at timestamptz`.execute(db);
  await sql`CREATE TABLE email_confirmation_tokens (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    email text NOT NULL,
    token_hash text NOT NULL UNIQUE,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    used_at timestamptz
  )`.execute(db);
  await sql`CREATE INDEX email_confirmation_tokens_user_idx ON email_confirmation_tokens (user_id)`.execute(
    db,
  );
  await sql`CREATE INDEX uploads_bytes_idx ON uploads (bytes)`.execute(db);
  await sql`CREATE INDEX attachments_bytes_idx ON attachments (bytes)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS attachments_bytes_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS uploads_bytes_idx`.execute(db);
  await sql`DROP TABLE IF EXISTS email_confirmation_tokens`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS email_confirmed_at`.execute(db);
}
