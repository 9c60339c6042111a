import { type Kysely, sql } from 'kysely';

/**
 * Files kept in the database (decision 039): the `postgres` storage driver's images and
 * attachments, so several servers on one database serve and sweep the same files. A file is a row
 * of stored_files and its bytes in chunks of stored_file_chunks (256 KiB each), read one at a time
 * when it is served. A row without a key is a file still being written (or left by a crash while
 * writing): readers never see it, and the driver deletes such rows after a day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE stored_files (
    id uuid PRIMARY KEY,
    key text COLLATE "C" UNIQUE,
    content_type text,
    bytes bigint NOT NULL DEFAULT 0 CHECK (bytes >= 0),
    sha256 text CHECK (sha256 ~ '^[0-9a-f]{64}$'),
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX stored_files_unfinished ON stored_files (created_at) WHERE key IS NULL`.execute(db);
  await sql`CREATE TABLE stored_file_chunks (
    file_id uuid NOT NULL REFERENCES stored_files (id) ON DELETE CASCADE,
    n integer NOT NULL CHECK (n >= 0),
    data bytea NOT NULL,
    PRIMARY KEY (file_id, n)
  )`.execute(db);
  // Images, PDFs and re-encoded photos are compressed already: kept out of line without trying again.
  await sql`ALTER TABLE stored_file_chunks ALTER COLUMN data SET STORAGE EXTERNAL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS stored_file_chunks`.execute(db);
  await sql`DROP TABLE IF EXISTS stored_files`.execute(db);
}
