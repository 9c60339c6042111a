import { type Kysely, sql } from 'kysely';

/**
 * Browsers that have signed in to an account before (a long-lived cookie, only its SHA-256 kept).
 * Sign-in attempts from such a browser have a backoff of their own, so someone guessing an
 * account's password from elsewhere cannot keep its owner out (decision 010).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE known_devices (
    token_hash text PRIMARY KEY,
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    last_used_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX known_devices_user_id_idx ON known_devices (user_id, last_used_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS known_devices`.execute(db);
}
