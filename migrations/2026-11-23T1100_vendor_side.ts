import { type Kysely, sql } from 'kysely';

/**
 * The vendor's side (decision 014):
 * - one category vocabulary for listings, the data already stored mapped onto it, and a CHECK;
 * - vendor claims with withdraw and revoke, a history of every change, the evidence computed on
 *   submit, and partial unique indexes: one pending claim per user and listing, one approved claim
 *   per listing;
 * - an append-only audit log of admin actions (a trigger refuses UPDATE and DELETE);
 * - daily listing analytics: one row per listing and day, updated with upserts, plus the day's
 *   visitor hashes (salted with a salt that changes daily) that make unique visitors countable;
 * - the business minutes a vendor took to answer a request, Shabbat and Yom Tov not counted.
 * Self-contained: the category list is a copy of src/shared/categories.ts as it was here.
 */
const CATEGORIES = [
  'Venues',
  'Caterers',
  'Photographers',
  'Musicians',
  'Florists',
  'Comedians',
  'Shops',
  'Beauty & Makeup',
  'Decor & Design',
  'Invitations',
  'Other',
];

/** Stored values seen before the vocabulary, lower-cased, onto the vocabulary. */
const LEGACY: Record<string, string> = {
  photographer: 'Photographers',
  photography: 'Photographers',
  caterer: 'Caterers',
  catering: 'Caterers',
  venue: 'Venues',
  florist: 'Florists',
  floral: 'Florists',
  band: 'Musicians',
  musician: 'Musicians',
  music: 'Musicians',
  'music & entertainment': 'Musicians',
  comedian: 'Comedians',
  shop: 'Shops',
  makeup: 'Beauty & Makeup',
  'beauty & makeup': 'Beauty & Makeup',
  decorator: 'Decor & Design',
  'decor & design': 'Decor & Design',
  invitation: 'Invitations',
};

export async function up(db: Kysely<unknown>): Promise<void> {
  // Categories: exact names stay, other spellings of them and the dashboard's values map, the rest is Other.
  for (const name of CATEGORIES) {
    await sql`UPDATE vendors SET category = ${name}
      WHERE lower(btrim(category)) = lower(${name}) AND category <> ${name}`.execute(db);
  }
  for (const [legacy, name] of Object.entries(LEGACY)) {
    await sql`UPDATE vendors SET category = ${name} WHERE lower(btrim(category)) = ${legacy}`.execute(db);
  }
  await sql`UPDATE vendors SET category = 'Other' WHERE NOT (category = ANY(${CATEGORIES}::text[]))`.execute(
    db,
  );
  await sql
    .raw(
      `ALTER TABLE vendors ADD CONSTRAINT vendors_category_check CHECK (category IN (${CATEGORIES.map((c) => `'${c.replace(/'/g, "''")}'`).join(', ')}))`,
    )
    .execute(db);

  // Owning a listing makes an account a vendor account from now on; owners from before get the same.
  await sql`UPDATE users SET role = 'vendor'
    WHERE role = 'customer' AND id IN (SELECT owner_id FROM vendors WHERE owner_id IS NOT NULL)`.execute(db);

  // Claims: withdrawn by the submitter, revoked by an admin after approval.
  await sql`ALTER TABLE vendor_claims DROP CONSTRAINT IF EXISTS vendor_claims_status_check`.execute(db);
  await sql`ALTER TABLE vendor_claims DROP CONSTRAINT IF EXISTS vendor_claims_check`.execute(db);
  await sql`ALTER TABLE vendor_claims
    ADD CONSTRAINT vendor_claims_status_check
      CHECK (status IN ('pending', 'approved', 'rejected', 'withdrawn', 'revoked')),
    ADD CONSTRAINT vendor_claims_reviewed_check
      CHECK ((status IN ('pending', 'withdrawn')) = (reviewed_at IS NULL)),
    ADD COLUMN category text,
    ADD COLUMN evidence jsonb NOT NULL DEFAULT '{}'::jsonb,
    ADD COLUMN decided_at timestamptz,
    ADD COLUMN version integer NOT NULL DEFAULT 1`.execute(db);
  await sql`UPDATE vendor_claims SET decided_at = reviewed_at WHERE reviewed_at IS NOT NULL`.execute(db);
  // Data from before the rule: keep the newest approved claim of a listing, reject the others.
  await sql`UPDATE vendor_claims c SET status = 'rejected', review_notes = coalesce(review_notes, 'Another claim for this listing was approved')
    WHERE c.status = 'approved' AND EXISTS (
      SELECT 1 FROM vendor_claims o WHERE o.vendor_id = c.vendor_id AND o.status = 'approved'
        AND (o.reviewed_at, o.id) > (c.reviewed_at, c.id))`.execute(db);
  await sql`UPDATE vendor_claims c SET status = 'withdrawn'
    WHERE c.status = 'pending' AND EXISTS (
      SELECT 1 FROM vendor_claims o WHERE o.user_id = c.user_id AND o.vendor_id = c.vendor_id
        AND o.status = 'pending' AND (o.created_at, o.id) > (c.created_at, c.id))`.execute(db);
  // The same for a business not listed yet, by name as vendor_claims_one_pending_new_idx compares it.
  await sql`UPDATE vendor_claims c SET status = 'withdrawn'
    WHERE c.status = 'pending' AND c.vendor_id IS NULL AND EXISTS (
      SELECT 1 FROM vendor_claims o WHERE o.user_id = c.user_id AND o.vendor_id IS NULL
        AND lower(o.business_name) = lower(c.business_name)
        AND o.status = 'pending' AND (o.created_at, o.id) > (c.created_at, c.id))`.execute(db);
  await sql`CREATE UNIQUE INDEX vendor_claims_one_approved_idx ON vendor_claims (vendor_id)
    WHERE status = 'approved'`.execute(db);
  await sql`CREATE UNIQUE INDEX vendor_claims_one_pending_idx ON vendor_claims (user_id, vendor_id)
    WHERE status = 'pending' AND vendor_id IS NOT NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX vendor_claims_one_pending_new_idx ON vendor_claims (user_id, lower(business_name))
    WHERE status = 'pending' AND vendor_id IS NULL`.execute(db);
  await sql`CREATE INDEX vendor_claims_vendor_status_idx ON vendor_claims (vendor_id, status)
    WHERE vendor_id IS NOT NULL`.execute(db);

  await sql`CREATE TABLE vendor_claim_events (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    claim_id uuid NOT NULL REFERENCES vendor_claims (id) ON DELETE CASCADE,
    from_status text,
    to_status text NOT NULL,
    actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
    actor_role text NOT NULL CHECK (actor_role IN ('customer', 'vendor', 'admin', 'system')),
    note text CHECK (note IS NULL OR length(note) <= 2000),
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX vendor_claim_events_claim_idx ON vendor_claim_events (claim_id, created_at)`.execute(
    db,
  );

  // Who did what as an admin. No foreign keys: a row outlives the accounts it names, and nothing
  // (not even a cascade) may rewrite it.
  await sql`CREATE TABLE audit_log (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    actor_id uuid,
    actor_email text,
    action text NOT NULL,
    target_type text NOT NULL,
    target_id uuid,
    reason text CHECK (reason IS NULL OR length(reason) <= 2000),
    before jsonb,
    after jsonb,
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX audit_log_target_idx ON audit_log (target_type, target_id, created_at DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, created_at DESC)`.execute(db);
  await sql`CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'audit_log rows cannot be changed or deleted' USING ERRCODE = 'insufficient_privilege';
    END $$`.execute(db);
  await sql`CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`.execute(db);
  await sql`CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
    FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`.execute(db);

  // Analytics: one row per listing and day.
  await sql`CREATE TABLE vendor_daily_stats (
    vendor_id uuid NOT NULL REFERENCES vendors (id) ON DELETE CASCADE,
    day date NOT NULL,
    views integer NOT NULL DEFAULT 0 CHECK (views >= 0),
    unique_visitors integer NOT NULL DEFAULT 0 CHECK (unique_visitors >= 0),
    phone_reveals integer NOT NULL DEFAULT 0 CHECK (phone_reveals >= 0),
    email_reveals integer NOT NULL DEFAULT 0 CHECK (email_reveals >= 0),
    website_reveals integer NOT NULL DEFAULT 0 CHECK (website_reveals >= 0),
    requests integer NOT NULL DEFAULT 0 CHECK (requests >= 0),
    PRIMARY KEY (vendor_id, day)
  )`.execute(db);
  // Who was counted today, as salted hashes; rows of past days are deleted by the maintenance job.
  await sql`CREATE TABLE vendor_daily_visitors (
    vendor_id uuid NOT NULL REFERENCES vendors (id) ON DELETE CASCADE,
    day date NOT NULL,
    kind text NOT NULL CHECK (kind IN ('view', 'phone', 'email', 'website')),
    visitor_hash bytea NOT NULL,
    PRIMARY KEY (vendor_id, day, kind, visitor_hash)
  )`.execute(db);
  await sql`CREATE INDEX vendor_daily_visitors_day_idx ON vendor_daily_visitors (day)`.execute(db);
  // The day's salt, shared by every server process; deleted after the day, so old hashes cannot be re-linked.
  await sql`CREATE TABLE visitor_salts (
    day date PRIMARY KEY,
    salt bytea NOT NULL CHECK (length(salt) >= 16)
  )`.execute(db);

  // Minutes from a request to the vendor's first answer, Shabbat and Yom Tov hours not counted.
  await sql`ALTER TABLE availability_requests ADD COLUMN response_minutes integer
    CHECK (response_minutes IS NULL OR response_minutes >= 0)`.execute(db);
  await sql`CREATE INDEX availability_requests_vendor_created_idx ON availability_requests (vendor_id, created_at)
    INCLUDE (status, response_minutes)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS availability_requests_vendor_created_idx`.execute(db);
  await sql`ALTER TABLE availability_requests DROP COLUMN IF EXISTS response_minutes`.execute(db);
  await sql`DROP TABLE IF EXISTS visitor_salts`.execute(db);
  await sql`DROP TABLE IF EXISTS vendor_daily_visitors`.execute(db);
  await sql`DROP TABLE IF EXISTS vendor_daily_stats`.execute(db);
  await sql`DROP TABLE IF EXISTS audit_log`.execute(db);
  await sql`DROP FUNCTION IF EXISTS audit_log_append_only()`.execute(db);
  await sql`DROP TABLE IF EXISTS vendor_claim_events`.execute(db);
  await sql`DROP INDEX IF EXISTS vendor_claims_vendor_status_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS vendor_claims_one_pending_new_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS vendor_claims_one_pending_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS vendor_claims_one_approved_idx`.execute(db);
  await sql`UPDATE vendor_claims SET status = 'rejected', reviewed_at = coalesce(reviewed_at, now())
    WHERE status IN ('withdrawn', 'revoked')`.execute(db);
  await sql`ALTER TABLE vendor_claims
    DROP CONSTRAINT IF EXISTS vendor_claims_reviewed_check,
    DROP CONSTRAINT IF EXISTS vendor_claims_status_check,
    DROP COLUMN IF EXISTS version,
    DROP COLUMN IF EXISTS decided_at,
    DROP COLUMN IF EXISTS evidence,
    DROP COLUMN IF EXISTS category`.execute(db);
  await sql`ALTER TABLE vendor_claims
    ADD CONSTRAINT vendor_claims_status_check CHECK (status IN ('pending', 'approved', 'rejected')),
    ADD CONSTRAINT vendor_claims_check CHECK ((status = 'pending') = (reviewed_at IS NULL))`.execute(db);
  await sql`ALTER TABLE vendors DROP CONSTRAINT IF EXISTS vendors_category_check`.execute(db);
}
