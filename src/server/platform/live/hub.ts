import pg from 'pg';
import type { PgliteClient } from '../db/pglite-thread';

/** The channel every server process listens on; a NOTIFY's payload is a user id, nothing more. */
export const LIVE_CHANNEL = 'simchahub_live';

/**
 * A payload of this prefix and a user id asks that user's streams to check their session at once
 * instead of at their next periodic check: their sessions were ended (the account was suspended).
 */
export const SESSION_CHECK_PREFIX = 'session:';

/** Why a stream is woken: new events to read, or its session to check. */
export type WakeReason = 'events' | 'session';

export interface HubLog {
  info(msg: string): void;
  warn(msg: string): void;
}

/**
 * Where NOTIFYs come from: a dedicated PostgreSQL connection, or the embedded database itself.
 * `onNotify` gets each payload; `onResync` is called after the source was down and is back (any
 * NOTIFY sent meanwhile is lost, so every stream must read again).
 */
export interface NotificationSource {
  start(handlers: { onNotify: (payload: string) => void; onResync: () => void }): Promise<void>;
  stop(): Promise<void>;
  readonly listening: boolean;
}

export interface LiveHubOptions {
  /** Open streams one user may hold in this process; a new one beyond it ends their oldest. */
  maxStreamsPerUser?: number;
  /** Streams reading the database at once in this process, so a fan-out never drains the pool. */
  maxConcurrentReads?: number;
  /** After the listener was down, every stream reads again, spread over this long. */
  resyncSpreadMs?: number;
}

interface Subscriber {
  wake: (reason: WakeReason) => void;
  /** Ends the stream (it was pushed out by a newer one of the same user). */
  evict: () => void;
}

/**
 * Fans NOTIFYs out to this process's open streams. A stream subscribes with its user id and a wake
 * function; the wake carries no data: the stream re-reads its user's live events from the database
 * after the last one it sent, so nothing depends on what a NOTIFY said or whether it arrived.
 *
 * It also bounds what streams cost: each user holds at most `maxStreamsPerUser` (the oldest ends
 * when another opens; its client reconnects if it still wants one), and at most
 * `maxConcurrentReads` streams read at once, whatever woke them.
 */
export class LiveHub {
  readonly #subscribers = new Map<string, Set<Subscriber>>();
  readonly #source: NotificationSource;
  readonly #maxPerUser: number;
  readonly #maxReads: number;
  readonly #resyncSpreadMs: number;
  #reading = 0;
  readonly #waitingToRead: Array<() => void> = [];
  #started: Promise<void> | null = null;

  constructor(source: NotificationSource, options: LiveHubOptions = {}) {
    this.#source = source;
    this.#maxPerUser = options.maxStreamsPerUser ?? 10;
    this.#maxReads = options.maxConcurrentReads ?? 4;
    this.#resyncSpreadMs = options.resyncSpreadMs ?? 1000;
  }

  /** Starts listening; idempotent. */
  start(): Promise<void> {
    this.#started ??= this.#source.start({
      onNotify: (payload) =>
        payload.startsWith(SESSION_CHECK_PREFIX)
          ? this.#wake(payload.slice(SESSION_CHECK_PREFIX.length), 'session')
          : this.#wake(payload, 'events'),
      onResync: () => this.#wakeAll(),
    });
    return this.#started;
  }

  /** Whether NOTIFYs are arriving now (false while the listening connection reconnects). */
  get listening(): boolean {
    return this.#source.listening;
  }

  /** Open streams in this process. */
  get streamCount(): number {
    let n = 0;
    for (const set of this.#subscribers.values()) n += set.size;
    return n;
  }

  subscribe(userId: string, wake: (reason: WakeReason) => void, evict: () => void = () => {}): () => void {
    let set = this.#subscribers.get(userId);
    if (!set) {
      set = new Set();
      this.#subscribers.set(userId, set);
    }
    const subscriber: Subscriber = { wake, evict };
    set.add(subscriber);
    // A Set iterates in insertion order: the first is the oldest.
    while (set.size > this.#maxPerUser) {
      const oldest = set.values().next().value as Subscriber;
      set.delete(oldest);
      oldest.evict();
    }
    return () => {
      const current = this.#subscribers.get(userId);
      if (!current) return;
      current.delete(subscriber);
      if (current.size === 0) this.#subscribers.delete(userId);
    };
  }

  /** Runs a stream's database read when one of the process's read slots is free. */
  async read<T>(work: () => Promise<T>): Promise<T> {
    if (this.#reading >= this.#maxReads) {
      await new Promise<void>((resolve) => this.#waitingToRead.push(resolve));
    } else this.#reading += 1;
    try {
      return await work();
    } finally {
      // The slot passes straight to the next waiter, or is given back.
      const next = this.#waitingToRead.shift();
      if (next) next();
      else this.#reading -= 1;
    }
  }

  /** Wakes one user's streams, as a NOTIFY for them would. */
  wake(userId: string): void {
    this.#wake(userId, 'events');
  }

  async stop(): Promise<void> {
    await this.#source.stop();
  }

  #wake(userId: string, reason: WakeReason): void {
    const set = this.#subscribers.get(userId);
    if (!set) return;
    for (const { wake } of set) wake(reason);
  }

  /** Every stream reads again, at random moments over a second, not all in the same instant. */
  #wakeAll(): void {
    for (const set of this.#subscribers.values()) {
      // A session check may have been among the NOTIFYs lost: every stream checks too.
      for (const { wake } of set) {
        setTimeout(() => wake('session'), Math.random() * this.#resyncSpreadMs).unref();
      }
    }
  }
}

/** The embedded database delivers its own NOTIFYs to `listen` callbacks once a transaction commits. */
export function pgliteSource(pglite: Pick<PgliteClient, 'listen' | 'closed'>): NotificationSource {
  let unlisten: (() => Promise<void>) | null = null;
  return {
    get listening() {
      return unlisten !== null;
    },
    async start({ onNotify }) {
      unlisten = await pglite.listen(LIVE_CHANNEL, onNotify);
    },
    async stop() {
      const off = unlisten;
      unlisten = null;
      if (off && !pglite.closed) await off().catch(() => undefined);
    },
  };
}

export interface PostgresSourceOptions {
  connectionString: string;
  log: HubLog;
  connectTimeoutMs?: number;
  /** First and longest pause between reconnection attempts. */
  retryMinMs?: number;
  retryMaxMs?: number;
  /** How often the listening connection is checked with a statement. */
  heartbeatMs?: number;
}

const HEARTBEAT_MS = 15_000;
const HEARTBEAT_TIMEOUT_MS = 5000;

/**
 * LISTEN on a connection of its own, outside the pool. When it drops (a database restart, a killed
 * backend) it reconnects with backoff and then asks every stream to read again: NOTIFYs sent while
 * it was away are gone, the rows are not.
 */
export function postgresSource(options: PostgresSourceOptions): NotificationSource {
  const retryMin = options.retryMinMs ?? 100;
  const retryMax = options.retryMaxMs ?? 5000;
  let client: pg.Client | null = null;
  let listening = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let handlers: Parameters<NotificationSource['start']>[0] | null = null;
  let everConnected = false;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({
      connectionString: options.connectionString,
      application_name: 'simchahub-live',
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      // The heartbeat below fails instead of waiting on a connection that went silent.
      query_timeout: HEARTBEAT_TIMEOUT_MS,
    });
    client = c;
    // Heard before anything else: an unheard error event would end the process.
    c.on('error', (error) => lost(c, error));
    c.on('end', () => lost(c, null));
    c.on('notification', (message) => {
      if (message.channel === LIVE_CHANNEL && message.payload) handlers?.onNotify(message.payload);
    });
    await c.connect();
    await c.query(`LISTEN ${LIVE_CHANNEL}`);
    if (stopped) {
      await c.end().catch(() => undefined);
      return;
    }
    listening = true;
    startHeartbeat(c);
    if (everConnected) options.log.info('Live updates: listening again');
    everConnected = true;
    // Whatever was notified while no connection listened is read from the rows now.
    handlers?.onResync();
  };

  let delay = retryMin;
  const attempt = () => {
    timer = null;
    if (stopped) return;
    connect().then(
      () => {
        delay = retryMin;
      },
      (error: unknown) => {
        const c = client;
        client = null;
        c?.end().catch(() => undefined);
        options.log.warn(
          `Live updates: cannot listen (${error instanceof Error ? error.message : String(error)}); retrying in ${delay} ms`,
        );
        schedule();
      },
    );
  };
  const schedule = () => {
    if (stopped || timer) return;
    timer = setTimeout(attempt, delay);
    timer.unref();
    delay = Math.min(delay * 2, retryMax);
  };

  /**
   * A connection dropped without a reset (a NAT or firewall forgetting it, a failover) looks alive
   * and hears nothing: a statement now and then shows it, and it is replaced.
   */
  let heartbeat: NodeJS.Timeout | null = null;
  function startHeartbeat(c: pg.Client) {
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = setInterval(() => {
      if (client !== c) return;
      c.query('select 1').catch((error: Error) => lost(c, error));
    }, options.heartbeatMs ?? HEARTBEAT_MS);
    heartbeat.unref();
  }

  function lost(c: pg.Client, error: Error | null) {
    if (client !== c) return;
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = null;
    client = null;
    const was = listening;
    listening = false;
    c.end().catch(() => undefined);
    if (stopped) return;
    if (was)
      options.log.warn(
        `Live updates: listening connection lost (${error?.message ?? 'closed'}); reconnecting`,
      );
    schedule();
  }

  return {
    get listening() {
      return listening;
    },
    async start(h) {
      handlers = h;
      try {
        await connect();
      } catch (error) {
        // The server starts anyway; streams fall back to reading on their own timer until it listens.
        const c = client;
        client = null;
        c?.end().catch(() => undefined);
        options.log.warn(
          `Live updates: cannot listen yet (${error instanceof Error ? error.message : String(error)}); retrying`,
        );
        schedule();
      }
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (heartbeat) clearInterval(heartbeat);
      timer = null;
      heartbeat = null;
      listening = false;
      const c = client;
      client = null;
      if (c) await c.end().catch(() => undefined);
    },
  };
}

/** The source for a database handle: its own NOTIFYs for the embedded engine, LISTEN on the server otherwise. */
export function liveSourceFor(
  handle: { kind: 'postgres' | 'pglite'; embedded?: PgliteClient; connectionString?: string },
  log: HubLog,
  connectTimeoutMs?: number,
): NotificationSource {
  if (handle.embedded) return pgliteSource(handle.embedded);
  if (!handle.connectionString) throw new Error('A PostgreSQL handle without its connection string');
  return postgresSource({ connectionString: handle.connectionString, log, connectTimeoutMs });
}
