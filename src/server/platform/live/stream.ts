import type { Role } from '../../../shared/constants';
import { countOf } from '../db/aggregates';
import type { Db } from '../db/create-db';
import { unavailabilityOf } from '../db/db-errors';
import type { LiveHub } from './hub';
import { lastLiveSeq, liveEventsAfter, type StoredLiveEvent } from './live-events';

/** Events read per query; a stream behind by more reads again at once. */
const BATCH = 100;

/** Who a stream is for. */
export interface LiveUser {
  id: string;
  role: Role;
}

export interface NumberedLiveEvent<E> {
  /** The user's event number: the SSE id, and the Last-Event-ID to resume from. */
  id: string;
  event: E;
}

/**
 * What a stream sends, from the domain whose events they are: the stream itself knows only the
 * numbered log of ids (live_events) and the session.
 */
export interface LiveFeed<E> {
  /** Stored events (ids only) as the client reads them, from the rows as they are now. */
  hydrate(db: Db, user: LiveUser, rows: StoredLiveEvent[]): Promise<NumberedLiveEvent<E>[]>;
  /** The event that tells a client starting afresh (or too far behind) to refetch what it shows. */
  sync(db: Db, user: LiveUser): Promise<E>;
}

export interface LiveStreamOptions<E> {
  db: Db;
  hub: LiveHub;
  feed: LiveFeed<E>;
  user: LiveUser;
  /** The session the stream was opened with: the stream ends when it does (sign-out, expiry). */
  sessionId: string;
  /** The last event the client received (Last-Event-ID), if it is resuming. */
  lastEventId?: string | null;
  /** The stream ends when any of these aborts. */
  signals: AbortSignal[];
  /** The stream ends after this long (the client reconnects with its last id). */
  maxDurationMs?: number;
  /** How often a stream reads on its own while NOTIFYs are not arriving (listener reconnecting). */
  fallbackPollMs?: number;
  /** How often the session is checked. */
  sessionCheckMs?: number;
}

/** A wake-up that is not lost when it comes while nobody waits. */
class Wakeup {
  #pending = false;
  #resolve: (() => void) | null = null;

  set(): void {
    if (this.#resolve) {
      const resolve = this.#resolve;
      this.#resolve = null;
      resolve();
    } else this.#pending = true;
  }

  /** Resolves on set(), after `ms`, or when `signal` aborts, whichever is first. */
  wait(ms: number, signal: AbortSignal): Promise<void> {
    if (this.#pending || signal.aborted) {
      this.#pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        this.#resolve = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener('abort', done, { once: true });
      this.#resolve = done;
    });
  }
}

function parseSeq(id: string | null | undefined): number | null {
  if (!id || !/^\d{1,15}$/.test(id)) return null;
  return Number(id);
}

/** The session still exists, has not expired, and its account is not suspended. */
async function sessionAlive(db: Db, sessionId: string): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select('sessions.id')
    .where('sessions.id', '=', sessionId)
    .where('sessions.expiresAt', '>', new Date())
    .where('users.suspendedAt', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Counts the user's kept events after `afterSeq`: fewer than were numbered means some were swept. */
async function keptAfter(db: Db, userId: string, afterSeq: number): Promise<number> {
  return countOf(db.selectFrom('liveEvents').where('userId', '=', userId).where('seq', '>', afterSeq));
}

/**
 * Where a stream starts: after the client's Last-Event-ID when every event since is still kept, else
 * at the user's last number with a `sync` (the client refetches what it shows).
 */
async function startingPoint<E>(
  db: Db,
  feed: LiveFeed<E>,
  user: LiveUser,
  lastEventId: string | null | undefined,
): Promise<{ last: number; sync: NumberedLiveEvent<E> | null }> {
  const current = await lastLiveSeq(db, user.id);
  const requested = parseSeq(lastEventId);
  // Counted, not judged by the first kept number: the sweep goes by age, which need not follow numbers.
  if (requested !== null && requested <= current) {
    if (requested === current || (await keptAfter(db, user.id, requested)) >= current - requested) {
      return { last: requested, sync: null };
    }
  }
  return {
    last: current,
    sync: { id: String(current), event: await feed.sync(db, user) },
  };
}

/**
 * One user's live events, from the database: on connect a `sync` with the unread totals (or, when
 * resuming from a kept Last-Event-ID, every event after it), then each new event as its NOTIFY wakes
 * the stream. Nothing is kept in memory between wakes but the last number sent, so a restart of the
 * database or of the listening connection loses nothing: the stream reads again from that number.
 *
 * Ends when any of `signals` aborts (the client left, the server is shutting down), after
 * `maxDurationMs`, when the session ends, or when the same user opens more streams in this process
 * than the hub allows (the oldest ends). A database outage pauses the stream, which reads again
 * once the database is back. Reads go through the hub's read slots.
 */
export async function* liveStream<E>(opts: LiveStreamOptions<E>): AsyncGenerator<NumberedLiveEvent<E>> {
  const { db, hub, feed, user } = opts;
  const fallbackPollMs = opts.fallbackPollMs ?? 2000;
  const sessionCheckMs = opts.sessionCheckMs ?? 60_000;
  // One controller per stream with listeners removed at the end: AbortSignal.any would leave a
  // dependant on each long-lived signal (the server's lifecycle) for every stream ever opened.
  const ended = new AbortController();
  const end = () => ended.abort();
  for (const s of opts.signals) {
    if (s.aborted) end();
    else s.addEventListener('abort', end, { once: true });
  }
  const maxTimer = opts.maxDurationMs ? setTimeout(end, opts.maxDurationMs) : null;
  const signal = ended.signal;
  const wakeup = new Wakeup();
  // Set when the user's sessions were ended elsewhere: the next read checks this stream's first.
  let sessionCheckDue = false;
  // Subscribed before the first read: a NOTIFY arriving in between is kept by the Wakeup.
  const unsubscribe = hub.subscribe(
    user.id,
    (reason) => {
      if (reason === 'session') sessionCheckDue = true;
      wakeup.set();
    },
    end,
  );
  try {
    let last: number | null = null;
    let sessionCheckedAt = Date.now();
    let outageMs = 0;
    while (!signal.aborted) {
      let batch: { items: NumberedLiveEvent<E>[]; rows: number; last: number } | null = null;
      try {
        batch = await hub.read(async () => {
          if (last === null) {
            const start = await startingPoint(db, feed, user, opts.lastEventId);
            return { items: start.sync ? [start.sync] : [], rows: 0, last: start.last };
          }
          // Some slack: a timer may fire a moment early, and a missed check would double the gap.
          if (sessionCheckDue || Date.now() - sessionCheckedAt >= sessionCheckMs * 0.9) {
            sessionCheckDue = false;
            if (!(await sessionAlive(db, opts.sessionId))) return null;
            sessionCheckedAt = Date.now();
          }
          const rows = await liveEventsAfter(db, user.id, last, BATCH);
          const items = rows.length > 0 ? await feed.hydrate(db, user, rows) : [];
          return { items, rows: rows.length, last: rows[rows.length - 1]?.seq ?? last };
        });
        outageMs = 0;
      } catch (error) {
        if (!unavailabilityOf(error)) throw error;
        // The database is away: keep the client connected and read again shortly.
        outageMs = Math.min(Math.max(outageMs * 2, 250), 5000);
        await wakeup.wait(outageMs * (0.5 + Math.random()), signal);
        continue;
      }
      // The session ended (signed out, expired, suspended): the stream ends, and a reconnect gets 401.
      if (batch === null) return;
      // Yielded outside the read slot: a slow client holds no slot while it takes its events.
      for (const item of batch.items) {
        if (signal.aborted) return;
        yield item;
      }
      const first = last === null;
      last = batch.last;
      if (first || batch.rows === BATCH) continue;
      await wakeup.wait(hub.listening ? sessionCheckMs : fallbackPollMs, signal);
    }
  } finally {
    unsubscribe();
    if (maxTimer) clearTimeout(maxTimer);
    for (const s of opts.signals) s.removeEventListener('abort', end);
  }
}
