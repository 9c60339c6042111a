import type { MailContent } from '../../platform/mail/outbox';
import { notificationMail } from '../../platform/mail/templates';

/**
 * A new message in a conversation. Sent only for the first unread message of a thread, so the
 * preview is of that message; later ones wait in the app until this one is read.
 */
export function newMessageMail(input: {
  name: string;
  senderName: string;
  preview: string;
  conversationUrl: string;
}): MailContent {
  return notificationMail({
    subject: `New message from ${input.senderName} on SimchaHub`,
    preheader: input.preview,
    name: input.name,
    paragraphs: [
      `${input.senderName} sent you a message:`,
      input.preview,
      'Open the conversation to read it and reply. We mail you once per conversation until you have read it.',
    ],
    action: { label: 'Open the conversation', url: input.conversationUrl },
  });
}
