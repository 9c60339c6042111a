import { type Kysely, sql } from 'kysely';

/**
 * When a person was last seen is a fact about the person, kept on their row: written at sign-in and
 * when a session is used (at most once a minute, with the session's own last use). Read from the
 * sessions it went blank whenever they were deleted, as a suspension deletes them all. Existing
 * users get the latest use of the sessions they still have.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN last_seen_at timestamptz`.execute(db);
  await sql`UPDATE users u SET last_seen_at = s.last_used_at
    FROM (SELECT user_id, max(last_used_at) AS last_used_at FROM sessions GROUP BY user_id) s
    WHERE s.user_id = u.id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS last_seen_at`.execute(db);
}
