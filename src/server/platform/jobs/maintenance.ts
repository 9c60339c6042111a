import { sql } from 'kysely';
import { forgetPastVisitors } from '../../domains/analytics/analytics.service';
import { deleteDeadResetTokens } from '../../domains/auth/account.queries';
import { deleteForgottenBackoff } from '../../domains/auth/login-throttle';
import { deleteExpiredSessions } from '../../domains/auth/sessions';
import type { Db } from '../db/create-db';
import { deleteExpiredIdempotencyKeys } from '../idempotency/idempotency.queries';
import { deleteEndedWindows } from '../limits/rate-limit';
import { deleteOldLiveEvents } from '../live/live-events';

export interface MaintenanceDeps {
  db: Db;
  now: () => Date;
  log: { warn(obj: object, msg: string): void; info?(obj: object, msg: string): void };
  /** The embedded database, which has no autovacuum: the sweep also vacuums and analyzes it. */
  embedded?: boolean;
}

/** How often the embedded database is vacuumed and analyzed. */
export const EMBEDDED_UPKEEP_MS = 60 * 60 * 1000;

/**
 * What PostgreSQL's autovacuum does on a server, for the embedded database, where nothing does it:
 * PGlite runs PostgreSQL in single-user mode, without the background workers, so its tables are
 * never analyzed (the planner guesses every row count) and dead rows are never reclaimed. One
 * VACUUM (ANALYZE) of the whole database; it holds the one connection while it runs (milliseconds
 * for a family's data, about a second at 100,000 listings), and requests wait in its bounded queue.
 */
export async function embeddedUpkeep(db: Db): Promise<void> {
  await sql`vacuum (analyze)`.execute(db);
}

/**
 * Removes rows that only age: ended sessions, closed limit windows, quiet sign-in backoffs, dead reset
 * links, create answers kept past their 24 hours, live events past their replay window, and the
 * visitor hashes and salts of past days (kept no longer than their day needs them, decision 014).
 */
export async function sweepExpiredRows(deps: Pick<MaintenanceDeps, 'db' | 'now'>) {
  const now = deps.now();
  return {
    sessions: await deleteExpiredSessions(deps.db, now),
    rateLimits: await deleteEndedWindows(deps.db, now),
    loginBackoff: await deleteForgottenBackoff(deps.db, now),
    resetTokens: await deleteDeadResetTokens(deps.db, now),
    idempotencyKeys: await deleteExpiredIdempotencyKeys(deps.db, now),
    liveEvents: await deleteOldLiveEvents(deps.db, now),
    ...(await forgetPastVisitors(deps.db, now)),
  };
}

/**
 * Runs the sweep now and then. Every server process runs it: the deletes are idempotent, so two
 * processes sweeping at once only repeat each other's work. A failed sweep waits for the next turn.
 */
export function startMaintenance(
  deps: MaintenanceDeps,
  intervalMs = 10 * 60 * 1000,
): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  let lastUpkeep = Number.NEGATIVE_INFINITY;
  const tick = () => {
    if (running) return;
    running = (async () => {
      await sweepExpiredRows(deps);
      const now = deps.now().getTime();
      if (deps.embedded && now - lastUpkeep >= EMBEDDED_UPKEEP_MS) {
        const started = performance.now();
        await embeddedUpkeep(deps.db);
        lastUpkeep = now;
        deps.log.info?.(
          { ms: Math.round(performance.now() - started) },
          'embedded database vacuumed and analyzed',
        );
      }
    })()
      .catch((error: unknown) => deps.log.warn({ err: error }, 'maintenance sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
