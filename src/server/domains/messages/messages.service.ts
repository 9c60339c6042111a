import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { UserDto } from '../../../shared/schemas/auth';
import {
  type ConversationDto,
  type conversationInput,
  MESSAGING_LIMITS,
  MESSAGING_MESSAGES,
  type MessageDto,
  type replyInput,
  type reportInput,
  type startThreadInput,
  type ThreadSide,
  type threadsDto,
  type threadsInput,
} from '../../../shared/schemas/messages';
import type { Db } from '../../platform/db/create-db';
import { inTransaction } from '../../platform/db/transaction';
import { enforceLimit } from '../../platform/limits/rate-limit';
import { appendLiveEvents, type NewLiveEvent } from '../../platform/live/live-events';
import type { Context, CurrentSession } from '../../platform/trpc/context';
import { readThreadNotifications } from '../notifications/notifications.service';
import {
  fileThreadReport,
  listingForNewThread,
  openThread,
  postMessage,
  refuseWhenListingBlocked,
  reportedPartyOf,
  type ThreadForPost,
} from './messages.delivery';
import {
  messageDtosByIds,
  requestOfThread,
  threadMessagesPage,
  threadSummaryRows,
  toMessageDtos,
  toThreadSummary,
  unreadMessageCount,
} from './messages.queries';

/** A procedure's context once the session check passed. */
export type SignedInContext = Context & { user: UserDto; session: CurrentSession };

const threadNotFound = () => new TRPCError({ code: 'NOT_FOUND', message: MESSAGING_MESSAGES.threadNotFound });
const messageNotFound = () =>
  new TRPCError({ code: 'NOT_FOUND', message: MESSAGING_MESSAGES.messageNotFound });

const INVALID_CURSOR = MESSAGING_MESSAGES.invalidCursor;

/** Opaque to clients: the last thread's lastMessageAt (exact microseconds) and id. */
function encodeCursor(micros: string, id: string): string {
  return Buffer.from(`${micros}_${id}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): { micros: string; id: string } {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^(\d{1,17})_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(text);
  if (!match) throw new TRPCError({ code: 'BAD_REQUEST', message: INVALID_CURSOR });
  return { micros: match[1] as string, id: match[2] as string };
}

/** One page of the caller's threads and one more; exported for the plan check in the tests. */
export function threadsPageQuery(db: Db, user: UserDto, input: z.output<typeof threadsInput>) {
  return threadSummaryRows(db, user, {
    limit: input.limit + 1,
    after: input.cursor ? decodeCursor(input.cursor) : undefined,
  });
}

export async function threadsOf(
  db: Db,
  user: UserDto,
  input: z.output<typeof threadsInput>,
): Promise<z.infer<typeof threadsDto>> {
  const rows = await threadsPageQuery(db, user, input).execute();
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    threads: page.map(toThreadSummary),
    nextCursor: rows.length > input.limit && last ? encodeCursor(last.lastMessageMicros, last.id) : null,
  };
}

function replyState(blockedBySide: ThreadSide | null, side: ThreadSide) {
  if (blockedBySide === null) return { canReply: true, cannotReplyReason: null };
  return {
    canReply: false,
    cannotReplyReason:
      blockedBySide === side ? MESSAGING_MESSAGES.youBlocked : MESSAGING_MESSAGES.theyBlocked,
  };
}

/** The thread as its party sees it, with the request it was born of and whether they may write. */
async function threadDetail(db: Db, user: UserDto, threadId: string): Promise<ConversationDto['thread']> {
  const row = await threadSummaryRows(db, user, { threadId }).executeTakeFirst();
  if (!row) throw threadNotFound();
  return {
    ...toThreadSummary(row),
    request: await requestOfThread(db, threadId),
    ...replyState(row.blockedBySide, row.side),
  };
}

export async function conversationOf(
  db: Db,
  user: UserDto,
  input: z.output<typeof conversationInput>,
): Promise<ConversationDto> {
  const thread = await threadDetail(db, user, input.threadId);
  if (input.before) {
    const anchor = await db
      .selectFrom('messages')
      .select('id')
      .where('id', '=', input.before)
      .where('threadId', '=', input.threadId)
      .executeTakeFirst();
    if (!anchor) throw messageNotFound();
  }
  const page = MESSAGING_LIMITS.conversationPage;
  const rows = await threadMessagesPage(db, input.threadId, input.before, page + 1);
  const messages = await toMessageDtos(db, user.id, rows.slice(0, page).reverse());
  return { thread, messages, hasMoreBefore: rows.length > page };
}

type PartyThread = ThreadForPost & { vendorId: string; side: ThreadSide; blockedBySide: ThreadSide | null };

/**
 * The thread if the user is one of its parties, else 404 (whether it exists is nobody else's
 * business), with the user's side of it: its customer is on the customer side, else its listing's
 * owner on the vendor side, whatever their role (a customer account may own a listing). `lock`
 * takes its row lock, which orders writers of the same thread.
 */
async function partyThread(db: Db, user: UserDto, threadId: string, lock: boolean): Promise<PartyThread> {
  // Admins take part in no thread.
  if (user.role === 'admin') throw threadNotFound();
  let q = db
    .selectFrom('messageThreads as t')
    .innerJoin('vendors as v', 'v.id', 't.vendorId')
    .innerJoin('users as c', 'c.id', 't.customerId')
    .select([
      't.id',
      't.customerId',
      't.vendorId',
      'c.name as customerName',
      'v.ownerId',
      'v.businessName',
      't.unreadByCustomer',
      't.unreadByVendor',
      't.blockedBySide',
    ])
    .where('t.id', '=', threadId)
    .where((eb) => eb.or([eb('t.customerId', '=', user.id), eb('v.ownerId', '=', user.id)]));
  if (lock) q = q.forUpdate('t');
  const row = await q.executeTakeFirst();
  if (!row) throw threadNotFound();
  return { ...row, side: sideOfParty(row, user.id) };
}

/** The user's side of a thread they are a party of: its customer first, else its listing's owner. */
function sideOfParty(thread: { customerId: string }, userId: string): ThreadSide {
  return thread.customerId === userId ? 'customer' : 'vendor';
}

/** Both parties' user ids (the vendor side only while someone owns the listing). */
function partiesOf(thread: { customerId: string; ownerId: string | null }): string[] {
  return thread.ownerId ? [thread.customerId, thread.ownerId] : [thread.customerId];
}

function refuseWhenBlocked(thread: PartyThread): void {
  if (thread.blockedBySide === null) return;
  throw new TRPCError({
    code: 'FORBIDDEN',
    message:
      thread.blockedBySide === thread.side ? MESSAGING_MESSAGES.youBlocked : MESSAGING_MESSAGES.theyBlocked,
  });
}

const limitMessages = (ctx: SignedInContext, now: Date) =>
  enforceLimit(ctx, 'messages', `messages:user:${ctx.user.id}`, MESSAGING_MESSAGES.tooMany, now);

export async function reply(ctx: SignedInContext, input: z.output<typeof replyInput>): Promise<MessageDto> {
  const now = ctx.now();
  await limitMessages(ctx, now);
  return inTransaction(ctx.db, async (trx) => {
    // Locked before the block is read: a block committed meanwhile is seen, not raced.
    const thread = await partyThread(trx, ctx.user, input.threadId, true);
    refuseWhenBlocked(thread);
    // A vendor's block is of the person: it holds in every thread between them, not just its own.
    if (thread.side === 'customer') await refuseWhenListingBlocked(trx, thread.customerId, thread.vendorId);
    const { messageId, events } = await postMessage(trx, {
      thread,
      sender: { id: ctx.user.id, side: thread.side },
      text: input.messageText,
      attachmentIds: input.attachmentIds,
      now,
      appUrl: ctx.config.appUrl,
    });
    const [message] = await messageDtosByIds(trx, ctx.user.id, [messageId]);
    await appendLiveEvents(trx, events);
    return message as MessageDto;
  });
}

export async function startThread(
  ctx: SignedInContext,
  input: z.output<typeof startThreadInput>,
): Promise<ConversationDto> {
  if (ctx.user.role !== 'customer') {
    throw new TRPCError({
      code: 'FORBIDDEN',
      message: MESSAGING_MESSAGES.customersOnly,
    });
  }
  const now = ctx.now();
  await limitMessages(ctx, now);
  return inTransaction(ctx.db, async (trx) => {
    const vendor = await listingForNewThread(trx, input.vendorId, MESSAGING_MESSAGES.vendorNotFound);
    if (vendor.ownerId === ctx.user.id) {
      throw new TRPCError({ code: 'FORBIDDEN', message: MESSAGING_MESSAGES.ownListing });
    }
    await refuseWhenListingBlocked(trx, ctx.user.id, vendor.id);
    const { threadId, events } = await openThread(trx, {
      customer: ctx.user,
      vendor,
      thread: { subject: input.subject },
      text: input.messageText,
      attachmentIds: input.attachmentIds,
      now,
      appUrl: ctx.config.appUrl,
    });
    const conversation = await conversationOf(trx, ctx.user, { threadId });
    await appendLiveEvents(trx, events);
    return conversation;
  });
}

/** Sets the side's unread counter of the thread, never below 0, and returns it. */
async function lowerUnread(trx: Db, threadId: string, side: ThreadSide, by: number | 'all'): Promise<number> {
  const column = side === 'customer' ? sql.ref('unread_by_customer') : sql.ref('unread_by_vendor');
  const value = by === 'all' ? sql<number>`0` : sql<number>`greatest(0, ${column} - ${by})`;
  const row = await trx
    .updateTable('messageThreads')
    .set(side === 'customer' ? { unreadByCustomer: value } : { unreadByVendor: value })
    .where('id', '=', threadId)
    .returning(['unreadByCustomer', 'unreadByVendor'])
    .executeTakeFirstOrThrow();
  return side === 'customer' ? row.unreadByCustomer : row.unreadByVendor;
}

export async function markMessageSeen(
  ctx: SignedInContext,
  messageId: string,
): Promise<{ message: MessageDto; unreadCount: number }> {
  const { user } = ctx;
  const result = await inTransaction(ctx.db, async (trx) => {
    const found = await trx
      .selectFrom('messages as m')
      .innerJoin('messageThreads as t', 't.id', 'm.threadId')
      .innerJoin('vendors as v', 'v.id', 't.vendorId')
      .select(['m.threadId', 'm.senderId', 't.customerId', 'v.ownerId'])
      .where('m.id', '=', messageId)
      .executeTakeFirst();
    const isParty = found?.customerId === user.id || found?.ownerId === user.id;
    if (!found || !isParty || user.role === 'admin') throw messageNotFound();
    const side = sideOfParty(found, user.id);
    const senderSide: ThreadSide = found.senderId === found.customerId ? 'customer' : 'vendor';
    if (senderSide === side)
      throw new TRPCError({ code: 'FORBIDDEN', message: MESSAGING_MESSAGES.notReceiver });
    // The thread first, as every writer of a thread does, then the message.
    const thread = await partyThread(trx, user, found.threadId, true);
    const marked = await trx
      .updateTable('messages')
      .set({ status: 'seen', seenAt: ctx.now() })
      .where('id', '=', messageId)
      .where('status', '=', 'sent')
      .returning('id')
      .executeTakeFirst();
    // Seen before: nothing changes.
    if (!marked) return { changed: false as const };
    const left = await lowerUnread(trx, thread.id, side, 1);
    const events: NewLiveEvent[] = partiesOf(thread).map((userId) => ({
      userId,
      kind: 'seen',
      ref: { threadId: thread.id, messageIds: [messageId] },
    }));
    if (left === 0) events.push(...(await readThreadNotifications(trx, user.id, thread.id)));
    const [message] = await messageDtosByIds(trx, user.id, [messageId]);
    const unreadCount = await unreadMessageCount(trx, user);
    await appendLiveEvents(trx, events);
    return { changed: true as const, message: message as MessageDto, unreadCount };
  });
  if (result.changed) return { message: result.message, unreadCount: result.unreadCount };
  const [message] = await messageDtosByIds(ctx.db, user.id, [messageId]);
  return { message: message as MessageDto, unreadCount: await unreadMessageCount(ctx.db, user) };
}

export async function markThreadSeen(
  ctx: SignedInContext,
  threadId: string,
): Promise<{ seen: number; unreadCount: number }> {
  const { user } = ctx;
  return inTransaction(ctx.db, async (trx) => {
    const thread = await partyThread(trx, user, threadId, true);
    // Incoming: sent by the other side, whoever sent it (a vendor's earlier owner included).
    const marked = await trx
      .updateTable('messages')
      .set({ status: 'seen', seenAt: ctx.now() })
      .where('threadId', '=', threadId)
      .where('status', '=', 'sent')
      .where('senderId', thread.side === 'customer' ? '<>' : '=', thread.customerId)
      .returning('id')
      .execute();
    const unreadBefore = thread.side === 'customer' ? thread.unreadByCustomer : thread.unreadByVendor;
    const events: NewLiveEvent[] = [];
    if (unreadBefore > 0) await lowerUnread(trx, threadId, thread.side, 'all');
    if (marked.length > 0) {
      const messageIds = marked.map((m) => m.id);
      for (const userId of partiesOf(thread)) {
        events.push({ userId, kind: 'seen', ref: { threadId, messageIds } });
      }
    } else if (unreadBefore > 0) {
      // Only the counter moved: the caller's other tabs refresh their badges.
      events.push({ userId: user.id, kind: 'thread', ref: { threadId } });
    }
    events.push(...(await readThreadNotifications(trx, user.id, threadId)));
    const unreadCount = await unreadMessageCount(trx, user);
    await appendLiveEvents(trx, events);
    return { seen: marked.length, unreadCount };
  });
}

/**
 * Blocks, unblocks and reports each write for both parties (live events and a NOTIFY, or a report
 * for the team): a few a minute per user is plenty.
 */
const limitThreadActions = (ctx: SignedInContext) =>
  enforceLimit(
    ctx,
    'threadActions',
    `thread-actions:user:${ctx.user.id}`,
    MESSAGING_MESSAGES.tooManyThreadActions,
  );

/**
 * A party's change to a thread (a block, an unblock), limited as thread actions are, made under the
 * thread's row lock, and then announced to both parties' open tabs. Answers the thread as the caller
 * now sees it.
 */
async function changeThread(
  ctx: SignedInContext,
  threadId: string,
  change: (trx: Db, thread: PartyThread) => Promise<void>,
): Promise<ConversationDto['thread']> {
  await limitThreadActions(ctx);
  return inTransaction(ctx.db, async (trx) => {
    const thread = await partyThread(trx, ctx.user, threadId, true);
    await change(trx, thread);
    const detail = await threadDetail(trx, ctx.user, thread.id);
    await appendLiveEvents(
      trx,
      partiesOf(thread).map((userId) => ({ userId, kind: 'thread' as const, ref: { threadId: thread.id } })),
    );
    return detail;
  });
}

/**
 * A vendor's block also refuses the customer's replies in their other threads with the listing, and
 * new threads to it (refuseWhenListingBlocked), until it is lifted.
 */
export function blockThread(ctx: SignedInContext, threadId: string): Promise<ConversationDto['thread']> {
  return changeThread(ctx, threadId, async (trx, thread) => {
    const alreadyBlocked = () =>
      new TRPCError({ code: 'CONFLICT', message: MESSAGING_MESSAGES.alreadyBlocked });
    if (thread.blockedBySide !== null) throw alreadyBlocked();
    // Only a change is announced: a thread blocked already (under the lock, never) writes no events.
    const changed = await trx
      .updateTable('messageThreads')
      .set({ blockedBySide: thread.side, blockedBy: ctx.user.id, blockedAt: ctx.now() })
      .where('id', '=', threadId)
      .where('blockedBySide', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!changed) throw alreadyBlocked();
  });
}

export function unblockThread(ctx: SignedInContext, threadId: string): Promise<ConversationDto['thread']> {
  return changeThread(ctx, threadId, async (trx, thread) => {
    const notBlocked = () => new TRPCError({ code: 'CONFLICT', message: MESSAGING_MESSAGES.notBlocked });
    if (thread.blockedBySide === null) throw notBlocked();
    if (thread.blockedBySide !== thread.side) {
      throw new TRPCError({ code: 'FORBIDDEN', message: MESSAGING_MESSAGES.onlyBlockerUnblocks });
    }
    // Only a change is announced, as for a block.
    const changed = await trx
      .updateTable('messageThreads')
      .set({ blockedBySide: null, blockedBy: null, blockedAt: null })
      .where('id', '=', threadId)
      .where('blockedBySide', '=', thread.side)
      .returning('id')
      .executeTakeFirst();
    if (!changed) throw notBlocked();
  });
}

export async function reportThread(
  ctx: SignedInContext,
  input: z.output<typeof reportInput>,
): Promise<{ id: string; status: 'open'; createdAt: Date }> {
  await limitThreadActions(ctx);
  const thread = await partyThread(ctx.db, ctx.user, input.threadId, false);
  const reportedId = reportedPartyOf(thread, ctx.user.id);
  const row = await fileThreadReport(ctx.db, {
    threadId: input.threadId,
    reporterId: ctx.user.id,
    reportedId,
    reason: input.reason,
    // On the clock its messages were written by, so that "before the report" means what it says.
    createdAt: ctx.now(),
  });
  if (!row) throw new TRPCError({ code: 'CONFLICT', message: MESSAGING_MESSAGES.alreadyReported });
  return { id: row.id, status: 'open', createdAt: row.createdAt };
}
