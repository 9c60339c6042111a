import { type Kysely, sql } from 'kysely';

/**
 * One secret calendar subscription address per user (issue 28). Only the SHA-256 of its token is
 * kept, so a copy of the database opens no one's calendar; making a new address replaces the row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE calendar_feeds (
    user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    token_hash text NOT NULL UNIQUE,
    include_times boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS calendar_feeds`.execute(db);
}
