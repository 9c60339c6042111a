import { sql } from 'kysely';
import type { Db } from '../db/create-db';

export interface MaintenanceDeps {
  db: Db;
  now: () => Date;
  log: { warn(obj: object, msg: string): void; info?(obj: object, msg: string): void };
  /** The embedded database, which has no autovacuum: the sweep also vacuums and analyzes it. */
  embedded?: boolean;
  /**
   * Deletes the rows that only age, in every domain (src/server/expired-rows.ts gathers them): the
   * platform runs it on schedule without knowing what it deletes.
   */
  sweep: (deps: Pick<MaintenanceDeps, 'db' | 'now'>) => Promise<unknown>;
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
      await deps.sweep(deps);
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
