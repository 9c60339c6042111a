import { type Kysely, sql } from 'kysely';

/**
 * Guests, households, invitations and RSVPs (issue 31, decision 043).
 *
 * - An event may be a sub-event of another of the same owner (`parent_event_id`, one level deep,
 *   held by a trigger). The guest list belongs to the main event and is shared by its sub-events.
 * - The main event carries the RSVP settings: the deadline (an instant, computed from the civil
 *   time the family chose in the event's zone), a message to guests, and when the daily summary of
 *   new answers was last made.
 * - `households` are what invitations go to; every guest is in one (a household of one when the
 *   family names none). `plus_ones_allowed` is how many guests the household may name itself.
 * - `guests`: a plus-one is a guest row the household named (`plus_one_of` the guest who brings
 *   them); meal is one of MEALS in src/shared/schemas/guests.ts, the same list as the CHECK.
 * - `guest_invitations`: one row per guest and (sub-)event, with the answer for that event (and the
 *   meal chosen for it, when it differs from the guest's usual one).
 * - `rsvp_links`: the household's personal links (one per mail or copy, so a reminder does not break
 *   a link sent by WhatsApp); only the SHA-256 of the 256-bit token is kept; revoking withdraws all.
 * - `households.reminded_at`: the last reminder, set by one conditional UPDATE (at most one per 3
 *   days, whichever server sends it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE events
    ADD COLUMN parent_event_id uuid REFERENCES events (id) ON DELETE CASCADE,
    ADD COLUMN rsvp_deadline timestamptz,
    ADD COLUMN rsvp_message text CHECK (length(rsvp_message) <= 2000),
    ADD COLUMN rsvp_summary_at timestamptz,
    ADD CONSTRAINT events_not_own_parent CHECK (parent_event_id IS NULL OR parent_event_id <> id)`.execute(
    db,
  );
  await sql`CREATE INDEX events_parent_idx ON events (parent_event_id) WHERE parent_event_id IS NOT NULL`.execute(
    db,
  );
  // One level deep and the same owner: a sub-event's parent is a main event of the same user, and an
  // event with sub-events cannot itself become a sub-event.
  await sql`CREATE FUNCTION check_event_parent() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.parent_event_id IS NULL THEN
        RETURN NEW;
      END IF;
      IF NOT EXISTS (SELECT 1 FROM events p WHERE p.id = NEW.parent_event_id
                     AND p.user_id = NEW.user_id AND p.parent_event_id IS NULL) THEN
        RAISE EXCEPTION 'a sub-event belongs to a main event of the same owner'
          USING ERRCODE = 'check_violation', CONSTRAINT = 'events_parent_is_main';
      END IF;
      IF EXISTS (SELECT 1 FROM events c WHERE c.parent_event_id = NEW.id) THEN
        RAISE EXCEPTION 'an event with sub-events cannot be a sub-event'
          USING ERRCODE = 'check_violation', CONSTRAINT = 'events_parent_is_main';
      END IF;
      RETURN NEW;
    END $$`.execute(db);
  await sql`CREATE TRIGGER events_parent_check BEFORE INSERT OR UPDATE OF parent_event_id, user_id ON events
    FOR EACH ROW EXECUTE FUNCTION check_event_parent()`.execute(db);

  await sql`CREATE TABLE households (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    event_id uuid NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 120),
    plus_ones_allowed integer NOT NULL DEFAULT 0 CHECK (plus_ones_allowed BETWEEN 0 AND 10),
    message_to_hosts text CHECK (length(message_to_hosts) <= 2000),
    answered_at timestamptz,
    invited_at timestamptz,
    reminded_at timestamptz,
    version integer NOT NULL DEFAULT 1,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX households_event_idx ON households (event_id, name)`.execute(db);

  await sql`CREATE TABLE guests (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    event_id uuid NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    household_id uuid NOT NULL REFERENCES households (id) ON DELETE CASCADE,
    name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 120),
    email text CHECK (length(email) <= 254),
    phone text CHECK (length(phone) <= 40),
    side text CHECK (length(side) <= 80),
    tags text[] NOT NULL DEFAULT '{}',
    meal text CHECK (meal IN ('meat', 'dairy', 'fish', 'vegetarian', 'vegan', 'children')),
    dietary_note text CHECK (length(dietary_note) <= 500),
    kashrut_standard text CHECK (length(kashrut_standard) <= 120),
    table_name text CHECK (length(table_name) <= 40),
    plus_one_of uuid REFERENCES guests (id) ON DELETE CASCADE,
    version integer NOT NULL DEFAULT 1,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX guests_event_idx ON guests (event_id, name)`.execute(db);
  await sql`CREATE INDEX guests_household_idx ON guests (household_id)`.execute(db);
  await sql`CREATE INDEX guests_plus_one_idx ON guests (plus_one_of) WHERE plus_one_of IS NOT NULL`.execute(
    db,
  );

  await sql`CREATE TABLE guest_invitations (
    guest_id uuid NOT NULL REFERENCES guests (id) ON DELETE CASCADE,
    event_id uuid NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    rsvp text NOT NULL DEFAULT 'invited' CHECK (rsvp IN ('invited', 'attending', 'declined', 'no_answer')),
    meal text CHECK (meal IN ('meat', 'dairy', 'fish', 'vegetarian', 'vegan', 'children')),
    dietary_note text CHECK (length(dietary_note) <= 500),
    answered_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (guest_id, event_id)
  )`.execute(db);
  await sql`CREATE INDEX guest_invitations_event_idx ON guest_invitations (event_id, rsvp)`.execute(db);

  await sql`CREATE TABLE rsvp_links (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    household_id uuid NOT NULL REFERENCES households (id) ON DELETE CASCADE,
    token_hash text NOT NULL UNIQUE,
    created_by uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    revoked_at timestamptz,
    last_used_at timestamptz
  )`.execute(db);
  await sql`CREATE INDEX rsvp_links_live_idx ON rsvp_links (household_id, created_at) WHERE revoked_at IS NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS rsvp_links`.execute(db);
  await sql`DROP TABLE IF EXISTS guest_invitations`.execute(db);
  await sql`DROP TABLE IF EXISTS guests`.execute(db);
  await sql`DROP TABLE IF EXISTS households`.execute(db);
  await sql`DROP TRIGGER IF EXISTS events_parent_check ON events`.execute(db);
  await sql`DROP FUNCTION IF EXISTS check_event_parent()`.execute(db);
  await sql`ALTER TABLE events DROP COLUMN IF EXISTS parent_event_id, DROP COLUMN IF EXISTS rsvp_deadline,
    DROP COLUMN IF EXISTS rsvp_message, DROP COLUMN IF EXISTS rsvp_summary_at`.execute(db);
}
