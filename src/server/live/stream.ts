import type { Role } from '../../shared/constants';
import type { LiveEvent, UnreadTotals } from '../../shared/schemas/messages';
import type { Db } from '../db/create-db';
import { unavailabilityOf } from '../db/db-errors';
import { messageDtosByIds, unreadMessageCount } from '../messages/messages.queries';
import { notificationDtosByIds, unreadNotificationCount } from '../notifications/notifications.queries';
import type { LiveHub } from './hub';
import { firstKeptLiveSeq, lastLiveSeq, liveEventsAfter, type StoredLiveEvent } from './live-events';

/** Events read per query; a stream behind by more reads again at once. */
const BATCH = 100;

export interface LiveStreamOptions {
  db: Db;
  hub: LiveHub;
  user: { id: string; role: Role };
  /** The session the stream was opened with: the stream ends when it does (sign-out, expiry). */
  sessionId: string;
  /** The last event the client received (Last-Event-ID), if it is resuming. */
  lastEventId?: string | null;
  signal: AbortSignal;
  /** How often a stream reads on its own while NOTIFYs are not arriving (listener reconnecting). */
  fallbackPollMs?: number;
  /** How often the session is checked. */
  sessionCheckMs?: number;
}

export interface NumberedLiveEvent {
  /** The user's event number: the SSE id, and the Last-Event-ID to resume from. */
  id: string;
  event: LiveEvent;
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

export async function unreadTotals(db: Db, user: { id: string; role: Role }): Promise<UnreadTotals> {
  const [messages, notifications] = await Promise.all([
    unreadMessageCount(db, user),
    unreadNotificationCount(db, user.id),
  ]);
  return { messages, notifications };
}

/** Turns stored events (ids only) into what the client reads, from the rows as they are now. */
async function hydrate(
  db: Db,
  user: { id: string; role: Role },
  rows: StoredLiveEvent[],
): Promise<NumberedLiveEvent[]> {
  const messageIds = rows.flatMap((r) => (r.kind === 'message' && r.ref.messageId ? [r.ref.messageId] : []));
  const notificationIds = rows.flatMap((r) =>
    r.kind === 'notification' && r.ref.notificationId ? [r.ref.notificationId] : [],
  );
  const [messages, notifications, unread] = await Promise.all([
    messageDtosByIds(db, user.id, messageIds),
    notificationDtosByIds(db, user.id, notificationIds),
    unreadTotals(db, user),
  ]);
  const messageById = new Map(messages.map((m) => [m.id, m]));
  const notificationById = new Map(notifications.map((n) => [n.id, n]));
  const out: NumberedLiveEvent[] = [];
  for (const row of rows) {
    const id = String(row.seq);
    const threadId = row.ref.threadId;
    if (row.kind === 'message') {
      const message = row.ref.messageId ? messageById.get(row.ref.messageId) : undefined;
      // Gone since (its thread was deleted): the client refreshes the thread instead.
      if (message) out.push({ id, event: { kind: 'message', threadId: message.threadId, message, unread } });
      else if (threadId) out.push({ id, event: { kind: 'thread', threadId, unread } });
    } else if (row.kind === 'seen' && threadId) {
      out.push({ id, event: { kind: 'seen', threadId, messageIds: row.ref.messageIds ?? [], unread } });
    } else if (row.kind === 'thread' && threadId) {
      out.push({ id, event: { kind: 'thread', threadId, unread } });
    } else if (row.kind === 'notification') {
      const notification = row.ref.notificationId ? notificationById.get(row.ref.notificationId) : undefined;
      if (notification) out.push({ id, event: { kind: 'notification', notification, unread } });
      else out.push({ id, event: { kind: 'sync', unread } });
    }
  }
  return out;
}

async function sessionAlive(db: Db, sessionId: string): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('id', '=', sessionId)
    .where('expiresAt', '>', new Date())
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * One user's live events, from the database: on connect a `sync` with the unread totals (or, when
 * resuming from a kept Last-Event-ID, every event after it), then each new event as its NOTIFY wakes
 * the stream. Nothing is kept in memory between wakes but the last number sent, so a restart of the
 * database or of the listening connection loses nothing: the stream reads again from that number.
 *
 * Ends when `signal` aborts (the client left, or the server is shutting down) or the session ends.
 * A database outage pauses the stream, which reads again once the database is back.
 */
export async function* liveStream(opts: LiveStreamOptions): AsyncGenerator<NumberedLiveEvent> {
  const { db, hub, user, signal } = opts;
  const fallbackPollMs = opts.fallbackPollMs ?? 2000;
  const sessionCheckMs = opts.sessionCheckMs ?? 60_000;
  const wakeup = new Wakeup();
  // Subscribed before the first read: a NOTIFY arriving in between is kept by the Wakeup.
  const unsubscribe = hub.subscribe(user.id, () => wakeup.set());
  try {
    const current = await lastLiveSeq(db, user.id);
    const requested = parseSeq(opts.lastEventId);
    let last = current;
    let resume = false;
    if (requested !== null && requested <= current) {
      const firstKept = requested === current ? null : await firstKeptLiveSeq(db, user.id);
      resume = requested === current || (firstKept !== null && firstKept <= requested + 1);
    }
    if (resume && requested !== null) last = requested;
    else yield { id: String(current), event: { kind: 'sync', unread: await unreadTotals(db, user) } };

    let sessionCheckedAt = Date.now();
    let outageMs = 0;
    while (!signal.aborted) {
      let rows: StoredLiveEvent[];
      try {
        rows = await liveEventsAfter(db, user.id, last, BATCH);
        if (Date.now() - sessionCheckedAt >= sessionCheckMs) {
          if (!(await sessionAlive(db, opts.sessionId))) return;
          sessionCheckedAt = Date.now();
        }
        if (rows.length > 0) {
          for (const item of await hydrate(db, user, rows)) yield item;
          last = rows[rows.length - 1]?.seq ?? last;
        }
        outageMs = 0;
      } catch (error) {
        if (!unavailabilityOf(error)) throw error;
        // The database is away: keep the client connected and read again shortly.
        outageMs = Math.min(Math.max(outageMs * 2, 250), 5000);
        await wakeup.wait(outageMs, signal);
        continue;
      }
      if (rows.length === BATCH) continue;
      await wakeup.wait(hub.listening ? sessionCheckMs : fallbackPollMs, signal);
    }
  } finally {
    unsubscribe();
  }
}
