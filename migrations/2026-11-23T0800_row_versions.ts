import { type Kysely, sql } from 'kysely';

/**
 * Every row a person edits carries a version, raised by one on each update. An update names the
 * version it was made from, so an edit made from a stale copy is refused (409 with the current row)
 * instead of silently undoing someone else's change (decision 012).
 */
const TABLES = ['users', 'events', 'tasks', 'deposits', 'memos', 'vendors'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN version integer NOT NULL DEFAULT 1`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN IF EXISTS version`.execute(db);
  }
}
