import type { Language } from '../../../shared/i18n';
import { mailTexts } from '../../platform/mail/mail-texts';
import type { MailContent } from '../../platform/mail/outbox';
import { notificationMail } from '../../platform/mail/templates';

/**
 * A new message in a conversation, in the recipient's language. Sent only for the first unread
 * message of a thread, so the preview is of that message; later ones wait in the app until this one
 * is read. The preview is the sender's own words, isolated in a right-to-left mail so that an English
 * message keeps its order.
 */
export function newMessageMail(input: {
  name: string;
  senderName: string;
  preview: string;
  conversationUrl: string;
  language?: Language;
}): MailContent {
  const { t, isolate, language } = mailTexts(input.language);
  const sender = input.senderName;
  return notificationMail({
    subject: t('messages.newMessage.subject', { sender }),
    preheader: isolate(input.preview),
    name: input.name,
    paragraphs: [
      t('messages.newMessage.sent', { sender }),
      isolate(input.preview),
      t('messages.newMessage.open'),
    ],
    action: { label: t('messages.newMessage.action'), url: input.conversationUrl },
    language,
  });
}
