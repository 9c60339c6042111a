import { type Kysely, sql } from 'kysely';

/**
 * Backups (decision 042). While a backup runs it holds a lease; a stored file the app deletes
 * meanwhile is not deleted but noted in deferred_file_deletes, so that every file a row of the
 * backup's database snapshot names is still there when the backup copies the files. The notes are
 * carried out once no lease is current (a lease left by a crashed backup expires on its own).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE backup_leases (
    id uuid PRIMARY KEY,
    started_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL
  )`.execute(db);
  await sql`CREATE TABLE deferred_file_deletes (
    key text COLLATE "C" PRIMARY KEY,
    deferred_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS deferred_file_deletes`.execute(db);
  await sql`DROP TABLE IF EXISTS backup_leases`.execute(db);
}
