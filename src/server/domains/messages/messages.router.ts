import { tracked } from '@trpc/server';
import { z } from 'zod';
import { okResult } from '../../../shared/schemas/events';
import {
  conversationDto,
  conversationInput,
  liveEventsInput,
  markSeenDto,
  markSeenInput,
  markThreadSeenDto,
  quickReplyCreateInput,
  quickReplyDto,
  quickReplyIdInput,
  quickReplyUpdateInput,
  replyInput,
  reportDto,
  reportInput,
  startThreadInput,
  threadIdInput,
  threadsDto,
  threadsInput,
  unreadCountDto,
} from '../../../shared/schemas/messages';
import { idempotent } from '../../platform/idempotency/idempotency';
import { liveStream } from '../../platform/live/stream';
import { authedProcedure, partyProcedure, router, serve, vendorProcedure } from '../../platform/trpc/init';
import { inboxFeed } from './live-feed';
import { unreadMessageCount } from './messages.queries';
import {
  blockThread,
  conversationOf,
  markMessageSeen,
  markThreadSeen,
  reply,
  reportThread,
  startThread,
  threadsOf,
  unblockThread,
} from './messages.service';
import {
  createQuickReply,
  deleteQuickReply,
  listQuickReplies,
  updateQuickReply,
} from './quick-replies.service';

/** A party's change to one of their threads, answered with the thread as they now see it. */
const threadChange = partyProcedure.input(threadIdInput).output(conversationDto.shape.thread);

export const messagesRouter = router({
  /** GET /api/messages/unread-count: unread messages of the caller's side (0 for admins). */
  unreadCount: authedProcedure
    .output(unreadCountDto)
    .query(async ({ ctx }) => ({ unreadCount: await unreadMessageCount(ctx.db, ctx.user) })),
  threads: partyProcedure
    .input(threadsInput)
    .output(threadsDto)
    .query(({ ctx, input }) => threadsOf(ctx.db, ctx.user, input)),
  conversation: partyProcedure
    .input(conversationInput)
    .output(conversationDto)
    .query(({ ctx, input }) => conversationOf(ctx.db, ctx.user, input)),
  reply: partyProcedure
    .input(replyInput)
    .use(idempotent)
    .output(conversationDto.shape.messages.element)
    .mutation(serve(reply)),
  startThread: authedProcedure
    .input(startThreadInput)
    .use(idempotent)
    .output(conversationDto)
    .mutation(serve(startThread)),
  markSeen: partyProcedure
    .input(markSeenInput)
    .output(markSeenDto)
    .mutation(({ ctx, input }) => markMessageSeen(ctx, input.messageId)),
  markThreadSeen: partyProcedure
    .input(threadIdInput)
    .output(markThreadSeenDto)
    .mutation(({ ctx, input }) => markThreadSeen(ctx, input.threadId)),
  block: threadChange.mutation(({ ctx, input }) => blockThread(ctx, input.threadId)),
  unblock: threadChange.mutation(({ ctx, input }) => unblockThread(ctx, input.threadId)),
  report: partyProcedure.input(reportInput).output(reportDto).mutation(serve(reportThread)),
  quickReplies: vendorProcedure
    .output(z.array(quickReplyDto))
    .query(({ ctx }) => listQuickReplies(ctx.db, ctx.user.id)),
  createQuickReply: vendorProcedure
    .input(quickReplyCreateInput)
    .use(idempotent)
    .output(quickReplyDto)
    .mutation(serve(createQuickReply)),
  updateQuickReply: vendorProcedure
    .input(quickReplyUpdateInput)
    .output(quickReplyDto)
    .mutation(serve(updateQuickReply)),
  deleteQuickReply: vendorProcedure
    .input(quickReplyIdInput)
    .output(okResult)
    .mutation(({ ctx, input }) => deleteQuickReply(ctx, input.id)),
  /**
   * The caller's live events over server-sent events: new messages, seen marks, unread totals and
   * notifications, each tracked by its number so a reconnect resumes after the last one received.
   * One stream per tab carries every thread. Ends when the server shuts down.
   */
  events: authedProcedure.input(liveEventsInput).subscription(async function* ({ ctx, input, signal }) {
    const stream = liveStream({
      db: ctx.db,
      hub: ctx.live,
      feed: inboxFeed,
      user: ctx.user,
      sessionId: ctx.session.id,
      lastEventId: input?.lastEventId ?? null,
      signals: [ctx.lifecycle?.signal, signal].filter((s): s is AbortSignal => s !== undefined),
      sessionCheckMs: ctx.config.liveSessionCheckMs,
    });
    for await (const { id, event } of stream) yield tracked(id, event);
  }),
});
