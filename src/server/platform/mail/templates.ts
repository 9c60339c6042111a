import type { Language } from '../../../shared/i18n';
import { mailTexts } from './mail-texts';
import type { MailContent } from './outbox';
import { renderMail } from './render';

/**
 * A notification mail: greeting, paragraphs and one action, with the footer saying it came because
 * e-mail notifications are on. The preheader is the subject unless given. The texts come written in
 * `language` (the recipient's, English when absent); the greeting and footer follow it.
 */
export function notificationMail(input: {
  subject: string;
  preheader?: string;
  name: string;
  paragraphs: string[];
  action: { label: string; url: string };
  language?: Language;
}): MailContent {
  const texts = mailTexts(input.language);
  const { text, html } = renderMail({
    preheader: input.preheader ?? input.subject,
    greeting: texts.t('layout.greeting', { name: input.name }),
    paragraphs: input.paragraphs,
    action: input.action,
    footer: texts.t('layout.notificationFooter'),
    language: texts.language,
  });
  return { subject: input.subject, text, html, language: texts.language };
}
