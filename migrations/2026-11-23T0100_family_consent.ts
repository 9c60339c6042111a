import { type Kysely, sql } from 'kysely';

/**
 * Family circles by consent (decision 007). Typing a circle's exact label no longer lets anyone in:
 * - family_memberships: one row per user in the circle of their current label, active or pending;
 *   only active members see the circle, and only an active member approves a pending one;
 * - family_invites: links an active member hands out; only the SHA-256 of the secret is kept.
 * A circle row exists while it has an active member; member_count counts the active ones.
 *
 * Existing labels: the earliest user of each label (created_at, then id) becomes its active founder
 * and everyone else a pending member, so nobody keeps access to a circle they may have typed their
 * way into. The founder approves the rest from the profile page.
 */
const statements = [
  `CREATE TABLE family_invites (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    circle_id uuid NOT NULL REFERENCES family_circles (id) ON DELETE CASCADE,
    created_by uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash text NOT NULL UNIQUE CHECK (length(token_hash) = 64),
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    revoked_at timestamptz,
    revoked_by uuid REFERENCES users (id) ON DELETE SET NULL,
    CHECK (expires_at > created_at)
  )`,
  'CREATE INDEX family_invites_circle_id_idx ON family_invites (circle_id, expires_at)',
  'CREATE INDEX family_invites_created_by_idx ON family_invites (created_by)',

  `CREATE TABLE family_memberships (
    user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    circle_id uuid NOT NULL REFERENCES family_circles (id) ON DELETE CASCADE,
    status text NOT NULL CHECK (status IN ('active', 'pending')),
    requested_at timestamptz NOT NULL DEFAULT now(),
    approved_by uuid REFERENCES users (id) ON DELETE SET NULL,
    approved_at timestamptz,
    invite_id uuid REFERENCES family_invites (id) ON DELETE SET NULL,
    CHECK ((status = 'active') = (approved_at IS NOT NULL)),
    CHECK (approved_by IS NULL OR approved_by <> user_id)
  )`,
  'CREATE INDEX family_memberships_circle_id_idx ON family_memberships (circle_id, status)',
  'CREATE INDEX family_memberships_approved_by_idx ON family_memberships (approved_by) WHERE approved_by IS NOT NULL',

  // Circles of today's labels (the old counters could have drifted: start from the users).
  `INSERT INTO family_circles (label, member_count)
   SELECT DISTINCT family_label, 0 FROM users WHERE family_label IS NOT NULL
   ON CONFLICT (label) DO NOTHING`,
  `INSERT INTO family_memberships (user_id, circle_id, status, requested_at, approved_at)
   SELECT ranked.id, c.id,
          CASE WHEN ranked.rank = 1 THEN 'active' ELSE 'pending' END,
          ranked.created_at,
          CASE WHEN ranked.rank = 1 THEN ranked.created_at END
   FROM (
     SELECT id, family_label, created_at,
            row_number() OVER (PARTITION BY family_label ORDER BY created_at, id) AS rank
     FROM users WHERE family_label IS NOT NULL
   ) ranked
   JOIN family_circles c ON c.label = ranked.family_label`,
  `DELETE FROM family_circles c
   WHERE NOT EXISTS (SELECT 1 FROM family_memberships m WHERE m.circle_id = c.id AND m.status = 'active')`,
  `UPDATE family_circles c
   SET member_count = (SELECT count(*) FROM family_memberships m WHERE m.circle_id = c.id AND m.status = 'active')`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS family_memberships`.execute(db);
  await sql`DROP TABLE IF EXISTS family_invites`.execute(db);
  // Back to counting everyone with the label, as before.
  await sql`DELETE FROM family_circles`.execute(db);
  await sql`INSERT INTO family_circles (label, member_count)
    SELECT family_label, count(*) FROM users WHERE family_label IS NOT NULL GROUP BY family_label`.execute(
    db,
  );
}
