import { type Kysely, sql } from 'kysely';

/**
 * Messaging between families and vendors (decision 013):
 * - blocks and reports on threads, saved quick replies for vendors;
 * - attachments as private files of a thread (served only to its two parties);
 * - one notifications table behind the bell;
 * - a per-user log of live events, numbered without gaps per user, that every open stream reads
 *   after a NOTIFY wakes it and that a reconnecting stream replays from its Last-Event-ID.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Either side may close a thread to new messages; only the side that blocked may reopen it.
  await sql`ALTER TABLE message_threads
    ADD COLUMN blocked_by_side text CHECK (blocked_by_side IN ('customer', 'vendor')),
    ADD COLUMN blocked_by uuid REFERENCES users (id) ON DELETE SET NULL,
    ADD COLUMN blocked_at timestamptz,
    ADD CONSTRAINT message_threads_block_check CHECK ((blocked_by_side IS NULL) = (blocked_at IS NULL))`.execute(
    db,
  );
  // Unread sums read only the threads that have something unread.
  await sql`CREATE INDEX message_threads_customer_unread_idx ON message_threads (customer_id)
    INCLUDE (unread_by_customer) WHERE unread_by_customer > 0`.execute(db);
  // customer_id too: a listing's owner may be the customer of a thread of it, which is theirs as customer.
  await sql`CREATE INDEX message_threads_vendor_unread_idx ON message_threads (vendor_id)
    INCLUDE (unread_by_vendor, customer_id) WHERE unread_by_vendor > 0`.execute(db);
  // A vendor's block holds for the customer and the listing: new threads between them are refused.
  await sql`CREATE INDEX message_threads_vendor_blocks_idx ON message_threads (customer_id, vendor_id)
    WHERE blocked_by_side = 'vendor'`.execute(db);
  // A conversation pages backwards from its newest message.
  await sql`CREATE INDEX messages_thread_created_idx ON messages (thread_id, created_at DESC, id DESC)`.execute(
    db,
  );
  await sql`DROP INDEX IF EXISTS messages_thread_id_idx`.execute(db);
  await sql`CREATE INDEX availability_requests_thread_id_idx ON availability_requests (thread_id)
    WHERE thread_id IS NOT NULL`.execute(db);

  await sql`CREATE TABLE thread_reports (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    thread_id uuid NOT NULL REFERENCES message_threads (id) ON DELETE CASCADE,
    reporter_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    reason text NOT NULL CHECK (length(btrim(reason)) > 0 AND length(reason) <= 2000),
    status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved', 'dismissed')),
    created_at timestamptz NOT NULL DEFAULT now(),
    resolved_at timestamptz,
    resolved_by uuid REFERENCES users (id) ON DELETE SET NULL
  )`.execute(db);
  await sql`CREATE INDEX thread_reports_status_idx ON thread_reports (status, created_at DESC)`.execute(db);
  await sql`CREATE UNIQUE INDEX thread_reports_open_once_idx ON thread_reports (thread_id, reporter_id)
    WHERE status = 'open'`.execute(db);

  await sql`CREATE TABLE quick_replies (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    title text NOT NULL CHECK (length(btrim(title)) > 0 AND length(title) <= 60),
    body text NOT NULL CHECK (length(btrim(body)) > 0 AND length(body) <= 5000),
    position integer NOT NULL DEFAULT 0,
    version integer NOT NULL DEFAULT 1,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX quick_replies_user_idx ON quick_replies (user_id, position, created_at)`.execute(db);

  await sql`CREATE TABLE attachments (
    id uuid PRIMARY KEY,
    uploader_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    thread_id uuid REFERENCES message_threads (id) ON DELETE CASCADE,
    message_id uuid REFERENCES messages (id) ON DELETE CASCADE,
    name text NOT NULL CHECK (length(btrim(name)) > 0 AND length(name) <= 255),
    content_type text NOT NULL
      CHECK (content_type IN ('image/jpeg', 'image/png', 'image/gif', 'application/pdf')),
    bytes integer NOT NULL CHECK (bytes > 0 AND bytes <= 10485760),
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK ((thread_id IS NULL) = (message_id IS NULL))
  )`.execute(db);
  await sql`CREATE INDEX attachments_message_id_idx ON attachments (message_id) WHERE message_id IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX attachments_unlinked_idx ON attachments (uploader_id, created_at)
    WHERE message_id IS NULL`.execute(db);

  await sql`CREATE TABLE notifications (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind text NOT NULL CHECK (kind IN ('message', 'request_answered', 'claim_decided', 'admin_notice')),
    title text NOT NULL CHECK (length(title) <= 200),
    body text NOT NULL DEFAULT '' CHECK (length(body) <= 500),
    link text NOT NULL CHECK (link ~ '^/($|[^/\\\\])' AND link !~ '[[:cntrl:]]' AND length(link) <= 300),
    thread_id uuid REFERENCES message_threads (id) ON DELETE CASCADE,
    read_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX notifications_user_idx ON notifications (user_id, updated_at DESC, id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL`.execute(
    db,
  );
  // One unread item per thread and kind: a second message while the first is unread updates it.
  await sql`CREATE UNIQUE INDEX notifications_unread_thread_idx ON notifications (user_id, thread_id, kind)
    WHERE read_at IS NULL AND thread_id IS NOT NULL`.execute(db);

  // The last live event number of each user; its row lock orders one user's events by commit.
  await sql`CREATE TABLE live_cursors (
    user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    last_seq bigint NOT NULL
  )`.execute(db);
  await sql`CREATE TABLE live_events (
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    seq bigint NOT NULL,
    kind text NOT NULL,
    ref jsonb NOT NULL DEFAULT '{}',
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, seq)
  )`.execute(db);
  await sql`CREATE INDEX live_events_created_at_idx ON live_events (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS live_events`.execute(db);
  await sql`DROP TABLE IF EXISTS live_cursors`.execute(db);
  await sql`DROP TABLE IF EXISTS notifications`.execute(db);
  await sql`DROP TABLE IF EXISTS attachments`.execute(db);
  await sql`DROP TABLE IF EXISTS quick_replies`.execute(db);
  await sql`DROP TABLE IF EXISTS thread_reports`.execute(db);
  await sql`DROP INDEX IF EXISTS availability_requests_thread_id_idx`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS messages_thread_id_idx ON messages (thread_id, created_at)`.execute(
    db,
  );
  await sql`DROP INDEX IF EXISTS messages_thread_created_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS message_threads_vendor_blocks_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS message_threads_vendor_unread_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS message_threads_customer_unread_idx`.execute(db);
  await sql`ALTER TABLE message_threads DROP CONSTRAINT IF EXISTS message_threads_block_check,
    DROP COLUMN IF EXISTS blocked_at, DROP COLUMN IF EXISTS blocked_by, DROP COLUMN IF EXISTS blocked_by_side`.execute(
    db,
  );
}
