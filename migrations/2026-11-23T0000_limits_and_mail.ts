import { type Kysely, sql } from 'kysely';

/**
 * Shared state that every server process reads and writes through the one database:
 * - rate_limits: one fixed-window counter per key (for example `signup:ip:203.0.113.7`), advanced by
 *   an atomic upsert so concurrent requests on several processes count exactly;
 * - mail_outbox: every mail the product sends, written in the transaction of what caused it and
 *   sent later by a worker (at most one worker holds a row at a time, through a lease).
 */
const statements = [
  `CREATE TABLE rate_limits (
    key text PRIMARY KEY CHECK (length(key) BETWEEN 1 AND 300),
    hits integer NOT NULL CHECK (hits >= 0),
    window_ends_at timestamptz NOT NULL
  )`,
  'CREATE INDEX rate_limits_window_ends_at_idx ON rate_limits (window_ends_at)',

  `CREATE TABLE mail_outbox (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    kind text NOT NULL CHECK (length(kind) BETWEEN 1 AND 60),
    user_id uuid REFERENCES users (id) ON DELETE SET NULL,
    to_address text NOT NULL CHECK (length(to_address) BETWEEN 3 AND 254),
    subject text NOT NULL CHECK (length(subject) BETWEEN 1 AND 300),
    text_body text NOT NULL,
    html_body text NOT NULL,
    status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
    attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    locked_until timestamptz,
    last_error text,
    created_at timestamptz NOT NULL DEFAULT now(),
    sent_at timestamptz,
    CHECK ((status = 'sent') = (sent_at IS NOT NULL))
  )`,
  `CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE status IN ('pending', 'sending')`,
  'CREATE INDEX mail_outbox_user_id_idx ON mail_outbox (user_id) WHERE user_id IS NOT NULL',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS mail_outbox`.execute(db);
  await sql`DROP TABLE IF EXISTS rate_limits`.execute(db);
}
