import { sql } from 'kysely';
import type { Db } from '../db/create-db';
import type { LiveEventKind, LiveEventRef } from '../db/types';
import { LIVE_CHANNEL, SESSION_CHECK_PREFIX } from './hub';

export interface NewLiveEvent {
  userId: string;
  kind: LiveEventKind;
  ref: LiveEventRef;
}

/** Live events are kept this long for reconnecting streams; an older Last-Event-ID gets a full refresh. */
export const LIVE_EVENT_RETENTION_MS = 3 * 24 * 60 * 60 * 1000;

/**
 * Appends live events in the caller's transaction and NOTIFYs each user's streams, which PostgreSQL
 * delivers only if and when the transaction commits.
 *
 * Each user's events are numbered 1, 2, 3... by their row in live_cursors, whose lock is held until
 * commit: a second writer for the same user waits, so a user's numbers commit in order and a stream
 * that has sent number n can never later find an n-1 it skipped. Users are locked in id order, so
 * two transactions writing to the same pair of users cannot deadlock; call this last in a
 * transaction, so the lock is held only for the commit.
 */
export async function appendLiveEvents(trx: Db, events: readonly NewLiveEvent[]): Promise<void> {
  if (events.length === 0) return;
  const byUser = new Map<string, NewLiveEvent[]>();
  for (const event of events) {
    const list = byUser.get(event.userId) ?? [];
    list.push(event);
    byUser.set(event.userId, list);
  }
  const users = [...byUser.keys()].sort();
  for (const userId of users) {
    const list = byUser.get(userId) as NewLiveEvent[];
    const { lastSeq } = await trx
      .insertInto('liveCursors')
      .values({ userId, lastSeq: list.length })
      .onConflict((oc) =>
        oc.column('userId').doUpdateSet({ lastSeq: sql`live_cursors.last_seq + ${list.length}` }),
      )
      .returning('lastSeq')
      .executeTakeFirstOrThrow();
    const first = Number(lastSeq) - list.length + 1;
    await trx
      .insertInto('liveEvents')
      .values(list.map((e, i) => ({ userId, seq: first + i, kind: e.kind, ref: JSON.stringify(e.ref) })))
      .execute();
  }
  await sql`select pg_notify(${LIVE_CHANNEL}, u::text) from unnest(${users}::uuid[]) as u`.execute(trx);
}

/**
 * Asks the user's open streams, in every process, to check their session now. Call it in the
 * transaction that ends the sessions: the NOTIFY goes out when that commits, so the check finds
 * them gone and the streams end at once rather than at their next periodic check.
 */
export async function announceSessionsEnded(trx: Db, userId: string): Promise<void> {
  await sql`select pg_notify(${LIVE_CHANNEL}, ${SESSION_CHECK_PREFIX + userId})`.execute(trx);
}

export interface StoredLiveEvent {
  seq: number;
  kind: LiveEventKind;
  ref: LiveEventRef;
}

/** The user's last event number (0 before the first). */
export async function lastLiveSeq(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('liveCursors')
    .select('lastSeq')
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row ? Number(row.lastSeq) : 0;
}

/** The user's first kept event number, or null when none is kept. */
export async function firstKeptLiveSeq(db: Db, userId: string): Promise<number | null> {
  const row = await db
    .selectFrom('liveEvents')
    .select('seq')
    .where('userId', '=', userId)
    .orderBy('seq')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.seq) : null;
}

export async function liveEventsAfter(
  db: Db,
  userId: string,
  afterSeq: number,
  limit: number,
): Promise<StoredLiveEvent[]> {
  const rows = await db
    .selectFrom('liveEvents')
    .select(['seq', 'kind', 'ref'])
    .where('userId', '=', userId)
    .where('seq', '>', afterSeq)
    .orderBy('seq')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ seq: Number(r.seq), kind: r.kind, ref: r.ref }));
}

/** Maintenance: live events past their retention. */
export async function deleteOldLiveEvents(db: Db, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('liveEvents')
    .where('createdAt', '<', new Date(now.getTime() - LIVE_EVENT_RETENTION_MS))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
