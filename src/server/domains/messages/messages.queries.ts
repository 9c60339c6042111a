import { sql } from 'kysely';
import type { z } from 'zod';
import type { Role } from '../../../shared/constants';
import {
  type AttachmentDto,
  MESSAGING_LIMITS,
  type MessageDto,
  type ThreadSide,
  type ThreadSummaryDto,
  type threadRequestDto,
} from '../../../shared/schemas/messages';
import type { Db } from '../../platform/db/create-db';
import { attachmentUrl } from '../attachments/attachments.queries';

/** Attachments of the given messages, by message id, in upload order. */
export async function attachmentsOfMessages(
  db: Db,
  messageIds: readonly string[],
): Promise<Map<string, AttachmentDto[]>> {
  const byMessage = new Map<string, AttachmentDto[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .selectFrom('attachments')
    .select(['id', 'messageId', 'name', 'contentType', 'bytes'])
    .where('messageId', 'in', messageIds)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const list = byMessage.get(row.messageId as string) ?? [];
    list.push({
      id: row.id,
      name: row.name,
      contentType: row.contentType,
      bytes: row.bytes,
      url: attachmentUrl(row.id),
    });
    byMessage.set(row.messageId as string, list);
  }
  return byMessage;
}

/** The columns a MessageDto is made of; `sender_side` from who the thread's customer is. */
export function messageRows(db: Db) {
  return db
    .selectFrom('messages as m')
    .innerJoin('messageThreads as t', 't.id', 'm.threadId')
    .select([
      'm.id',
      'm.threadId',
      'm.senderId',
      'm.receiverId',
      sql<'customer' | 'vendor'>`case when m.sender_id = t.customer_id then 'customer' else 'vendor' end`.as(
        'senderSide',
      ),
      'm.messageText',
      'm.about',
      'm.messageType',
      'm.status',
      'm.seenAt',
      'm.createdAt',
    ]);
}

type MessageRow = Awaited<ReturnType<ReturnType<typeof messageRows>['execute']>>[number];

/** Rows as the viewer sees them (`mine`), with their attachments. */
export async function toMessageDtos(db: Db, viewerId: string, rows: MessageRow[]): Promise<MessageDto[]> {
  const attachments = await attachmentsOfMessages(
    db,
    rows.map((r) => r.id),
  );
  return rows.map(({ about, ...r }) => ({
    ...r,
    // Only on a message the server wrote: people's own messages have none.
    ...(about ? { about } : {}),
    mine: r.senderId === viewerId,
    attachments: attachments.get(r.id) ?? [],
  }));
}

/**
 * Messages by id as the viewer sees them, of threads the viewer is a party of now (their customer,
 * or the owner of the listing): ids that do not exist, and messages of a listing the viewer no
 * longer owns, are left out.
 */
export async function messageDtosByIds(
  db: Db,
  viewerId: string,
  ids: readonly string[],
): Promise<MessageDto[]> {
  if (ids.length === 0) return [];
  const rows = await messageRows(db)
    .innerJoin('vendors as v', 'v.id', 't.vendorId')
    .where('m.id', 'in', ids)
    .where(sql<boolean>`(t.customer_id = ${viewerId} or v.owner_id = ${viewerId})`)
    .orderBy('m.createdAt')
    .orderBy('m.id')
    .execute();
  return toMessageDtos(db, viewerId, rows);
}

/**
 * Unread messages over all the user's threads, each counted for the user's side of it: the threads
 * they are the customer of, and the threads of every listing they own (a customer account may own
 * one too). Partial indexes on the unread counters keep this to the threads that have something
 * unread. Admins take part in no thread.
 */
export async function unreadMessageCount(db: Db, user: { id: string; role: Role }): Promise<number> {
  const query = unreadCountQuery(db, user);
  if (!query) return 0;
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The sum behind unreadMessageCount; null for admins. Exported for the plan check in the tests. */
export function unreadCountQuery(db: Db, user: { id: string; role: Role }) {
  if (user.role === 'admin') return null;
  const asCustomer = db
    .selectFrom('messageThreads')
    .select(sql<string>`coalesce(sum(unread_by_customer), 0)`.as('n'))
    .where('customerId', '=', user.id)
    .where('unreadByCustomer', '>', 0);
  // A thread the user is also the customer of is theirs as customer (counted above).
  const asOwner = db
    .selectFrom('messageThreads as t')
    .innerJoin('vendors as v', 'v.id', 't.vendorId')
    .select(sql<string>`coalesce(sum(t.unread_by_vendor), 0)`.as('n'))
    .where('v.ownerId', '=', user.id)
    .where('t.unreadByVendor', '>', 0)
    .where('t.customerId', '<>', user.id);
  return db.selectNoFrom(sql<string>`(${asCustomer}) + (${asOwner})`.as('n'));
}

export interface ThreadParty {
  id: string;
  role: Role;
}

/** Where a page of threads starts: after the thread with this lastMessageAt (exact microseconds) and id. */
export interface ThreadsAfter {
  micros: string;
  id: string;
}

export type ThreadScope = { threadId: string } | { limit: number; after?: ThreadsAfter };

const lastMessageAtOf = (micros: string) =>
  sql<Date>`(timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond')`;

/**
 * The caller's side of a thread, from their relationship to it (never from their role): its
 * customer is on the customer side, else its listing's owner on the vendor side.
 */
function sideIn(party: ThreadParty) {
  return sql<ThreadSide>`case when t.customer_id = ${party.id} then 'customer' else 'vendor' end`;
}

/**
 * The ids of the party's threads in scope: those they are the customer of, and those of the
 * listings they own. A page is chosen before anything is joined to it: for the customer and per
 * listing the party owns, the newest `limit` threads after the cursor from the
 * (…, last_message_at desc) index, then the newest `limit` of all those. So a vendor with 20,000
 * threads reads about `limit` rows per listing, not all of them.
 */
function threadIdsInScope(db: Db, party: ThreadParty, scope: ThreadScope) {
  // Admins take part in no thread.
  const admin = party.role === 'admin';
  if ('threadId' in scope) {
    return db
      .selectFrom('messageThreads as p')
      .innerJoin('vendors as pv', 'pv.id', 'p.vendorId')
      .select('p.id')
      .where('p.id', '=', scope.threadId)
      .$if(admin, (q) => q.where(sql<boolean>`false`))
      .where(sql<boolean>`(p.customer_id = ${party.id} or pv.owner_id = ${party.id})`);
  }
  const newest = (q: ReturnType<typeof threadsFrom>) => {
    let page = q.orderBy('p.lastMessageAt', 'desc').orderBy('p.id', 'desc').limit(scope.limit);
    if (scope.after) {
      const at = lastMessageAtOf(scope.after.micros);
      // Split so that the first half is an index condition on last_message_at.
      page = page
        .where(sql<boolean>`p.last_message_at <= ${at}`)
        .where(sql<boolean>`(p.last_message_at < ${at} or p.id < ${scope.after.id}::uuid)`);
    }
    return page;
  };
  const threadsFrom = (d: Db) => d.selectFrom('messageThreads as p').select(['p.id', 'p.lastMessageAt']);
  const asCustomer = db
    .selectFrom(newest(threadsFrom(db).where('p.customerId', '=', party.id)).as('cp'))
    .select(['cp.id', 'cp.lastMessageAt']);
  const asOwner = db
    .selectFrom('vendors as ov')
    .innerJoinLateral(
      // A thread the party is also the customer of is in the other half already.
      () =>
        newest(
          threadsFrom(db).where(sql<boolean>`p.vendor_id = ov.id`).where('p.customerId', '<>', party.id),
        ).as('op'),
      (join) => join.onTrue(),
    )
    .select(['op.id', 'op.lastMessageAt'])
    .where('ov.ownerId', '=', party.id);
  return db
    .selectFrom(asCustomer.unionAll(asOwner).as('page'))
    .select('page.id')
    .$if(admin, (q) => q.where(sql<boolean>`false`))
    .orderBy('page.lastMessageAt', 'desc')
    .orderBy('page.id', 'desc')
    .limit(scope.limit);
}

/**
 * The party's threads in scope with what a summary shows: the party's side of each, the listing,
 * the customer and the newest message (a LATERAL read of messages_thread_created_idx), joined only
 * to the threads in scope: the threads the party is the customer of and every thread of every
 * listing they own, whatever their role.
 */
export function threadSummaryRows(db: Db, party: ThreadParty, scope: ThreadScope) {
  return db
    .selectFrom(threadIdsInScope(db, party, scope).as('s'))
    .innerJoin('messageThreads as t', 't.id', 's.id')
    .innerJoin('vendors as v', 'v.id', 't.vendorId')
    .innerJoin('users as c', 'c.id', 't.customerId')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('messages as m')
          .select([
            sql<string>`left(m.message_text, ${sql.lit(MESSAGING_LIMITS.previewChars)})`.as('preview'),
            'm.about as previewAbout',
            'm.senderId',
            'm.createdAt',
            'm.status',
          ])
          .whereRef('m.threadId', '=', 't.id')
          .orderBy('m.createdAt', 'desc')
          .orderBy('m.id', 'desc')
          .limit(1)
          .as('lm'),
      (join) => join.onTrue(),
    )
    .select([
      't.id',
      sideIn(party).as('side'),
      't.subject',
      't.eventType',
      sql<string | null>`to_char(t.event_date at time zone 'UTC', 'YYYY-MM-DD')`.as('eventDate'),
      't.status',
      't.vendorId',
      'v.businessName',
      'v.logoUrl',
      'v.ownerId',
      't.customerId',
      'c.name as customerName',
      't.lastMessageAt',
      // Microseconds, exact: a Date would round to milliseconds and a cursor could skip a thread.
      sql<string>`(extract(epoch from t.last_message_at) * 1000000)::bigint::text`.as('lastMessageMicros'),
      'lm.preview',
      'lm.previewAbout',
      'lm.senderId as lastSenderId',
      'lm.createdAt as lastCreatedAt',
      'lm.status as lastStatus',
      't.unreadByCustomer',
      't.unreadByVendor',
      't.blockedBySide',
      't.blockedAt',
      't.createdAt',
    ])
    .orderBy('t.lastMessageAt', 'desc')
    .orderBy('t.id', 'desc');
}

export type ThreadSummaryRow = Awaited<ReturnType<ReturnType<typeof threadSummaryRows>['execute']>>[number];

export function toThreadSummary(row: ThreadSummaryRow): ThreadSummaryDto {
  const { side } = row;
  return {
    id: row.id,
    subject: row.subject,
    eventType: row.eventType,
    eventDate: row.eventDate,
    status: row.status,
    side,
    vendor: {
      id: row.vendorId,
      businessName: row.businessName,
      logoUrl: row.logoUrl,
      managed: row.ownerId !== null,
    },
    customer: { id: row.customerId, name: row.customerName },
    lastMessageAt: row.lastMessageAt,
    lastMessage:
      row.lastCreatedAt && row.lastStatus && row.preview !== null
        ? {
            preview: row.preview,
            ...(row.previewAbout ? { about: row.previewAbout } : {}),
            senderSide: row.lastSenderId === row.customerId ? 'customer' : 'vendor',
            createdAt: row.lastCreatedAt,
            status: row.lastStatus,
          }
        : null,
    unreadCount: side === 'customer' ? row.unreadByCustomer : row.unreadByVendor,
    blocked: row.blockedBySide && row.blockedAt ? { bySide: row.blockedBySide, at: row.blockedAt } : null,
    createdAt: row.createdAt,
  };
}

/** The availability request a thread was born of, if any. */
export async function requestOfThread(
  db: Db,
  threadId: string,
): Promise<z.infer<typeof threadRequestDto> | null> {
  const row = await db
    .selectFrom('availabilityRequests')
    .select([
      'id',
      'eventType',
      sql<string>`to_char(event_date at time zone 'UTC', 'YYYY-MM-DD')`.as('eventDate'),
      'eventTime',
      'guestCount',
      'budgetMin',
      'budgetMax',
      'city',
      'hasConflict',
      'conflictReason',
      'conflictLevel',
      'conflictMessage',
      'conflictAbout',
      'status',
      'respondedAt',
    ])
    .where('threadId', '=', threadId)
    .orderBy('createdAt')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/** A page of a thread's messages, newest first from `before` (exclusive); one more than asked tells if more exist. */
export function threadMessagesPage(db: Db, threadId: string, before: string | undefined, limit: number) {
  let q = messageRows(db)
    .where('m.threadId', '=', threadId)
    .orderBy('m.createdAt', 'desc')
    .orderBy('m.id', 'desc')
    .limit(limit);
  if (before) {
    q = q.where(
      sql<boolean>`(m.created_at, m.id) < (select b.created_at, b.id from messages b where b.id = ${before})`,
    );
  }
  return q.execute();
}
