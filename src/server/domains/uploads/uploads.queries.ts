import { sql } from 'kysely';
import { sumOf } from '../../platform/db/aggregates';
import type { Db } from '../../platform/db/create-db';

/**
 * Every column that can hold the URL of an uploaded image. A column added later that stores
 * uploads must be listed here, or the sweeper deletes its images a day after they were uploaded;
 * uploads.references.test.ts fails when a column whose name suggests an image is missing.
 */
export const UPLOAD_URL_COLUMNS = [
  { table: 'events', column: 'image_url', holds: 'one' },
  { table: 'vendors', column: 'logo_url', holds: 'one' },
  { table: 'vendors', column: 'image_url', holds: 'one' },
  { table: 'vendors', column: 'gallery_images', holds: 'many' },
  { table: 'reviews', column: 'image_urls', holds: 'many' },
] as const;

const UUID_IN_URL = '^/uploads/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})';

/**
 * The ids of every upload some row refers to, by any of its files (a row may hold a variant's URL:
 * the schema accepts any /uploads/ name). One scan of each table, whatever the number of uploads.
 */
function referencedIds() {
  const selects = UPLOAD_URL_COLUMNS.map(({ table, column, holds }) =>
    holds === 'one'
      ? `SELECT ${column} AS url FROM ${table} WHERE ${column} LIKE '/uploads/%'`
      : `SELECT u.url FROM ${table} CROSS JOIN LATERAL unnest(${column}) AS u(url) WHERE u.url LIKE '/uploads/%'`,
  );
  return sql.raw(
    `SELECT substring(url from '${UUID_IN_URL}') AS id FROM (${selects.join(' UNION ALL ')}) refs`,
  );
}

export async function storedBytesOf(db: Db, userId: string): Promise<number> {
  return sumOf(db.selectFrom('uploads').where('userId', '=', userId), 'bytes');
}

/**
 * What the user stores in images and attachments together, and whether their e-mail address is
 * confirmed: the small quota of unconfirmed accounts covers both kinds (decision 030).
 */
export async function accountStorage(
  db: Db,
  userId: string,
): Promise<{ bytes: number; emailConfirmed: boolean }> {
  const row = await db
    .selectFrom('users')
    .select((eb) => [
      eb('users.emailConfirmedAt', 'is not', null).as('emailConfirmed'),
      sql<string>`(SELECT coalesce(sum(bytes), 0) FROM uploads WHERE user_id = users.id)
        + (SELECT coalesce(sum(bytes), 0) FROM attachments WHERE uploader_id = users.id)`.as('bytes'),
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  // A user deleted meanwhile stores nothing more: treated as unconfirmed with nothing held.
  return { bytes: Number(row?.bytes ?? 0), emailConfirmed: Boolean(row?.emailConfirmed) };
}

/** Everything the site stores in images and attachments, against the storage ceiling. */
export async function siteStoredBytes(db: Db): Promise<number> {
  const row = await sql<{ total: string }>`SELECT
      (SELECT coalesce(sum(bytes), 0) FROM uploads) + (SELECT coalesce(sum(bytes), 0) FROM attachments) AS total`.execute(
    db,
  );
  return Number(row.rows[0]?.total ?? 0);
}

export async function insertUpload(
  db: Db,
  row: { id: string; userId: string; name: string; bytes: number; createdAt: Date },
): Promise<void> {
  await db.insertInto('uploads').values(row).execute();
}

/**
 * Deletes up to `limit` rows of uploads created before `cutoff` that no row refers to, and returns
 * them: their files are the caller's to delete once this commits.
 */
export async function deleteUnreferencedUploads(
  db: Db,
  options: { cutoff: Date; limit: number; userId?: string },
): Promise<Array<{ id: string; name: string }>> {
  const byUser = options.userId === undefined ? sql`` : sql`AND u.user_id = ${options.userId}`;
  const { rows } = await sql<{ id: string; name: string }>`
    WITH referenced AS (${referencedIds()})
    DELETE FROM uploads WHERE id IN (
      SELECT u.id FROM uploads u
      WHERE u.created_at < ${options.cutoff} ${byUser}
        AND NOT EXISTS (SELECT 1 FROM referenced r WHERE r.id = u.id::text)
      ORDER BY u.created_at
      LIMIT ${options.limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, name`.execute(db);
  return rows;
}

/** Which of these ids have an uploads row. */
export async function trackedIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('uploads').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

/** Which of these ids some row refers to. */
export async function referencedAmong(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await sql<{ id: string }>`
    SELECT DISTINCT id FROM (${referencedIds()}) r
    WHERE id IN (${sql.join(ids.map((id) => sql`${id}`))})`.execute(db);
  return new Set(rows.map((r) => r.id));
}
