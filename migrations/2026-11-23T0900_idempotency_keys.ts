import { type Kysely, sql } from 'kysely';

/**
 * Answers of creates made with an Idempotency-Key, kept 24 hours: a retry with the same key gets the
 * first answer instead of making a second row. The key row is written in the same transaction as the
 * create, so a key never outlives a create that rolled back, and a concurrent retry waits on the
 * first one's row lock and then reads its answer (decision 012).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE idempotency_keys (
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    key text NOT NULL,
    procedure text NOT NULL,
    request_hash text NOT NULL,
    response jsonb,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, key)
  )`.execute(db);
  await sql`CREATE INDEX idempotency_keys_created_at_idx ON idempotency_keys (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS idempotency_keys`.execute(db);
}
