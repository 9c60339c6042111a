import { type Kysely, sql } from 'kysely';

/**
 * uploads: one row per stored image (its main file and its resized variants), so each user's stored
 * bytes can be capped and files that no row refers to can be found and deleted. Images stored before
 * this table existed have no row; the sweeper judges those by their files alone.
 */
const statements = [
  `CREATE TABLE uploads (
    id uuid PRIMARY KEY,
    user_id uuid REFERENCES users (id) ON DELETE SET NULL,
    name text NOT NULL UNIQUE CHECK (name ~ '^[0-9a-f-]{36}\\.webp$'),
    bytes integer NOT NULL CHECK (bytes > 0),
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  'CREATE INDEX uploads_user_id_idx ON uploads (user_id) WHERE user_id IS NOT NULL',
  'CREATE INDEX uploads_created_at_idx ON uploads (created_at)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS uploads`.execute(db);
}
