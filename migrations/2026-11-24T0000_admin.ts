import { type Kysely, sql } from 'kysely';

/**
 * The admin's side (decision 015):
 * - a listing can be hidden by an admin (who, when, why): hidden listings leave every public read;
 * - a user can be suspended (who, when, why): sessions end and sign-in is refused, data is kept;
 * - server errors counted per minute in the database, so every server process's errors are seen;
 * - platform counters kept by triggers, so the Overview's totals are exact without counting 100,000
 *   rows on each read. Each counter is spread over 16 slots picked by the writing backend's pid, so
 *   concurrent sign-ups do not queue on one row; a read sums the slots. The Overview's windows (new
 *   users and messages in the last 7 days, by UTC calendar day, today included) are counted per day
 *   the same way, so a read sums at most 7 days of slots instead of counting tens of thousands of
 *   index entries.
 */
const SLOTS = 16;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE vendors
    ADD COLUMN hidden boolean NOT NULL DEFAULT false,
    ADD COLUMN hidden_at timestamptz,
    ADD COLUMN hidden_by uuid REFERENCES users (id) ON DELETE SET NULL,
    ADD COLUMN hidden_reason text`.execute(db);
  await sql`CREATE INDEX vendors_hidden_idx ON vendors (hidden_at DESC) WHERE hidden`.execute(db);

  await sql`ALTER TABLE users
    ADD COLUMN suspended_at timestamptz,
    ADD COLUMN suspended_by uuid REFERENCES users (id) ON DELETE SET NULL,
    ADD COLUMN suspended_reason text`.execute(db);
  await sql`CREATE INDEX users_suspended_idx ON users (suspended_at DESC) WHERE suspended_at IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX users_role_created_idx ON users (role, created_at DESC)`.execute(db);

  await sql`CREATE TABLE server_error_minutes (
    minute timestamptz PRIMARY KEY,
    count integer NOT NULL DEFAULT 0
  )`.execute(db);

  await sql`CREATE TABLE platform_counters (
    name text NOT NULL,
    slot smallint NOT NULL,
    value bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (name, slot)
  )`.execute(db);

  await sql`CREATE FUNCTION bump_platform_counter(counter text, delta bigint) RETURNS void
    LANGUAGE sql AS $$
      INSERT INTO platform_counters (name, slot, value)
      VALUES (counter, (pg_backend_pid() % ${sql.lit(SLOTS)})::smallint, delta)
      ON CONFLICT (name, slot) DO UPDATE SET value = platform_counters.value + EXCLUDED.value
    $$`.execute(db);

  await sql`CREATE FUNCTION count_users() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        PERFORM bump_platform_counter('users', 1);
      ELSIF TG_OP = 'DELETE' THEN
        PERFORM bump_platform_counter('users', -1);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER users_counted AFTER INSERT OR DELETE ON users
    FOR EACH ROW EXECUTE FUNCTION count_users()`.execute(db);

  await sql`CREATE FUNCTION count_vendors() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        PERFORM bump_platform_counter('vendors', 1);
        IF NEW.verified THEN PERFORM bump_platform_counter('vendors_verified', 1); END IF;
      ELSIF TG_OP = 'DELETE' THEN
        PERFORM bump_platform_counter('vendors', -1);
        IF OLD.verified THEN PERFORM bump_platform_counter('vendors_verified', -1); END IF;
      ELSIF NEW.verified IS DISTINCT FROM OLD.verified THEN
        PERFORM bump_platform_counter('vendors_verified', CASE WHEN NEW.verified THEN 1 ELSE -1 END);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER vendors_counted AFTER INSERT OR DELETE OR UPDATE OF verified ON vendors
    FOR EACH ROW EXECUTE FUNCTION count_vendors()`.execute(db);

  // TRUNCATE skips row triggers: the counters start again from zero with the table.
  await sql`CREATE FUNCTION reset_platform_counters() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_TABLE_NAME = 'users' THEN
        DELETE FROM platform_counters WHERE name = 'users';
      ELSE
        DELETE FROM platform_counters WHERE name IN ('vendors', 'vendors_verified');
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER users_counted_truncate AFTER TRUNCATE ON users
    FOR EACH STATEMENT EXECUTE FUNCTION reset_platform_counters()`.execute(db);
  await sql`CREATE TRIGGER vendors_counted_truncate AFTER TRUNCATE ON vendors
    FOR EACH STATEMENT EXECUTE FUNCTION reset_platform_counters()`.execute(db);

  await sql`CREATE TABLE platform_daily_counters (
    name text NOT NULL,
    day date NOT NULL,
    slot smallint NOT NULL,
    value bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (name, day, slot)
  )`.execute(db);
  await sql`CREATE FUNCTION bump_platform_day(counter text, at timestamptz, delta bigint) RETURNS void
    LANGUAGE sql AS $$
      INSERT INTO platform_daily_counters (name, day, slot, value)
      VALUES (counter, (at AT TIME ZONE 'UTC')::date, (pg_backend_pid() % ${sql.lit(SLOTS)})::smallint, delta)
      ON CONFLICT (name, day, slot) DO UPDATE SET value = platform_daily_counters.value + EXCLUDED.value
    $$`.execute(db);
  // One function for both tables: TG_ARGV[0] names the counter. A changed created_at moves the row's day.
  await sql`CREATE FUNCTION count_by_day() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        PERFORM bump_platform_day(TG_ARGV[0], OLD.created_at, -1);
      END IF;
      IF TG_OP IN ('UPDATE', 'INSERT') THEN
        PERFORM bump_platform_day(TG_ARGV[0], NEW.created_at, 1);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER users_counted_by_day AFTER INSERT OR DELETE OR UPDATE OF created_at ON users
    FOR EACH ROW EXECUTE FUNCTION count_by_day('users')`.execute(db);
  await sql`CREATE TRIGGER messages_counted_by_day AFTER INSERT OR DELETE OR UPDATE OF created_at ON messages
    FOR EACH ROW EXECUTE FUNCTION count_by_day('messages')`.execute(db);
  await sql`CREATE FUNCTION reset_daily_counters() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM platform_daily_counters WHERE name = TG_ARGV[0];
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER users_counted_by_day_truncate AFTER TRUNCATE ON users
    FOR EACH STATEMENT EXECUTE FUNCTION reset_daily_counters('users')`.execute(db);
  await sql`CREATE TRIGGER messages_counted_by_day_truncate AFTER TRUNCATE ON messages
    FOR EACH STATEMENT EXECUTE FUNCTION reset_daily_counters('messages')`.execute(db);

  // The rows already there, counted once.
  await sql`INSERT INTO platform_daily_counters (name, day, slot, value)
    SELECT 'users', (created_at AT TIME ZONE 'UTC')::date, 0, count(*) FROM users GROUP BY 2
    UNION ALL
    SELECT 'messages', (created_at AT TIME ZONE 'UTC')::date, 0, count(*) FROM messages GROUP BY 2`.execute(
    db,
  );
  await sql`INSERT INTO platform_counters (name, slot, value)
    SELECT 'users', 0, count(*) FROM users
    UNION ALL SELECT 'vendors', 0, count(*) FROM vendors
    UNION ALL SELECT 'vendors_verified', 0, count(*) FROM vendors WHERE verified`.execute(db);

  // The activity feed reads the newest claims and reports of every status.
  await sql`CREATE INDEX vendor_claims_created_idx ON vendor_claims (created_at DESC)`.execute(db);
  await sql`CREATE INDEX thread_reports_created_idx ON thread_reports (created_at DESC)`.execute(db);
  // The Activity view filters the audit log by a target's id alone, or by the actor's e-mail.
  await sql`CREATE INDEX audit_log_target_id_idx ON audit_log (target_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX audit_log_actor_email_idx ON audit_log (lower(actor_email), created_at DESC)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS audit_log_actor_email_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS audit_log_target_id_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS thread_reports_created_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS vendor_claims_created_idx`.execute(db);
  await sql`DROP TRIGGER IF EXISTS messages_counted_by_day_truncate ON messages`.execute(db);
  await sql`DROP TRIGGER IF EXISTS users_counted_by_day_truncate ON users`.execute(db);
  await sql`DROP TRIGGER IF EXISTS messages_counted_by_day ON messages`.execute(db);
  await sql`DROP TRIGGER IF EXISTS users_counted_by_day ON users`.execute(db);
  await sql`DROP FUNCTION IF EXISTS reset_daily_counters()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS count_by_day()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS bump_platform_day(text, timestamptz, bigint)`.execute(db);
  await sql`DROP TABLE IF EXISTS platform_daily_counters`.execute(db);
  await sql`DROP TRIGGER IF EXISTS users_counted_truncate ON users`.execute(db);
  await sql`DROP TRIGGER IF EXISTS vendors_counted_truncate ON vendors`.execute(db);
  await sql`DROP TRIGGER IF EXISTS users_counted ON users`.execute(db);
  await sql`DROP TRIGGER IF EXISTS vendors_counted ON vendors`.execute(db);
  await sql`DROP FUNCTION IF EXISTS reset_platform_counters()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS count_users()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS count_vendors()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS bump_platform_counter(text, bigint)`.execute(db);
  await sql`DROP TABLE IF EXISTS platform_counters`.execute(db);
  await sql`DROP TABLE IF EXISTS server_error_minutes`.execute(db);
  await sql`DROP INDEX IF EXISTS users_role_created_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS users_suspended_idx`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS suspended_reason, DROP COLUMN IF EXISTS suspended_by,
    DROP COLUMN IF EXISTS suspended_at`.execute(db);
  await sql`DROP INDEX IF EXISTS vendors_hidden_idx`.execute(db);
  await sql`ALTER TABLE vendors DROP COLUMN IF EXISTS hidden_reason, DROP COLUMN IF EXISTS hidden_by,
    DROP COLUMN IF EXISTS hidden_at, DROP COLUMN IF EXISTS hidden`.execute(db);
}
