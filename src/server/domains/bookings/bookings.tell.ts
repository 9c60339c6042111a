import { sql } from 'kysely';
import type { NotificationAbout } from '../../../shared/coded-sentences';
import type { ThreadSide } from '../../../shared/schemas/messages';
import type { Db } from '../../platform/db/create-db';
import type { BookingAction } from '../../platform/db/types';
import type { NewLiveEvent } from '../../platform/live/live-events';
import { enqueueMail, type MailContent } from '../../platform/mail/outbox';
import { threadLink } from '../messages/messages.delivery';
import { notify } from '../notifications/notifications.service';
import type { BookingMailRecipient } from './bookings.mails';

/** One change told to one party of a request. */
export interface Telling {
  /** Null while nobody owns the listing: nobody to tell. */
  userId: string | null;
  side: ThreadSide;
  threadId: string | null;
  /** What the bell item says (its English title and line are made from it). */
  about: NotificationAbout;
  /** The line when `about` writes none: the other party's reason, or a name. */
  body?: string;
  /** The mail, written in the party's language, with its button to `url` (bookings.mails.ts). */
  mail: (to: BookingMailRecipient) => MailContent;
}

/**
 * Tells a party about a change of a quote or booking, as messages do: a bell item of kind 'booking'
 * (one unread item per conversation, updated by the next), a mail in the party's language through the
 * outbox (skipped for those who turned e-mail notifications off), and live events for the bell and the conversation's
 * quote cards. Returns the live events to append last in the transaction.
 */
export async function tellParty(trx: Db, t: Telling, appUrl: string): Promise<NewLiveEvent[]> {
  if (!t.userId) return [];
  const user = await trx
    .selectFrom('users')
    .select(['email', 'name', 'role', 'language'])
    .where('id', '=', t.userId)
    .executeTakeFirst();
  if (!user) return [];
  const link = t.threadId
    ? threadLink(user.role, t.threadId)
    : t.side === 'vendor'
      ? '/vendor-dashboard?tab=bookings'
      : '/events';
  const events: NewLiveEvent[] = [
    await notify(trx, {
      userId: t.userId,
      kind: 'booking',
      about: t.about,
      ...(t.body === undefined ? {} : { body: t.body }),
      link,
      threadId: t.threadId,
    }),
  ];
  if (t.threadId) events.push({ userId: t.userId, kind: 'thread', ref: { threadId: t.threadId } });
  await enqueueMail(trx, {
    kind: 'booking',
    to: user.email,
    userId: t.userId,
    notification: true,
    ...t.mail({ name: user.name, url: `${appUrl}${link}`, language: user.language }),
  });
  return events;
}

/**
 * A row of the history both sides read, stamped with the time of the change (`at`: the procedure's
 * clock, so the demo's past bookings read their own dates). A row is never stamped before the
 * request's previous row: two rows of one change (a quote withdrawn, then its successor sent) keep
 * their order, a microsecond apart.
 */
export async function writeHistory(
  trx: Db,
  {
    at,
    ...row
  }: {
    requestId: string;
    quoteId: string | null;
    bookingId?: string | null;
    actorId: string | null;
    actorSide: ThreadSide | 'system';
    action: BookingAction;
    reason?: string | null;
    at: Date;
  },
): Promise<void> {
  await trx
    .insertInto('bookingHistory')
    .values({
      ...row,
      bookingId: row.bookingId ?? null,
      reason: row.reason ?? null,
      createdAt: sql<Date>`greatest(${at.toISOString()}::timestamptz, (
        select max(h.created_at) + interval '1 microsecond' from booking_history h
        where h.request_id = ${row.requestId}
      ))`,
    })
    .execute();
}
