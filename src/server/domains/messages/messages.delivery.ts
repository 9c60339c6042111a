import { TRPCError } from '@trpc/server';
import { type Insertable, sql } from 'kysely';
import type { MessageAbout } from '../../../shared/coded-sentences';
import type { Role } from '../../../shared/constants';
import { MESSAGING_LIMITS, MESSAGING_MESSAGES, type ThreadSide } from '../../../shared/schemas/messages';
import { clipText } from '../../../shared/text';
import type { Db } from '../../platform/db/create-db';
import { inTransaction } from '../../platform/db/transaction';
import type { MessageThreadsTable } from '../../platform/db/types';
import type { NewLiveEvent } from '../../platform/live/live-events';
import { enqueueMail } from '../../platform/mail/outbox';
import { linkAttachments } from '../attachments/attachments.queries';
import { notify } from '../notifications/notifications.service';
import { businessMinutesBetween, listingClock } from '../observance/business-hours';
import { newMessageMail } from './messages.mails';

/**
 * Where a user opens a thread in the app: vendor accounts on their dashboard, everyone else on
 * /messages (a customer account may own a listing too, and reads its threads there).
 */
export function threadLink(role: Role, threadId: string): string {
  return role === 'vendor'
    ? `/vendor-dashboard?tab=messages&thread=${threadId}`
    : `/messages?thread=${threadId}`;
}

export const otherSide = (side: ThreadSide): ThreadSide => (side === 'customer' ? 'vendor' : 'customer');

/**
 * Whom a party's report of a thread is against: the other party as the thread stands when it is
 * filed (the listing's owner then, null while nobody owns it), never whoever owns it later.
 */
export function reportedPartyOf(thread: { customerId: string; ownerId: string | null }, reporterId: string) {
  return reporterId === thread.customerId ? thread.ownerId : thread.customerId;
}

/** The reported party's messages a report keeps (the newest): enough to read, bounded for a long thread. */
export const REPORTED_MESSAGES_KEPT = 100;

/**
 * Files a report, with whom it is against and the messages it is about (that party's in the thread
 * so far), in one transaction. Null when the reporter has an open report on the thread already (the
 * partial unique index decides, also under races).
 */
export async function fileThreadReport(
  db: Db,
  report: {
    threadId: string;
    reporterId: string;
    reportedId: string | null;
    reason: string;
    createdAt?: Date;
  },
): Promise<{ id: string; createdAt: Date } | null> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('threadReports')
      .values(report)
      .onConflict((oc) => oc.columns(['threadId', 'reporterId']).where('status', '=', 'open').doNothing())
      .returning(['id', 'createdAt'])
      .executeTakeFirst();
    if (!row || report.reportedId === null) return row ?? null;
    await trx
      .insertInto('threadReportMessages')
      .columns(['reportId', 'messageId'])
      .expression(
        trx
          .selectFrom('messages')
          .select([sql<string>`${row.id}::uuid`.as('reportId'), 'id as messageId'])
          .where('threadId', '=', report.threadId)
          .where('senderId', '=', report.reportedId)
          .orderBy('createdAt', 'desc')
          .limit(REPORTED_MESSAGES_KEPT),
      )
      .execute();
    return row;
  });
}

/**
 * Refuses a customer's message to a listing whose side blocked them in any thread (a new thread, a
 * conversation or an availability request, or a reply in another of their threads): a vendor's block
 * holds for the customer and the listing, not just for one conversation, until every such block is
 * lifted. Reads the partial index message_threads_vendor_blocks_idx.
 */
export async function refuseWhenListingBlocked(trx: Db, customerId: string, vendorId: string): Promise<void> {
  const blocked = await trx
    .selectFrom('messageThreads')
    .select('id')
    .where('customerId', '=', customerId)
    .where('vendorId', '=', vendorId)
    // A literal, so that the planner matches the partial index whatever plan it makes.
    .where('blockedBySide', '=', sql.lit('vendor'))
    .limit(1)
    .executeTakeFirst();
  if (blocked) throw new TRPCError({ code: 'FORBIDDEN', message: MESSAGING_MESSAGES.theyBlocked });
}

/**
 * The listing a customer opens a new thread with (a conversation or an availability request): one
 * an admin has hidden takes no new threads and answers as if it did not exist (`notFound`), while
 * the threads already open with it go on.
 */
export async function listingForNewThread(trx: Db, vendorId: string, notFound: string) {
  const vendor = await trx
    .selectFrom('vendors')
    .select(['id', 'businessName', 'ownerId', 'latitude', 'longitude', 'timeZone', 'city', 'country'])
    .where('id', '=', vendorId)
    .where('hidden', '=', false)
    .executeTakeFirst();
  if (!vendor) throw new TRPCError({ code: 'NOT_FOUND', message: notFound });
  return vendor;
}

/** The thread a message is posted in, as read under its row lock (or just created). */
export interface ThreadForPost {
  id: string;
  customerId: string;
  customerName: string;
  /** The listing's owner now; null while nobody has claimed it. */
  ownerId: string | null;
  businessName: string;
  unreadByCustomer: number;
  unreadByVendor: number;
}

export interface NewThreadMessage {
  thread: ThreadForPost;
  sender: { id: string; side: ThreadSide };
  /** Trimmed and checked by the input schema; for a message the server writes, the English of `about`. */
  text: string;
  /** What a message the server writes for the sender says, for each reader's language (a quote). */
  about?: MessageAbout;
  /** The sender's own unlinked uploads. */
  attachmentIds: readonly string[];
  now: Date;
  /** The app's base URL, for the link in the mail. */
  appUrl: string;
  /**
   * False when the caller tells the receiver itself (a quote: one bell item and one mail about the
   * quote, not a second pair, nor an 'answered' item, about its message). The live event that shows
   * the message is sent anyway.
   */
  tellReceiver?: boolean;
}

/** A customer's new thread with a listing and its first message. */
export interface NewThread {
  customer: { id: string; name: string };
  vendor: Awaited<ReturnType<typeof listingForNewThread>>;
  /** The thread's own columns: its subject, and the event it is about if any. */
  thread: Omit<Insertable<MessageThreadsTable>, 'vendorId' | 'customerId' | 'lastMessageAt'>;
  text: string;
  attachmentIds: readonly string[];
  now: Date;
  appUrl: string;
}

/**
 * Opens a thread between a customer and a listing and posts the customer's first message in it
 * (postMessage), with nothing unread on either side before it.
 */
export async function openThread(
  trx: Db,
  n: NewThread,
): Promise<{ threadId: string; messageId: string; events: NewLiveEvent[] }> {
  const { customer, vendor, now } = n;
  const { id: threadId } = await trx
    .insertInto('messageThreads')
    .values({ ...n.thread, vendorId: vendor.id, customerId: customer.id, lastMessageAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { messageId, events } = await postMessage(trx, {
    thread: {
      id: threadId,
      customerId: customer.id,
      customerName: customer.name,
      ownerId: vendor.ownerId,
      businessName: vendor.businessName,
      unreadByCustomer: 0,
      unreadByVendor: 0,
    },
    sender: { id: customer.id, side: 'customer' },
    text: n.text,
    attachmentIds: n.attachmentIds,
    now,
    appUrl: n.appUrl,
  });
  return { threadId, messageId, events };
}

/**
 * Posts a message in a thread: the message with its attachments, the thread's last-message time
 * and the receiver side's unread counter (one UPDATE), the vendor's answer to the thread's
 * availability request, and the receiver's notification and mail. Returns the live events to
 * append, last in the transaction, with any others of it.
 */
export async function postMessage(
  trx: Db,
  m: NewThreadMessage,
): Promise<{ messageId: string; events: NewLiveEvent[] }> {
  const { thread, sender, text, now } = m;
  const receiverSide = otherSide(sender.side);
  // An unclaimed listing has nobody to receive: the message waits for whoever claims it.
  const receiverId = receiverSide === 'customer' ? thread.customerId : thread.ownerId;
  const { id: messageId } = await trx
    .insertInto('messages')
    .values({
      threadId: thread.id,
      senderId: sender.id,
      receiverId,
      messageText: text,
      about: m.about ? JSON.stringify(m.about) : null,
      createdAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (m.attachmentIds.length > 0) {
    await linkAttachments(trx, {
      uploaderId: sender.id,
      ids: [...m.attachmentIds],
      threadId: thread.id,
      messageId,
    });
  }
  // Never backwards, should another process's clock run a little behind.
  const lastMessageAt = sql<Date>`greatest(last_message_at, ${now})`;
  await trx
    .updateTable('messageThreads')
    .set(
      receiverSide === 'customer'
        ? { lastMessageAt, unreadByCustomer: sql<number>`unread_by_customer + 1` }
        : { lastMessageAt, unreadByVendor: sql<number>`unread_by_vendor + 1` },
    )
    .where('id', '=', thread.id)
    .execute();

  const ref = { threadId: thread.id, messageId };
  // The sender's other tabs show it too.
  const events: NewLiveEvent[] = [{ userId: sender.id, kind: 'message', ref }];
  const senderName = sender.side === 'customer' ? thread.customerName : thread.businessName;
  const preview = clipText(text, MESSAGING_LIMITS.previewChars);
  if (receiverId) {
    events.push({ userId: receiverId, kind: 'message', ref });
  }
  if (receiverId && m.tellReceiver !== false) {
    const receiver = await trx
      .selectFrom('users')
      .select(['email', 'name', 'role', 'language'])
      .where('id', '=', receiverId)
      .executeTakeFirst();
    const link = threadLink(receiver?.role ?? (receiverSide === 'vendor' ? 'vendor' : 'customer'), thread.id);
    events.push(
      await notify(trx, {
        userId: receiverId,
        kind: 'message',
        about: { code: 'message.new', params: { sender: senderName } },
        body: preview,
        link,
        threadId: thread.id,
      }),
    );
    // One mail per thread while the receiver has not read it: later messages only add to the count.
    const unreadBefore = receiverSide === 'customer' ? thread.unreadByCustomer : thread.unreadByVendor;
    if (unreadBefore === 0 && receiver) {
      await enqueueMail(trx, {
        kind: 'new-message',
        to: receiver.email,
        userId: receiverId,
        notification: true,
        ...newMessageMail({
          name: receiver.name,
          senderName,
          preview: clipText(text, 1000),
          conversationUrl: `${m.appUrl}${link}`,
          language: receiver.language,
        }),
      });
    }
  }
  if (sender.side === 'vendor') {
    // The vendor's first message in a thread born of an availability request answers it, and
    // records how long that took in business minutes of the listing's time zone (Shabbat and Yom
    // Tov left out), which SQL cannot compute: the open requests are read first.
    const open = await trx
      .selectFrom('availabilityRequests as r')
      .innerJoin('vendors as v', 'v.id', 'r.vendorId')
      .select(['r.id', 'r.createdAt', 'v.latitude', 'v.longitude', 'v.timeZone', 'v.city', 'v.state'])
      .where('r.threadId', '=', thread.id)
      .where('r.status', 'in', ['sent', 'pending'])
      .execute();
    let answered = 0;
    for (const request of open) {
      const responseMinutes = businessMinutesBetween(request.createdAt, now, listingClock(request));
      const updated = await trx
        .updateTable('availabilityRequests')
        .set({
          status: 'responded',
          response: text,
          responseAbout: m.about ? JSON.stringify(m.about) : null,
          respondedAt: now,
          responseMinutes,
        })
        .where('id', '=', request.id)
        // Still open: a concurrent answer that got there first keeps its minutes.
        .where('status', 'in', ['sent', 'pending'])
        .returning('id')
        .execute();
      answered += updated.length;
    }
    if (answered > 0 && m.tellReceiver !== false) {
      events.push(
        await notify(trx, {
          userId: thread.customerId,
          kind: 'request_answered',
          about: { code: 'request.answered', params: { business: thread.businessName } },
          body: preview,
          // Only customer accounts are the customer of a thread (they alone start one).
          link: threadLink('customer', thread.id),
          threadId: thread.id,
        }),
      );
    }
  }
  return { messageId, events };
}
