import { type Kysely, sql } from 'kysely';

/**
 * Sign-in state that every server process must share:
 * - login_backoff: per account (keyed by a hash of the normalized email, known or not), the attempts
 *   since the last success and until when the next one must wait. One upsert reserves an attempt
 *   before the password is checked, so concurrent guesses on any number of processes are counted
 *   one after another.
 * - password_reset_tokens: single-use reset links; only the SHA-256 of each token is stored.
 */
const statements = [
  `CREATE TABLE login_backoff (
    key text PRIMARY KEY CHECK (length(key) BETWEEN 1 AND 200),
    attempts integer NOT NULL CHECK (attempts >= 1),
    last_attempt_at timestamptz NOT NULL,
    blocked_until timestamptz
  )`,
  'CREATE INDEX login_backoff_last_attempt_at_idx ON login_backoff (last_attempt_at)',

  `CREATE TABLE password_reset_tokens (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash text NOT NULL UNIQUE CHECK (length(token_hash) = 64),
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    used_at timestamptz
  )`,
  'CREATE INDEX password_reset_tokens_user_id_idx ON password_reset_tokens (user_id) WHERE used_at IS NULL',
  'CREATE INDEX password_reset_tokens_expires_at_idx ON password_reset_tokens (expires_at)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS password_reset_tokens`.execute(db);
  await sql`DROP TABLE IF EXISTS login_backoff`.execute(db);
}
