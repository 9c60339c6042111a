import { sql } from 'kysely';
import { HTTP_MESSAGES } from '../../../shared/http-messages';
import { MESSAGES } from '../../../shared/schemas/auth';
import type { Db } from '../../platform/db/create-db';
import type { AppConfig } from '../../platform/env';
import { consume, refund, TooManyRequestsError, waitPhrase } from '../../platform/limits/rate-limit';
import { sha256Hex } from '../../platform/tokens';
import { knownDeviceFor } from './known-devices';

/**
 * Backoff per account: the first attempts are free; from the fifth on, each attempt makes the next one
 * wait, 30 s doubling up to 15 minutes. An attempt is reserved before the password is checked, so a
 * burst of concurrent guesses meets the wait as soon as the fifth is reserved. Nothing is ever locked
 * for good: after each wait one more attempt goes through, and a quiet hour forgets everything.
 */
export const ACCOUNT_BACKOFF = {
  freeAttempts: 5,
  firstDelayMs: 30_000,
  maxDelayMs: 15 * 60_000,
  forgetAfterMs: 60 * 60_000,
} as const;

/** Identifies the account by its normalized email, hashed so the table holds no addresses. */
export function accountKey(email: string): string {
  return `account:${sha256Hex(email.trim().toLowerCase())}`;
}

function addressKey(ip: string): string {
  return `login:ip:${ip}`;
}

function tooManyAttempts(retryAfterMs: number): TooManyRequestsError {
  return new TooManyRequestsError(
    HTTP_MESSAGES.retryIn(MESSAGES.tooManySignIns, waitPhrase(retryAfterMs)),
    retryAfterMs,
  );
}

/**
 * Reserves one attempt on an account in a single statement. The upsert holds the key's row lock
 * while it decides, so concurrent reservations, from any process, see each other's counts.
 * Returns the wait in milliseconds when refused; a refused attempt changes nothing.
 */
export async function reserveAccountAttempt(
  db: Db,
  key: string,
  now: Date,
): Promise<{ allowed: true } | { allowed: false; retryAfterMs: number }> {
  const { freeAttempts, firstDelayMs, maxDelayMs, forgetAfterMs } = ACCOUNT_BACKOFF;
  const forgetBefore = new Date(now.getTime() - forgetAfterMs);
  // The exponent is capped well past the point where maxDelayMs wins, so it never overflows.
  const { rows } = await sql<{ attempts: number }>`
    INSERT INTO login_backoff AS b (key, attempts, last_attempt_at, blocked_until)
    VALUES (${key}, 1, ${now}, NULL)
    ON CONFLICT (key) DO UPDATE SET
      attempts = CASE WHEN b.last_attempt_at <= ${forgetBefore} THEN 1 ELSE b.attempts + 1 END,
      last_attempt_at = ${now},
      blocked_until = CASE
        WHEN b.last_attempt_at > ${forgetBefore} AND b.attempts + 1 >= ${freeAttempts}::integer
        THEN ${now}::timestamptz + least(
          ${firstDelayMs}::double precision * power(2, least(b.attempts + 1 - ${freeAttempts}::integer, 20)),
          ${maxDelayMs}::double precision
        ) * interval '1 millisecond'
        ELSE NULL
      END
    WHERE b.last_attempt_at <= ${forgetBefore} OR b.blocked_until IS NULL OR b.blocked_until <= ${now}
    RETURNING attempts`.execute(db);
  if (rows.length > 0) return { allowed: true };
  const row = await db
    .selectFrom('loginBackoff')
    .select('blockedUntil')
    .where('key', '=', key)
    .executeTakeFirst();
  const until = row?.blockedUntil ? new Date(row.blockedUntil).getTime() : now.getTime();
  return { allowed: false, retryAfterMs: Math.max(1000, until - now.getTime()) };
}

export interface SignInAttempt {
  /** The password was right: forget the account's failures and give the address its allowance back. */
  succeeded(): Promise<void>;
  /** Hash of the caller's device cookie when this browser signed in to the account before. */
  knownDevice: string | null;
}

/**
 * Reserves a password check for an account from an address, or throws a 429 with Retry-After.
 * The address ceiling counts failures only: attempts the account's backoff refuses, and attempts that
 * succeed, are given back, so one hammered account or one family on shared Wi-Fi never uses up the
 * allowance of everyone else behind the same address. An attempt that is neither refused nor
 * succeeded stays counted as a failure, whatever made it fail.
 *
 * The ceiling is for strangers. A browser that signed in to this account before, and a signed-in
 * user confirming their own password (`signedIn`), pass it: behind a school's or a shul's shared
 * address, one person spraying guesses must not lock everyone else out of their own accounts. The
 * account's own backoff still holds for them.
 */
export async function beginSignInAttempt(
  deps: { db: Db; config: AppConfig; now: () => Date; deviceCookie?: { token: string | null } },
  email: string,
  ip: string,
  options: { signedIn?: boolean } = {},
): Promise<SignInAttempt> {
  const { db } = deps;
  const now = deps.now();
  const address = addressKey(ip);

  // A browser that signed in to this account before has a backoff of its own: guesses from
  // anywhere else fill the account's shared backoff and cannot keep the owner out.
  const knownDevice = await knownDeviceFor(db, email, deps.deviceCookie?.token ?? null);
  const stranger = knownDevice === null && !options.signedIn;
  if (stranger) {
    const byAddress = await consume(db, address, deps.config.limits.loginFailuresPerAddress, now);
    if (!byAddress.allowed) throw tooManyAttempts(byAddress.retryAfterMs);
  }

  const key = knownDevice ? `${accountKey(email)}:device:${knownDevice.slice(0, 32)}` : accountKey(email);
  const byAccount = await reserveAccountAttempt(db, key, now);
  if (!byAccount.allowed) {
    if (stranger) await refund(db, address, now);
    throw tooManyAttempts(byAccount.retryAfterMs);
  }

  return {
    knownDevice,
    async succeeded() {
      if (stranger) await refund(db, address, deps.now());
      // From a known browser only its own count is forgotten; the shared one keeps slowing the guesser.
      await clearBackoff(db, key);
    },
  };
}

async function clearBackoff(db: Db, key: string): Promise<void> {
  await db.deleteFrom('loginBackoff').where('key', '=', key).execute();
}

/** Forgets an account's shared failed attempts (after a password reset by mail). */
export function clearAccountBackoff(db: Db, email: string): Promise<void> {
  return clearBackoff(db, accountKey(email));
}

/** Drops accounts that have been quiet long enough to be forgotten. */
export async function deleteForgottenBackoff(db: Db, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('loginBackoff')
    .where('lastAttemptAt', '<=', new Date(now.getTime() - ACCOUNT_BACKOFF.forgetAfterMs))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
