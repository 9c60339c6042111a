import { z } from 'zod';
import {
  LIMITS,
  MESSAGE_STATUSES,
  MESSAGE_TYPES,
  NOTIFICATION_KINDS,
  REQUEST_STATUSES,
  THREAD_STATUSES,
} from '../constants';
import { MESSAGING_LIMITS, MESSAGING_MESSAGES } from '../messaging';
import { messageAboutDto, notificationAboutDto } from './about';
import {
  idempotencyKeyField,
  queryNumber,
  requiredText,
  rowTimestamps,
  rowVersionDto,
  safeString,
  versionField,
} from './common';
import { observanceAboutDto } from './observance-about';
import { CONFLICT_LEVELS } from './observance-fields';
import { ATTACHMENT_TYPES, requestedEventFields } from './requests';

export { MESSAGING_LIMITS, MESSAGING_MESSAGES };

export const THREAD_SIDES = ['customer', 'vendor'] as const;
export type ThreadSide = (typeof THREAD_SIDES)[number];

const uuidOf = (message: string) => z.uuid({ error: message });

/** Trimmed, not blank, at most 5,000 characters (spec section 5's reply text). */
export const replyTextSchema = requiredText(
  MESSAGING_LIMITS.replyMax,
  'Message',
  MESSAGING_MESSAGES.replyRequired,
);

const attachmentIdsSchema = z
  .array(uuidOf(MESSAGING_MESSAGES.attachmentNotFound))
  .max(LIMITS.attachmentsMax, MESSAGING_MESSAGES.attachmentsTooMany)
  .refine((ids) => new Set(ids).size === ids.length, 'The same attachment is listed twice')
  .default([]);

export const threadIdInput = z.object({ threadId: uuidOf(MESSAGING_MESSAGES.threadNotFound) }).strict();

/** GET /api/messages/threads: newest first, `cursor` from the previous page's nextCursor. */
export const threadsInput = z
  .object({
    limit: queryNumber(
      'limit',
      z.number().int('limit must be a whole number').min(1).max(MESSAGING_LIMITS.threadsPageMax),
      MESSAGING_LIMITS.threadsPageDefault,
    ),
    cursor: safeString('cursor', { max: 100 }).optional(),
  })
  .strict()
  .default({ limit: MESSAGING_LIMITS.threadsPageDefault });

/** GET /api/messages/{threadId}: the newest messages, or those before `before` (a message id). */
export const conversationInput = z
  .object({
    threadId: uuidOf(MESSAGING_MESSAGES.threadNotFound),
    before: uuidOf(MESSAGING_MESSAGES.messageNotFound).optional(),
  })
  .strict();

export const replyInput = z
  .object({
    threadId: uuidOf(MESSAGING_MESSAGES.threadNotFound),
    messageText: replyTextSchema,
    messageType: z.literal('text', { error: "messageType must be 'text'" }).default('text'),
    attachmentIds: attachmentIdsSchema,
    idempotencyKey: idempotencyKeyField,
  })
  .strict();
export type ReplyInput = z.input<typeof replyInput>;

export const markSeenInput = z.object({ messageId: uuidOf(MESSAGING_MESSAGES.messageNotFound) }).strict();

/** POST /api/messages/threads: a customer writes to a vendor from its profile. */
export const startThreadInput = z
  .object({
    vendorId: uuidOf(MESSAGING_MESSAGES.vendorNotFound),
    subject: requiredText(MESSAGING_LIMITS.subjectMax, 'Subject', MESSAGING_MESSAGES.subjectRequired),
    messageText: replyTextSchema,
    attachmentIds: attachmentIdsSchema,
    idempotencyKey: idempotencyKeyField,
  })
  .strict();
export type StartThreadInput = z.input<typeof startThreadInput>;

export const reportInput = z
  .object({
    threadId: uuidOf(MESSAGING_MESSAGES.threadNotFound),
    reason: requiredText(MESSAGING_LIMITS.reportReasonMax, 'Reason', MESSAGING_MESSAGES.reportRequired),
  })
  .strict();

export const quickReplyCreateInput = z
  .object({
    title: requiredText(
      MESSAGING_LIMITS.quickReplyTitleMax,
      'Title',
      MESSAGING_MESSAGES.quickReplyTitleRequired,
    ),
    body: requiredText(MESSAGING_LIMITS.replyMax, 'Text', MESSAGING_MESSAGES.quickReplyRequired),
    idempotencyKey: idempotencyKeyField,
  })
  .strict();

export const quickReplyUpdateInput = z
  .object({
    id: uuidOf(MESSAGING_MESSAGES.quickReplyNotFound),
    title: requiredText(
      MESSAGING_LIMITS.quickReplyTitleMax,
      'Title',
      MESSAGING_MESSAGES.quickReplyTitleRequired,
    ).optional(),
    body: requiredText(MESSAGING_LIMITS.replyMax, 'Text', MESSAGING_MESSAGES.quickReplyRequired).optional(),
    position: z.number().int().min(0).max(1000).optional(),
    version: versionField,
  })
  .strict();

export const quickReplyIdInput = z.object({ id: uuidOf(MESSAGING_MESSAGES.quickReplyNotFound) }).strict();

export const quickReplyDto = z.object({
  id: z.uuid(),
  title: z.string(),
  body: z.string(),
  position: z.number().int(),
  version: rowVersionDto,
  ...rowTimestamps,
});
export type QuickReplyDto = z.infer<typeof quickReplyDto>;

/** A file of a conversation; `url` serves it to the thread's two parties only. */
export const attachmentDto = z.object({
  id: z.uuid(),
  name: z.string(),
  contentType: z.enum(ATTACHMENT_TYPES),
  bytes: z.number().int(),
  url: z.string(),
});
export type AttachmentDto = z.infer<typeof attachmentDto>;

export const unreadCountDto = z.object({ unreadCount: z.number().int().min(0) });

const blockDto = z.object({ bySide: z.enum(THREAD_SIDES), at: z.date() }).nullable();

export const threadSummaryDto = z.object({
  id: z.uuid(),
  subject: z.string(),
  eventType: z.string().nullable(),
  /** Civil date 'YYYY-MM-DD'. */
  eventDate: z.string().nullable(),
  status: z.enum(THREAD_STATUSES),
  /** The caller's side of the thread. */
  side: z.enum(THREAD_SIDES),
  vendor: z.object({
    id: z.uuid(),
    businessName: z.string(),
    logoUrl: z.string().nullable(),
    /** False while nobody manages the listing: messages wait for the business to claim it. */
    managed: z.boolean(),
  }),
  customer: z.object({ id: z.uuid(), name: z.string() }),
  lastMessageAt: z.date(),
  lastMessage: z
    .object({
      /** The first characters of the text. */
      preview: z.string(),
      /** What the message says when the server wrote it (a quote), for the reader's language. */
      about: messageAboutDto.optional(),
      senderSide: z.enum(THREAD_SIDES),
      createdAt: z.date(),
      status: z.enum(MESSAGE_STATUSES),
    })
    .nullable(),
  /** Unread for the caller's side. */
  unreadCount: z.number().int().min(0),
  blocked: blockDto,
  createdAt: z.date(),
});
export type ThreadSummaryDto = z.infer<typeof threadSummaryDto>;

export const threadsDto = z.object({
  threads: z.array(threadSummaryDto),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});

export const messageDto = z.object({
  id: z.uuid(),
  threadId: z.uuid(),
  senderId: z.uuid(),
  receiverId: z.uuid().nullable(),
  senderSide: z.enum(THREAD_SIDES),
  /** Sent by the caller. */
  mine: z.boolean(),
  messageText: z.string(),
  about: messageAboutDto.optional(),
  messageType: z.enum(MESSAGE_TYPES),
  status: z.enum(MESSAGE_STATUSES),
  seenAt: z.date().nullable(),
  createdAt: z.date(),
  attachments: z.array(attachmentDto),
});
export type MessageDto = z.infer<typeof messageDto>;

/** The availability request a thread was born of, shown at its top. */
export const threadRequestDto = z.object({
  id: z.uuid(),
  ...requestedEventFields,
  hasConflict: z.boolean(),
  conflictReason: z.string().nullable(),
  /** The tier and words the request was judged with when sent (decision 034), as its sender saw them. */
  conflictLevel: z.enum(CONFLICT_LEVELS).nullable(),
  conflictMessage: z.string().nullable(),
  /** `conflictMessage` by code, for the reader's language; null for requests sent before codes were kept. */
  conflictAbout: observanceAboutDto.nullable().optional(),
  status: z.enum(REQUEST_STATUSES),
  respondedAt: z.date().nullable(),
});

export const conversationDto = z.object({
  thread: threadSummaryDto.extend({
    request: threadRequestDto.nullable(),
    /** Whether the caller may send a message now, and if not, why (blocked, ...). */
    canReply: z.boolean(),
    cannotReplyReason: z.string().nullable(),
  }),
  /** Oldest first. */
  messages: z.array(messageDto),
  /** Older messages exist: ask again with `before` set to the first message's id. */
  hasMoreBefore: z.boolean(),
});
export type ConversationDto = z.infer<typeof conversationDto>;

export const markSeenDto = z.object({
  message: messageDto,
  /** The caller's unread count after the mark. */
  unreadCount: z.number().int().min(0),
});

export const markThreadSeenDto = z.object({
  seen: z.number().int().min(0),
  unreadCount: z.number().int().min(0),
});

export const reportDto = z.object({ id: z.uuid(), status: z.literal('open'), createdAt: z.date() });

/** Live events: the subscription's items and the SSE stream's `data`. */
export const unreadTotalsDto = z.object({
  /** Unread messages for the caller (the Messages badge). */
  messages: z.number().int().min(0),
  /** Unread notifications (the bell). */
  notifications: z.number().int().min(0),
});
export type UnreadTotals = z.infer<typeof unreadTotalsDto>;

export const notificationDto = z.object({
  id: z.uuid(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  link: z.string(),
  threadId: z.uuid().nullable(),
  about: notificationAboutDto.optional(),
  readAt: z.date().nullable(),
  ...rowTimestamps,
});
export type NotificationDto = z.infer<typeof notificationDto>;

export const notificationsDto = z.object({
  items: z.array(notificationDto),
  unreadCount: z.number().int().min(0),
});

export const notificationIdInput = z.object({ id: uuidOf(MESSAGING_MESSAGES.notificationNotFound) }).strict();

export const liveEventDto = z.discriminatedUnion('kind', [
  /** First event of a stream, and after a gap too old to replay: refetch what is on screen. */
  z.object({ kind: z.literal('sync'), unread: unreadTotalsDto }),
  z.object({ kind: z.literal('message'), threadId: z.uuid(), message: messageDto, unread: unreadTotalsDto }),
  z.object({
    kind: z.literal('seen'),
    threadId: z.uuid(),
    messageIds: z.array(z.uuid()),
    unread: unreadTotalsDto,
  }),
  /** Something about the thread changed (blocked, unblocked, its listing claimed): refetch it. */
  z.object({ kind: z.literal('thread'), threadId: z.uuid(), unread: unreadTotalsDto }),
  z.object({ kind: z.literal('notification'), notification: notificationDto, unread: unreadTotalsDto }),
  /** A guest list the user may see changed (an edit by a circle-mate, a guest's answer): refetch it. */
  z.object({ kind: z.literal('guests'), eventId: z.uuid(), unread: unreadTotalsDto }),
]);
export type LiveEvent = z.infer<typeof liveEventDto>;

/** The subscription's input: tRPC's httpSubscriptionLink sends lastEventId on reconnect. */
export const liveEventsInput = z
  .object({ lastEventId: z.string().max(40).nullish() })
  .strict()
  .optional();
