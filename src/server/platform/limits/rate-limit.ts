import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import { HTTP_MESSAGES } from '../../../shared/http-messages';
import type { Db } from '../db/create-db';
import { ServiceUnavailableError } from '../db/db-errors';
import type { AppConfig, RateRule } from '../env';

export interface RateDecision {
  allowed: boolean;
  /** Hits in the current window, this one included when allowed. */
  hits: number;
  /** Milliseconds until the window ends and the key may be used again; 0 when allowed. */
  retryAfterMs: number;
}

/**
 * Takes one hit for the key if its window has room, in one statement: the upsert locks the key's row,
 * so concurrent requests on any number of server processes are counted one after another and never
 * more than `max` pass in a window. A refused hit is not counted.
 */
export async function consume(db: Db, key: string, rule: RateRule, now: Date): Promise<RateDecision> {
  const windowEnds = new Date(now.getTime() + rule.windowMs);
  // Hits stop at max + 1 ("over"), so refused requests never push the count further.
  const { rows } = await sql<{ hits: number; windowEndsAt: Date }>`
    INSERT INTO rate_limits AS r (key, hits, window_ends_at)
    VALUES (${key}, 1, ${windowEnds})
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN r.window_ends_at <= ${now} THEN 1 ELSE least(r.hits + 1, ${rule.max + 1}) END,
      window_ends_at = CASE WHEN r.window_ends_at <= ${now} THEN ${windowEnds} ELSE r.window_ends_at END
    RETURNING hits, window_ends_at AS "windowEndsAt"`.execute(db);
  const row = rows[0];
  if (!row) throw new Error(`rate limit upsert for ${key} returned nothing`);
  return decide(row.hits, new Date(row.windowEndsAt), rule, now);
}

function decide(hits: number, windowEndsAt: Date, rule: RateRule, now: Date): RateDecision {
  return hits <= rule.max
    ? { allowed: true, hits, retryAfterMs: 0 }
    : { allowed: false, hits, retryAfterMs: Math.max(0, windowEndsAt.getTime() - now.getTime()) };
}

/** Gives back one hit (for example when the attempt turned out not to count). */
export async function refund(db: Db, key: string, now: Date): Promise<void> {
  await db
    .updateTable('rateLimits')
    .set({ hits: sql`greatest(hits - 1, 0)` })
    .where('key', '=', key)
    .where('windowEndsAt', '>', now)
    .execute();
}

/** Forgets a key's window (for example an account's failures after a successful sign-in). */
export async function resetLimit(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rateLimits').where('key', '=', key).execute();
}

/** Drops windows that ended; run now and then so the table holds only live keys. */
export async function deleteEndedWindows(db: Db, now: Date): Promise<number> {
  const result = await db.deleteFrom('rateLimits').where('windowEndsAt', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * A 429 that knows when to come back. The tRPC adapter and the REST adapter both turn
 * `retryAfterSeconds` into a Retry-After header; tRPC clients also read it from error data.
 */
export class TooManyRequestsError extends TRPCError {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterMs: number) {
    super({ code: 'TOO_MANY_REQUESTS', message });
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  }
}

/** "Please try again in 3 minutes." / "... in 40 seconds." */
export function waitPhrase(retryAfterMs: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** Consumes one hit or throws a 429 with the rule's message and the wait. */
export async function enforce(
  db: Db,
  key: string,
  rule: RateRule,
  now: Date,
  message: string,
): Promise<void> {
  const decision = await consume(db, key, rule, now);
  if (!decision.allowed) {
    throw new TooManyRequestsError(
      HTTP_MESSAGES.retryIn(message, waitPhrase(decision.retryAfterMs)),
      decision.retryAfterMs,
    );
  }
}

/** The configured rules by name (config.limits). */
export type LimitName = keyof AppConfig['limits'];

/**
 * enforce() with the configured rule `name`, for whatever holds the database, the configuration and
 * the clock (a procedure's context, the app's dependencies); `now` is the clock's unless given.
 */
export function enforceLimit(
  source: { db: Db; config: Pick<AppConfig, 'limits'>; now: () => Date },
  name: LimitName,
  key: string,
  message: string,
  now: Date = source.now(),
): Promise<void> {
  return enforce(source.db, key, source.config.limits[name], now, message);
}

/** Largest Retry-After among errors, in seconds, or null when none is a 429 with one. */
export function retryAfterOf(errors: readonly unknown[]): number | null {
  let seconds: number | null = null;
  for (const error of errors) {
    if (error instanceof TooManyRequestsError || error instanceof ServiceUnavailableError) {
      seconds = Math.max(seconds ?? 0, error.retryAfterSeconds);
    }
  }
  return seconds;
}
