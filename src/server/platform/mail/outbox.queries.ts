import { sql } from 'kysely';
import type { Db } from '../db/create-db';
import type { MailToSend } from './transport';

/**
 * Kinds whose body carries a secret (a reset link's token, a household's RSVP link). Once the mail is sent or given up, the
 * body is replaced, so a copy of the database never holds a usable link longer than the mail waits.
 */
export const SECRET_MAIL_KINDS = ['password-reset', 'rsvp-invitation', 'rsvp-reminder'] as const;
const REMOVED_BODY = '(removed after sending: this mail carried a secret link)';

const bodyAfterSending = (column: 'text_body' | 'html_body') =>
  sql<string>`CASE WHEN kind IN (${sql.join([...SECRET_MAIL_KINDS])}) THEN ${REMOVED_BODY} ELSE ${sql.ref(column)} END`;

export interface ClaimedMail extends MailToSend {
  /** The attempt this claim is; it also fences later updates to the claim that made them. */
  attempts: number;
}

const SKIPPED_REASON = 'Not sent: the user turned e-mail notifications off';

/**
 * Takes up to `limit` due rows for one worker in one short transaction: pending rows, and rows left
 * in 'sending' whose lease ran out (a worker died mid-send). SKIP LOCKED lets concurrent workers
 * take disjoint rows instead of waiting on each other. In the same transaction, notifications for
 * users who turned e-mail notifications off since the mail was queued become 'skipped', and rows
 * that already used their last attempt become 'failed'.
 */
export async function claimDueMail(
  db: Db,
  options: { now: Date; limit: number; leaseMs: number; maxAttempts: number },
): Promise<ClaimedMail[]> {
  const { now, limit, leaseMs, maxAttempts } = options;
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('mailOutbox')
      .select('id')
      .where('nextAttemptAt', '<=', now)
      .where((eb) =>
        eb.or([
          eb('status', '=', 'pending'),
          eb.and([eb('status', '=', 'sending'), eb('lockedUntil', '<=', now)]),
        ]),
      )
      .orderBy('nextAttemptAt')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    if (due.length === 0) return [];
    const ids = due.map((row) => row.id);

    await trx
      .updateTable('mailOutbox')
      .set({ status: 'skipped', lockedUntil: null, lastError: SKIPPED_REASON })
      .where('id', 'in', ids)
      .where('notification', '=', true)
      .where('userId', 'in', (eb) =>
        eb.selectFrom('users').select('id').where('emailNotificationsEnabled', '=', false),
      )
      .execute();

    await trx
      .updateTable('mailOutbox')
      .set({
        status: 'failed',
        lockedUntil: null,
        lastError: `Gave up after ${maxAttempts} attempts (the last one did not finish)`,
        textBody: bodyAfterSending('text_body'),
        htmlBody: bodyAfterSending('html_body'),
      })
      .where('id', 'in', ids)
      .where('status', '=', 'sending')
      .where('attempts', '>=', maxAttempts)
      .execute();

    return trx
      .updateTable('mailOutbox')
      .set((eb) => ({
        status: 'sending',
        attempts: eb('attempts', '+', 1),
        lockedUntil: new Date(now.getTime() + leaseMs),
      }))
      .where('id', 'in', ids)
      .where('status', 'in', ['pending', 'sending'])
      .returning(['id', 'kind', 'toAddress', 'subject', 'textBody', 'htmlBody', 'createdAt', 'attempts'])
      .execute();
  });
}

/**
 * Recorded only after the transport accepted the mail. Not fenced by the claim: if a lease ran out
 * and another worker took the row meanwhile, the mail still went out, and that is what counts.
 */
export async function markSent(db: Db, id: string, now: Date): Promise<void> {
  await db
    .updateTable('mailOutbox')
    .set({
      status: 'sent',
      sentAt: now,
      lockedUntil: null,
      lastError: null,
      textBody: bodyAfterSending('text_body'),
      htmlBody: bodyAfterSending('html_body'),
    })
    .where('id', '=', id)
    .where('status', '<>', 'sent')
    .execute();
}

/** Fenced by the claim: a worker whose lease ran out must not overwrite a newer claim or a success. */
export async function markRetry(
  db: Db,
  claim: { id: string; attempts: number },
  nextAttemptAt: Date,
  error: string,
): Promise<void> {
  await db
    .updateTable('mailOutbox')
    .set({ status: 'pending', nextAttemptAt, lockedUntil: null, lastError: error })
    .where('id', '=', claim.id)
    .where('status', '=', 'sending')
    .where('attempts', '=', claim.attempts)
    .execute();
}

export async function markFailed(
  db: Db,
  claim: { id: string; attempts: number },
  error: string,
): Promise<void> {
  await db
    .updateTable('mailOutbox')
    .set({
      status: 'failed',
      lockedUntil: null,
      lastError: error,
      textBody: bodyAfterSending('text_body'),
      htmlBody: bodyAfterSending('html_body'),
    })
    .where('id', '=', claim.id)
    .where('status', '=', 'sending')
    .where('attempts', '=', claim.attempts)
    .execute();
}

/** Finished rows hold addresses and mail bodies; they are kept only long enough to look into a complaint. */
export async function deleteFinishedMail(db: Db, queuedBefore: Date): Promise<number> {
  const result = await db
    .deleteFrom('mailOutbox')
    .where('status', 'in', ['sent', 'failed', 'skipped'])
    .where('createdAt', '<', queuedBefore)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
