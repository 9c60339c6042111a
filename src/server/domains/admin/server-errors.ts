import { sql } from 'kysely';
import { sumOf } from '../../platform/db/aggregates';
import type { Db } from '../../platform/db/create-db';

/** Rows older than this are deleted now and then: health reads the last hour only. */
const KEEP = '2 days';
/** One write in this many also prunes: cheap, and no job has to know about the table. */
const PRUNE_EVERY = 100;

/**
 * Counts one 5xx answer in its minute's row. In the database, not in memory, because several server
 * processes answer for one platform and the admin's health card must see all of their errors.
 */
export async function recordServerError(db: Db): Promise<void> {
  await sql`INSERT INTO server_error_minutes (minute, count) VALUES (date_trunc('minute', now()), 1)
    ON CONFLICT (minute) DO UPDATE SET count = server_error_minutes.count + 1`.execute(db);
  if (Math.random() * PRUNE_EVERY < 1) {
    await sql`DELETE FROM server_error_minutes WHERE minute < now() - ${KEEP}::interval`.execute(db);
  }
}

/** 5xx answers in the last hour, from every server process. */
export async function serverErrorsLastHour(db: Db): Promise<number> {
  return sumOf(
    db
      .selectFrom('serverErrorMinutes')
      .where('minute', '>', sql<Date>`date_trunc('minute', now()) - interval '1 hour'`),
    'count',
  );
}
