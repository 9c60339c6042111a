import { forgetPastVisitors } from './domains/analytics/analytics.service';
import { deleteDeadResetTokens } from './domains/auth/account.queries';
import { deleteDeadConfirmationTokens } from './domains/auth/email-confirmation';
import { deleteForgottenBackoff } from './domains/auth/login-throttle';
import { deleteExpiredSessions } from './domains/auth/sessions';
import { settleBookingClock } from './domains/bookings/bookings.jobs';
import { sendRsvpSummaries } from './domains/guests/rsvp.summary';
import { sendKashrutExpiryNotices } from './domains/kashrut/kashrut.service';
import type { Db } from './platform/db/create-db';
import { deleteExpiredIdempotencyKeys } from './platform/idempotency/idempotency.queries';
import { deleteEndedWindows } from './platform/limits/rate-limit';
import { deleteOldLiveEvents } from './platform/live/live-events';

/**
 * What is due by the clock besides deletions: owners told 30 days before their kashrut certificate
 * expires (once per expiry date; decision 038), and the daily summary of new RSVP answers to the
 * families (decision 043). Only when the sweep knows the site's address, for the mails' links.
 */
async function timedNotices(deps: { db: Db; now: () => Date; appUrl?: string }) {
  if (!deps.appUrl) return {};
  return {
    kashrutExpiryNotices: await sendKashrutExpiryNotices({ ...deps, appUrl: deps.appUrl }),
    rsvpSummaries: await sendRsvpSummaries({ ...deps, appUrl: deps.appUrl }),
  };
}

/**
 * Removes rows that only age: ended sessions, closed limit windows, quiet sign-in backoffs, dead reset
 * links, create answers kept past their 24 hours, live events past their replay window, and the
 * visitor hashes and salts of past days (kept no longer than their day needs them, decision 014).
 * It also stores what the clock changes by itself: quotes past their valid-until expire and bookings
 * past their day complete (the reads show both already; `appUrl` is for the mails that tell the parties).
 */
export async function sweepExpiredRows(deps: { db: Db; now: () => Date; appUrl?: string }) {
  const now = deps.now();
  return {
    ...(await timedNotices(deps)),
    sessions: await deleteExpiredSessions(deps.db, now),
    rateLimits: await deleteEndedWindows(deps.db, now),
    loginBackoff: await deleteForgottenBackoff(deps.db, now),
    resetTokens: await deleteDeadResetTokens(deps.db, now),
    confirmationTokens: await deleteDeadConfirmationTokens(deps.db, now),
    idempotencyKeys: await deleteExpiredIdempotencyKeys(deps.db, now),
    liveEvents: await deleteOldLiveEvents(deps.db, now),
    ...(await forgetPastVisitors(deps.db, now)),
    ...(await settleBookingClock(deps.db, now, deps.appUrl)),
  };
}
