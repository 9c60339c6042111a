import { type Kysely, sql } from 'kysely';

/**
 * Book a vendor for a date (issue 29): the vendor's calendar, quotes, bookings, the history both
 * sides read, and reviews only a real client can write.
 *
 * - `vendor_calendar_entries` is what the owner states about a day (or a part of it): open with a
 *   capacity, booked or held outside the app, or closed.
 * - `vendor_days` is the room of one listing on one day that anything is stated about, kept in the
 *   same transaction as the entries and bookings that change it. `taken <= capacity` is a
 *   constraint, so two families accepting the last slot of a day cannot both win: the second
 *   update waits for the first's row lock and then breaks the constraint. A day without a row has
 *   the listing's `daily_capacity` and nothing taken, once the owner has stated their calendar
 *   (`calendar_stated_at`); before that it is "not stated".
 * - A request moves sent → responded → quoted → booked, or declined or expired.
 * - Stored ratings had no review behind them (the old demo data made them up): all are reset to 0,
 *   and from now on `rating` and `review_count` are kept from visible reviews.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE vendors
    ADD COLUMN daily_capacity smallint NOT NULL DEFAULT 1 CHECK (daily_capacity BETWEEN 1 AND 50),
    ADD COLUMN calendar_stated_at timestamptz`.execute(db);

  await sql`CREATE TABLE vendor_calendar_entries (
    vendor_id uuid NOT NULL REFERENCES vendors (id) ON DELETE CASCADE,
    day date NOT NULL,
    part text NOT NULL DEFAULT 'day' CHECK (part IN ('day', 'morning', 'afternoon', 'evening')),
    status text NOT NULL CHECK (status IN ('open', 'booked', 'held', 'closed')),
    capacity smallint CHECK (capacity BETWEEN 1 AND 50),
    note text CHECK (length(note) <= 200),
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (vendor_id, day, part),
    CHECK (capacity IS NULL OR status = 'open')
  )`.execute(db);

  await sql`CREATE TABLE vendor_days (
    vendor_id uuid NOT NULL REFERENCES vendors (id) ON DELETE CASCADE,
    day date NOT NULL,
    capacity smallint NOT NULL CHECK (capacity BETWEEN 0 AND 50),
    capacity_stated boolean NOT NULL DEFAULT false,
    taken smallint NOT NULL DEFAULT 0 CHECK (taken >= 0),
    PRIMARY KEY (vendor_id, day),
    CONSTRAINT vendor_days_room CHECK (taken <= capacity)
  )`.execute(db);
  await sql`CREATE INDEX vendor_days_full_idx ON vendor_days (day, vendor_id) WHERE taken >= capacity`.execute(
    db,
  );

  await sql`ALTER TABLE availability_requests DROP CONSTRAINT availability_requests_status_check`.execute(db);
  await sql`ALTER TABLE availability_requests ADD CONSTRAINT availability_requests_status_check
    CHECK (status IN ('sent', 'pending', 'responded', 'quoted', 'booked', 'declined', 'expired'))`.execute(
    db,
  );

  await sql`CREATE TABLE quotes (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    version integer NOT NULL DEFAULT 1,
    request_id uuid NOT NULL REFERENCES availability_requests (id) ON DELETE CASCADE,
    vendor_id uuid NOT NULL REFERENCES vendors (id) ON DELETE CASCADE,
    thread_id uuid REFERENCES message_threads (id) ON DELETE SET NULL,
    sent_by uuid REFERENCES users (id) ON DELETE SET NULL,
    price numeric(10, 2) CHECK (price >= 0),
    price_min numeric(10, 2) CHECK (price_min >= 0),
    price_max numeric(10, 2) CHECK (price_max >= 0),
    includes text NOT NULL CHECK (length(btrim(includes)) > 0 AND length(includes) <= 5000),
    deposit_amount numeric(10, 2) CHECK (deposit_amount >= 0),
    deposit_due_date date,
    valid_until date NOT NULL,
    attachment_ids uuid[] NOT NULL DEFAULT '{}',
    status text NOT NULL DEFAULT 'sent' CHECK (status IN ('sent', 'accepted', 'declined', 'expired', 'withdrawn')),
    answered_at timestamptz,
    answered_by uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK ((price IS NOT NULL) <> (price_min IS NOT NULL AND price_max IS NOT NULL)),
    CHECK ((price_min IS NULL) = (price_max IS NULL)),
    CHECK (price_min IS NULL OR price_min <= price_max),
    CHECK ((deposit_amount IS NULL) = (deposit_due_date IS NULL)),
    CHECK (deposit_amount IS NULL OR deposit_amount <= coalesce(price, price_max))
  )`.execute(db);
  await sql`CREATE INDEX quotes_request_idx ON quotes (request_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX quotes_vendor_idx ON quotes (vendor_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX quotes_open_idx ON quotes (valid_until) WHERE status = 'sent'`.execute(db);

  await sql`CREATE TABLE bookings (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    version integer NOT NULL DEFAULT 1,
    quote_id uuid NOT NULL UNIQUE REFERENCES quotes (id) ON DELETE CASCADE,
    request_id uuid NOT NULL REFERENCES availability_requests (id) ON DELETE CASCADE,
    vendor_id uuid NOT NULL REFERENCES vendors (id) ON DELETE CASCADE,
    customer_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    event_id uuid REFERENCES events (id) ON DELETE SET NULL,
    thread_id uuid REFERENCES message_threads (id) ON DELETE SET NULL,
    deposit_id uuid REFERENCES deposits (id) ON DELETE SET NULL,
    day date NOT NULL,
    status text NOT NULL DEFAULT 'confirmed' CHECK (status IN ('confirmed', 'completed', 'cancelled')),
    cancelled_by uuid REFERENCES users (id) ON DELETE SET NULL,
    cancelled_side text CHECK (cancelled_side IN ('customer', 'vendor')),
    cancel_reason text CHECK (length(cancel_reason) <= 1000),
    cancelled_at timestamptz,
    completed_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL))
  )`.execute(db);
  await sql`CREATE INDEX bookings_vendor_day_idx ON bookings (vendor_id, day)`.execute(db);
  await sql`CREATE INDEX bookings_customer_idx ON bookings (customer_id, day)`.execute(db);
  await sql`CREATE INDEX bookings_event_idx ON bookings (event_id) WHERE event_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX bookings_due_idx ON bookings (day) WHERE status = 'confirmed'`.execute(db);

  await sql`CREATE TABLE booking_history (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    request_id uuid NOT NULL REFERENCES availability_requests (id) ON DELETE CASCADE,
    quote_id uuid REFERENCES quotes (id) ON DELETE CASCADE,
    booking_id uuid REFERENCES bookings (id) ON DELETE CASCADE,
    actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
    actor_side text NOT NULL CHECK (actor_side IN ('customer', 'vendor', 'system')),
    action text NOT NULL CHECK (action IN ('quoted', 'accepted', 'declined', 'expired', 'withdrawn', 'cancelled', 'completed')),
    reason text CHECK (length(reason) <= 1000),
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX booking_history_request_idx ON booking_history (request_id, created_at)`.execute(db);

  await sql`CREATE TABLE reviews (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    booking_id uuid NOT NULL UNIQUE REFERENCES bookings (id) ON DELETE CASCADE,
    vendor_id uuid NOT NULL REFERENCES vendors (id) ON DELETE CASCADE,
    author_id uuid REFERENCES users (id) ON DELETE SET NULL,
    rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
    text text NOT NULL CHECK (char_length(text) BETWEEN 30 AND 5000),
    image_urls text[] NOT NULL DEFAULT '{}' CHECK (cardinality(image_urls) <= 6),
    reply text CHECK (char_length(reply) BETWEEN 1 AND 5000),
    replied_at timestamptz,
    replied_by uuid REFERENCES users (id) ON DELETE SET NULL,
    hidden boolean NOT NULL DEFAULT false,
    hidden_at timestamptz,
    hidden_by uuid REFERENCES users (id) ON DELETE SET NULL,
    hidden_reason text,
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK ((reply IS NULL) = (replied_at IS NULL))
  )`.execute(db);
  await sql`CREATE INDEX reviews_vendor_visible_idx ON reviews (vendor_id, created_at DESC, id DESC) WHERE NOT hidden`.execute(
    db,
  );

  await sql`CREATE TABLE review_reports (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    review_id uuid NOT NULL REFERENCES reviews (id) ON DELETE CASCADE,
    reporter_id uuid REFERENCES users (id) ON DELETE SET NULL,
    reason text NOT NULL CHECK (length(btrim(reason)) > 0 AND length(reason) <= 1000),
    status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved', 'dismissed')),
    resolved_at timestamptz,
    resolved_by uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE UNIQUE INDEX review_reports_once_idx ON review_reports (review_id, reporter_id)
    WHERE status = 'open'`.execute(db);
  await sql`CREATE INDEX review_reports_open_idx ON review_reports (created_at DESC) WHERE status = 'open'`.execute(
    db,
  );

  await sql`ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check`.execute(db);
  await sql`ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
    CHECK (kind IN ('message', 'request_answered', 'claim_decided', 'admin_notice', 'booking', 'review', 'kashrut'))`.execute(
    db,
  );

  // No review stands behind any stored rating yet.
  await sql`UPDATE vendors SET rating = 0, review_count = 0 WHERE rating <> 0 OR review_count <> 0`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS review_reports, reviews, booking_history, bookings, quotes, vendor_days, vendor_calendar_entries`.execute(
    db,
  );
  await sql`ALTER TABLE vendors DROP COLUMN IF EXISTS daily_capacity, DROP COLUMN IF EXISTS calendar_stated_at`.execute(
    db,
  );
}
