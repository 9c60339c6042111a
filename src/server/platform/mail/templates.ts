import type { MailContent } from './outbox';
import { renderMail } from './render';

/**
 * A notification mail: greeting, paragraphs and one action, with the footer saying it came because
 * e-mail notifications are on. The preheader is the subject unless given.
 */
export function notificationMail(input: {
  subject: string;
  preheader?: string;
  name: string;
  paragraphs: string[];
  action: { label: string; url: string };
}): MailContent {
  const { text, html } = renderMail({
    preheader: input.preheader ?? input.subject,
    greeting: `Hello ${input.name},`,
    paragraphs: input.paragraphs,
    action: input.action,
    footer:
      'You got this mail because e-mail notifications are on for your SimchaHub account. Turn them off in your profile settings.',
  });
  return { subject: input.subject, text, html };
}
