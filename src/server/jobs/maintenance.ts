import { forgetPastVisitors } from '../analytics/analytics.service';
import { deleteDeadResetTokens } from '../auth/account.queries';
import { deleteForgottenBackoff } from '../auth/login-throttle';
import { deleteExpiredSessions } from '../auth/sessions';
import type { Db } from '../db/create-db';
import { deleteExpiredIdempotencyKeys } from '../idempotency/idempotency.queries';
import { deleteEndedWindows } from '../limits/rate-limit';
import { deleteOldLiveEvents } from '../live/live-events';

export interface MaintenanceDeps {
  db: Db;
  now: () => Date;
  log: { warn(obj: object, msg: string): void };
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
  const tick = () => {
    if (running) return;
    running = sweepExpiredRows(deps)
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
