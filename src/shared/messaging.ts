import { LIMITS } from './constants';

// Without zod, so that a page showing one of these texts does not load the schemas.

/** Bounds of the messaging feature (spec sections 5 and 9, and issue 11). */
export const MESSAGING_LIMITS = {
  replyMax: 5000,
  subjectMax: 200,
  reportReasonMax: 2000,
  quickRepliesMax: 10,
  quickReplyTitleMax: 60,
  threadsPageDefault: 20,
  threadsPageMax: 100,
  conversationPage: 100,
  previewChars: 140,
  notificationsPage: 20,
} as const;

export const MESSAGING_MESSAGES = {
  replyRequired: 'Please write a message before sending',
  replyTooLong: `Message must be at most ${MESSAGING_LIMITS.replyMax} characters`,
  subjectRequired: 'Please give your message a subject',
  threadNotFound: 'Conversation not found',
  messageNotFound: 'Message not found',
  notReceiver: 'Only the person a message was sent to can mark it seen',
  youBlocked: 'You blocked this conversation. Unblock it to send messages again.',
  theyBlocked: 'The other party blocked this conversation. You can no longer send messages in it.',
  alreadyBlocked: 'This conversation is already blocked',
  notBlocked: 'This conversation is not blocked',
  onlyBlockerUnblocks: 'Only the side that blocked this conversation can unblock it',
  unclaimed:
    'This listing is not yet managed by its business. Your messages are kept and reach the business once it claims the listing.',
  tooMany: 'You have sent many messages in a short time.',
  tooManyThreadActions: 'You have blocked, unblocked or reported many conversations in a short time.',
  attachmentNotFound: 'Attachment not found. Upload the file again.',
  attachmentsTooMany: `At most ${LIMITS.attachmentsMax} attachments`,
  reportRequired: 'Please tell us what is wrong with this conversation',
  alreadyReported: 'You already reported this conversation; our team is looking into it.',
  quickRepliesFull: `You can keep at most ${MESSAGING_LIMITS.quickRepliesMax} quick replies`,
  quickReplyNotFound: 'Quick reply not found',
  vendorNotFound: 'Vendor not found',
  ownListing: 'You cannot start a conversation with your own listing',
  notificationNotFound: 'Notification not found',
  customersOnly: 'Only customer accounts can start a conversation with a vendor',
  invalidCursor: 'The cursor is not valid: ask for the first page again',
  quickReplyTitleRequired: 'Please give the quick reply a title',
  quickReplyRequired: 'Please write the quick reply',
  // Toasts of spec section 8.
  replySent: 'Reply sent',
  replyFailed: 'Failed to send reply',
  replyFailedHint: 'Please try again.',
  loadFailed: 'Failed to load conversation',
} as const;
