import { sql } from 'kysely';
import type { Db } from './create-db';

/**
 * Runs `work` in a transaction: the caller's own when `db` already is one (an idempotent create runs
 * the whole procedure in one, so its key and its rows commit or roll back together), a new one otherwise.
 */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/**
 * Serializes one user's `scope` work until the transaction ends, on every server process (a
 * transaction-level advisory lock on `<scope>:<userId>`).
 */
export async function lockForUser(trx: Db, scope: string, userId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${scope}:${userId}`}, 0))`.execute(trx);
}
