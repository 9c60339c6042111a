import { type Kysely, sql } from 'kysely';

/**
 * The complete data model of spec section 3, plus server-side sessions.
 * Frozen once landed: later changes are new migrations. Self-contained (no app imports).
 */
const statements = [
  `CREATE TABLE users (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    email text NOT NULL CHECK (email = btrim(email) AND length(email) BETWEEN 3 AND 254),
    password_hash text NOT NULL,
    name text NOT NULL CHECK (length(btrim(name)) > 0),
    phone text,
    family_label text CHECK (family_label IS NULL OR length(btrim(family_label)) > 0),
    hebrew_dates_enabled boolean NOT NULL DEFAULT true,
    shabbat_warnings_enabled boolean NOT NULL DEFAULT true,
    email_notifications_enabled boolean NOT NULL DEFAULT true,
    role text NOT NULL DEFAULT 'customer' CHECK (role IN ('admin', 'customer', 'vendor')),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  'CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email))',
  'CREATE INDEX users_family_label_idx ON users (family_label) WHERE family_label IS NOT NULL',
  'CREATE INDEX users_created_at_idx ON users (created_at)',

  `CREATE TABLE sessions (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    token_hash text NOT NULL UNIQUE,
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    last_used_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    user_agent text,
    ip_address text
  )`,
  'CREATE INDEX sessions_user_id_idx ON sessions (user_id)',
  'CREATE INDEX sessions_expires_at_idx ON sessions (expires_at)',

  `CREATE TABLE family_circles (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    label text NOT NULL UNIQUE CHECK (length(btrim(label)) > 0),
    member_count integer NOT NULL DEFAULT 0 CHECK (member_count >= 0),
    created_at timestamptz NOT NULL DEFAULT now()
  )`,

  `CREATE TABLE events (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    title text NOT NULL CHECK (length(btrim(title)) > 0),
    type text NOT NULL,
    date timestamptz NOT NULL,
    time text,
    venue text,
    notes text,
    image_url text,
    is_public boolean NOT NULL DEFAULT false,
    share_id uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  'CREATE INDEX events_user_id_date_idx ON events (user_id, date)',

  `CREATE TABLE tasks (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    event_id uuid NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    title text NOT NULL CHECK (length(btrim(title)) > 0),
    description text,
    due_date timestamptz,
    completed boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  'CREATE INDEX tasks_event_id_idx ON tasks (event_id, created_at)',

  `CREATE TABLE deposits (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    event_id uuid NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    vendor_name text NOT NULL CHECK (length(btrim(vendor_name)) > 0),
    amount numeric(10, 2) NOT NULL CHECK (amount >= 0),
    due_date timestamptz NOT NULL,
    paid boolean NOT NULL DEFAULT false,
    paid_date timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK (paid OR paid_date IS NULL)
  )`,
  'CREATE INDEX deposits_event_id_due_date_idx ON deposits (event_id, due_date)',

  `CREATE TABLE memos (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    event_id uuid NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    title text NOT NULL CHECK (length(btrim(title)) > 0),
    content text,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  'CREATE INDEX memos_event_id_idx ON memos (event_id, created_at)',

  `CREATE TABLE vendors (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    business_name text NOT NULL CHECK (length(btrim(business_name)) > 0),
    category text NOT NULL,
    contact_email text NOT NULL,
    contact_phone text,
    contact_whatsapp text,
    address text,
    city text,
    state text,
    zipcode text,
    country text,
    neighborhood text,
    description text,
    description_rich text,
    details jsonb NOT NULL DEFAULT '{}'::jsonb,
    website text,
    logo_url text,
    image_url text,
    gallery_images text[] NOT NULL DEFAULT '{}',
    verified boolean NOT NULL DEFAULT false,
    owner_id uuid REFERENCES users (id) ON DELETE SET NULL,
    claimed boolean NOT NULL DEFAULT false,
    rating numeric(3, 2) NOT NULL DEFAULT 0 CHECK (rating BETWEEN 0 AND 5),
    review_count integer NOT NULL DEFAULT 0 CHECK (review_count >= 0),
    latitude double precision CHECK (latitude BETWEEN -90 AND 90),
    longitude double precision CHECK (longitude BETWEEN -180 AND 180),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CHECK ((latitude IS NULL) = (longitude IS NULL))
  )`,
  'CREATE INDEX vendors_owner_id_idx ON vendors (owner_id) WHERE owner_id IS NOT NULL',
  'CREATE INDEX vendors_category_idx ON vendors (category)',
  'CREATE INDEX vendors_created_at_idx ON vendors (created_at DESC, id)',
  'CREATE INDEX vendors_verified_idx ON vendors (verified) WHERE verified',

  `CREATE TABLE vendor_claims (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    vendor_id uuid REFERENCES vendors (id) ON DELETE CASCADE,
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
    business_name text NOT NULL,
    business_description text NOT NULL,
    business_address text NOT NULL,
    business_phone text NOT NULL,
    business_email text NOT NULL,
    business_website text,
    ownership_proof text NOT NULL,
    notes text,
    review_notes text,
    approved_by uuid REFERENCES users (id) ON DELETE SET NULL,
    reviewed_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CHECK ((status = 'pending') = (reviewed_at IS NULL))
  )`,
  'CREATE INDEX vendor_claims_user_id_idx ON vendor_claims (user_id, created_at DESC)',
  'CREATE INDEX vendor_claims_vendor_id_idx ON vendor_claims (vendor_id)',
  'CREATE INDEX vendor_claims_status_idx ON vendor_claims (status, created_at DESC)',

  `CREATE TABLE message_threads (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    vendor_id uuid NOT NULL REFERENCES vendors (id) ON DELETE CASCADE,
    customer_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    event_id uuid REFERENCES events (id) ON DELETE SET NULL,
    event_type text,
    event_date timestamptz,
    subject text NOT NULL,
    last_message_at timestamptz NOT NULL DEFAULT now(),
    unread_by_vendor integer NOT NULL DEFAULT 0 CHECK (unread_by_vendor >= 0),
    unread_by_customer integer NOT NULL DEFAULT 0 CHECK (unread_by_customer >= 0),
    status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'archived')),
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  'CREATE INDEX message_threads_customer_idx ON message_threads (customer_id, last_message_at DESC)',
  'CREATE INDEX message_threads_vendor_idx ON message_threads (vendor_id, last_message_at DESC)',
  'CREATE INDEX message_threads_event_id_idx ON message_threads (event_id) WHERE event_id IS NOT NULL',

  `CREATE TABLE messages (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    thread_id uuid NOT NULL REFERENCES message_threads (id) ON DELETE CASCADE,
    sender_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    receiver_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    message_text text NOT NULL CHECK (length(btrim(message_text)) > 0),
    message_type text NOT NULL DEFAULT 'text' CHECK (message_type IN ('text', 'system')),
    status text NOT NULL DEFAULT 'sent' CHECK (status IN ('sent', 'seen')),
    seen_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK ((status = 'seen') = (seen_at IS NOT NULL))
  )`,
  'CREATE INDEX messages_thread_id_idx ON messages (thread_id, created_at)',
  "CREATE INDEX messages_receiver_unseen_idx ON messages (receiver_id) WHERE status = 'sent'",

  `CREATE TABLE availability_requests (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    event_id uuid REFERENCES events (id) ON DELETE SET NULL,
    vendor_id uuid NOT NULL REFERENCES vendors (id) ON DELETE CASCADE,
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    thread_id uuid REFERENCES message_threads (id) ON DELETE SET NULL,
    message text NOT NULL CHECK (length(btrim(message)) > 0),
    event_type text NOT NULL,
    event_date timestamptz NOT NULL,
    event_time text,
    guest_count integer NOT NULL DEFAULT 100 CHECK (guest_count >= 1),
    budget_min numeric(10, 2) CHECK (budget_min >= 0),
    budget_max numeric(10, 2) CHECK (budget_max >= 0),
    city text,
    has_conflict boolean NOT NULL DEFAULT false,
    conflict_reason text,
    attachments jsonb NOT NULL DEFAULT '[]'::jsonb,
    response text,
    status text NOT NULL DEFAULT 'sent' CHECK (status IN ('sent', 'pending', 'responded', 'declined')),
    responded_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK (budget_min IS NULL OR budget_max IS NULL OR budget_min <= budget_max)
  )`,
  'CREATE INDEX availability_requests_user_id_idx ON availability_requests (user_id, created_at DESC)',
  'CREATE INDEX availability_requests_vendor_id_idx ON availability_requests (vendor_id, created_at DESC)',
  'CREATE INDEX availability_requests_event_id_idx ON availability_requests (event_id) WHERE event_id IS NOT NULL',
  'CREATE INDEX availability_requests_status_idx ON availability_requests (status)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'availability_requests',
    'messages',
    'message_threads',
    'vendor_claims',
    'vendors',
    'memos',
    'deposits',
    'tasks',
    'events',
    'family_circles',
    'sessions',
    'users',
  ]) {
    await sql.raw(`DROP TABLE IF EXISTS ${table} CASCADE`).execute(db);
  }
}
