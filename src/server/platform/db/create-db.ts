import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { DatabaseSettings } from '../env';
import { RowCamelCasePlugin } from './camel-case';
import { DatabaseUnavailableError, unavailabilityOf } from './db-errors';
import { pgliteExtensions } from './pglite-protocol';
import { type PgliteClient, PgliteThread } from './pglite-thread';
import type { Database } from './types';

export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** Human-readable location for logs; never includes a password. */
  describe: string;
  /** The embedded database, in this thread or its own: the live hub listens on it. */
  embedded?: PgliteClient;
  /** The embedded engine when it runs in this thread (the tests snapshot it). */
  pglite?: PGlite;
  /** The server's address, for connections of their own (the live listener); never logged. */
  connectionString?: string;
}

// numeric stays a decimal string (pg's default); int8 (counts) becomes a number: every count fits.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

export { pgliteExtensions };

export function kyselyFor(dialect: PostgresDialect | PGliteDialect): Db {
  return new Kysely<Database>({ dialect, plugins: [new RowCamelCasePlugin()] });
}

export interface PostgresOptions {
  /** Connections kept open (pg's max). */
  max?: number;
  /** Requests that may wait for a connection; beyond it a request is refused at once (503). */
  queueMax?: number;
  /** How long a request may wait for a connection before it is refused (503). */
  poolWaitMs?: number;
  connectTimeoutMs?: number;
  /** PostgreSQL statement_timeout; 0 turns it off (migrations). */
  statementTimeoutMs?: number;
  idleInTransactionTimeoutMs?: number;
  /** Reports a connection that failed between statements; the request it served fails on its own. */
  onConnectionError?: (error: Error) => void;
}

const watched = new WeakSet<pg.PoolClient>();
const broken = new WeakSet<pg.PoolClient>();

/**
 * A statement failing because the server ended its session (a restart, pg_terminate_backend)
 * rejects before the socket closes, so the client still looks usable when Kysely gives it back and
 * the next request would meet the dead connection. Such a client is released with its error, which
 * makes the pool destroy it instead of keeping it.
 */
function discardWhenBroken(client: pg.PoolClient): pg.PoolClient {
  if (!watched.has(client)) {
    watched.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const result = query(...args);
      if (result instanceof Promise) {
        result.catch((error: unknown) => {
          if (unavailabilityOf(error) === 'unreachable') broken.add(client);
        });
      }
      return result;
    };
  }
  const release = client.release;
  client.release = (err?: Error | boolean) =>
    release.call(client, err ?? (broken.has(client) ? new Error('connection lost') : undefined));
  return client;
}

export function createPostgresDb(connectionString: string, options: PostgresOptions = {}): DbHandle {
  const max = options.max ?? 10;
  const queueMax = options.queueMax ?? 100;
  const poolWait = options.poolWaitMs ?? 2000;
  const statementTimeout = options.statementTimeoutMs ?? 5000;
  const report =
    options.onConnectionError ?? ((err: Error) => console.error('PostgreSQL connection error:', err.message));
  const pool = new pg.Pool({
    connectionString,
    max,
    application_name: 'simchahub',
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    // Enforced by the server; 0 leaves them off (migrations may run long).
    ...(statementTimeout > 0 ? { statement_timeout: statementTimeout } : {}),
    idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs ?? 10_000,
    // And by the client too, a little later, for a server that stops answering without closing.
    ...(statementTimeout > 0 ? { query_timeout: statementTimeout + 2000 } : {}),
  });
  // A connection that fails emits 'error' on its client, idle or checked out (between two statements
  // of a transaction): unheard, it ends the process. Every client reports its own; the pool repeats
  // an idle one's error, which must be heard too but was already reported. The statement in flight
  // is rejected on its own, and the pool drops the dead client on release.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', report);
  });
  // Kysely asks for connections through this: with the wait queue full, refusing at once beats
  // letting a request queue for half a minute behind the ones already waiting.
  const guarded = {
    connect: async () => {
      // Only a request that would have to wait counts against the queue.
      const wouldWait = pool.idleCount === 0 && pool.totalCount >= max;
      if (wouldWait && pool.waitingCount >= queueMax) {
        throw new DatabaseUnavailableError('busy', 'Too many requests are waiting for the database');
      }
      const pending = pool.connect();
      if (!wouldWait) return discardWhenBroken(await pending);
      // A healthy pool hands a connection on in milliseconds; a wait longer than poolWaitMs means
      // its connections are stuck (a lock, a slow statement), and the request is refused instead.
      let timer: NodeJS.Timeout | undefined;
      const gaveUp = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), poolWait);
      });
      const client = await Promise.race([pending, gaveUp]).finally(() => clearTimeout(timer));
      if (client) return discardWhenBroken(client);
      // The queued request still gets its connection later: hand it straight back.
      pending.then(
        (late) => late.release(),
        () => {},
      );
      throw new DatabaseUnavailableError('busy', `No database connection became free within ${poolWait} ms`);
    },
    end: () => pool.end(),
  };
  const url = new URL(connectionString);
  return {
    db: kyselyFor(new PostgresDialect({ pool: guarded })),
    kind: 'postgres',
    describe: `postgres://${url.host}${url.pathname}`,
    connectionString,
  };
}

export interface PgliteOptions {
  /** Requests that may wait for the one connection; beyond it a request is refused at once (503). */
  queueMax?: number;
  /** How long a request may wait for the connection before it is refused (503). */
  waitMs?: number;
  /**
   * Run the engine in a thread of its own (pglite-thread.ts, decision 022), as the server does, so
   * that a statement does not stop the event loop; the tests keep it in theirs (a copy of a
   * snapshot opens in half a second).
   */
  thread?: boolean;
}

/** What kysely-pglite-dialect's driver keeps: the connection in use and the resolvers waiting for it. */
interface PgliteDriverState {
  connection: unknown;
  queue: ((connection: unknown) => void)[];
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<void>;
}

/**
 * PGlite has one connection, and its driver queues every other request for it without bound or
 * time limit: under a burst of searches the queue grew until every answer took seconds. The same
 * rules as the PostgreSQL pool apply instead: a full queue refuses at once, and a request that waited
 * longer than `waitMs` is refused, both as 503 'busy', so the requests that are served stay fast.
 */
class BoundedPgliteDialect extends PGliteDialect {
  constructor(
    pglite: PgliteClient,
    private readonly queueMax: number,
    private readonly waitMs: number,
  ) {
    // The dialect calls query() and close() only, which both kinds of client have.
    super(pglite as PGlite);
  }

  override createDriver() {
    const driver = super.createDriver();
    const state = driver as unknown as PgliteDriverState;
    const acquire = state.acquireConnection.bind(driver);
    const { queueMax, waitMs } = this;
    state.acquireConnection = async () => {
      if (state.connection === undefined) return acquire();
      if (state.queue.length >= queueMax) {
        throw new DatabaseUnavailableError('busy', 'Too many requests are waiting for the database');
      }
      return new Promise((resolve, reject) => {
        let waiting = true;
        const timer = setTimeout(() => {
          waiting = false;
          reject(
            new DatabaseUnavailableError('busy', `The database did not become free within ${waitMs} ms`),
          );
        }, waitMs);
        state.queue.push((connection) => {
          clearTimeout(timer);
          // Handed over after this request gave up: pass it straight on to the next in line.
          if (waiting) resolve(connection);
          else void state.releaseConnection(connection);
        });
      });
    };
    return driver;
  }
}

export async function createPgliteDb(
  dataDir: string | null,
  loadDataDir?: Blob,
  options: PgliteOptions = {},
): Promise<DbHandle> {
  let pgDir: string | undefined;
  if (dataDir) {
    pgDir = path.resolve(dataDir, 'pgdata');
    mkdirSync(path.dirname(pgDir), { recursive: true });
  }
  const bounded = (client: PgliteClient) =>
    kyselyFor(new BoundedPgliteDialect(client, options.queueMax ?? 100, options.waitMs ?? 2000));
  const describe = pgDir ? `embedded PGlite at ${pgDir}` : 'embedded PGlite in memory';
  if (options.thread) {
    if (loadDataDir)
      throw new Error('A database in its own thread starts from its directory, not from a copy');
    const thread = await PgliteThread.start(pgDir);
    return { db: bounded(thread), kind: 'pglite', embedded: thread, describe: `${describe} (own thread)` };
  }
  const pglite = await PGlite.create({
    ...(pgDir ? { dataDir: pgDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: pgliteExtensions,
  });
  return { db: bounded(pglite), kind: 'pglite', embedded: pglite, pglite, describe };
}

/** Pool options from the settings (DB_POOL_MAX, DB_STATEMENT_TIMEOUT_MS, ...). */
export function postgresOptions(settings: DatabaseSettings): PostgresOptions {
  return {
    max: settings.poolMax,
    queueMax: settings.poolQueueMax,
    poolWaitMs: settings.poolWaitMs,
    connectTimeoutMs: settings.connectTimeoutMs,
    statementTimeoutMs: settings.statementTimeoutMs,
    idleInTransactionTimeoutMs: settings.idleInTransactionTimeoutMs,
  };
}

export async function createDb(
  config: { databaseUrl?: string | undefined; dataDir: string; database: DatabaseSettings },
  extra: Pick<PostgresOptions, 'onConnectionError'> = {},
): Promise<DbHandle> {
  return config.databaseUrl
    ? createPostgresDb(config.databaseUrl, { ...postgresOptions(config.database), ...extra })
    : createPgliteDb(config.dataDir, undefined, {
        queueMax: config.database.poolQueueMax,
        waitMs: config.database.poolWaitMs,
        thread: config.database.embeddedThread,
      });
}
