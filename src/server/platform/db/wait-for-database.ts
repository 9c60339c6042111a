import { sql } from 'kysely';
import { createPostgresDb } from './create-db';
import { unavailabilityOf } from './db-errors';

export interface WaitOptions {
  /** Give up after this long (DB_STARTUP_WAIT_SECONDS). */
  waitMs: number;
  connectTimeoutMs: number;
  /** Where it waits and why, once per retry. */
  log: (line: string) => void;
  sleep?: (ms: number) => Promise<void>;
}

/** The shortest try, even when less of the wait is left: a remote server needs time to answer. */
const MIN_TRY_MS = 500;

/** The cause of a failed connection in a few words ("connect ECONNREFUSED 127.0.0.1:5432"). */
export function describeDatabaseError(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) {
    return describeDatabaseError(error.errors[0]);
  }
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    const text = error.message || error.name;
    return typeof code === 'string' && !text.includes(code) ? `${text} (${code})` : text;
  }
  return String(error);
}

/**
 * Start-up waits for PostgreSQL to answer, with backoff from 0.5 s up to 5 s between tries, saying
 * where and why on each retry. A cause that waiting cannot fix (a wrong password, a missing
 * database) fails at once; after `waitMs` it fails naming the last cause. No try outlasts the
 * wait, so a server that accepts connections and never answers cannot hold start-up longer.
 */
export async function waitForDatabase(connectionString: string, options: WaitOptions): Promise<void> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const started = Date.now();
  let delay = 500;
  for (let attempt = 1; ; attempt++) {
    const left = options.waitMs - (Date.now() - started);
    const timeoutMs = Math.min(options.connectTimeoutMs, Math.max(left, MIN_TRY_MS));
    const probe = createPostgresDb(connectionString, {
      max: 1,
      queueMax: 1,
      connectTimeoutMs: timeoutMs,
      statementTimeoutMs: timeoutMs,
      onConnectionError: () => {},
    });
    try {
      await sql`select 1`.execute(probe.db);
      if (attempt > 1) options.log(`The database at ${probe.describe} is answering.`);
      return;
    } catch (error) {
      const cause = describeDatabaseError(error);
      if (!unavailabilityOf(error)) {
        throw new Error(`Cannot use the database at ${probe.describe}: ${cause}`);
      }
      const remaining = options.waitMs - (Date.now() - started);
      if (remaining <= 0) {
        throw new Error(
          `The database at ${probe.describe} did not answer within ${Math.round(options.waitMs / 1000)} s ` +
            `(${attempt} ${attempt === 1 ? 'try' : 'tries'}): ${cause}`,
        );
      }
      delay = Math.min(delay, remaining);
      options.log(
        `Waiting for the database at ${probe.describe}: ${cause}; trying again in ${(delay / 1000).toFixed(1)} s`,
      );
    } finally {
      await probe.db.destroy().catch(() => {});
    }
    await sleep(delay);
    delay = Math.min(delay * 2, 5000);
  }
}
