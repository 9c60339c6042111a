import type { Language } from '../../../shared/i18n';
import { mailTexts } from '../../platform/mail/mail-texts';
import type { MailContent } from '../../platform/mail/outbox';
import { renderMail } from '../../platform/mail/render';

/** Each mail here is written in `language`, the account's own (English when absent). */
export function passwordResetMail(input: {
  name: string;
  resetUrl: string;
  validMinutes: number;
  language?: Language;
}): MailContent {
  const { t, language } = mailTexts(input.language);
  const minutes = input.validMinutes;
  const { text, html } = renderMail({
    preheader: t('auth.passwordReset.preheader', { minutes }),
    greeting: t('layout.greeting', { name: input.name }),
    paragraphs: [
      t('auth.passwordReset.asked'),
      t('auth.passwordReset.expires', { minutes }),
      t('auth.passwordReset.ignore'),
    ],
    action: { label: t('auth.passwordReset.action'), url: input.resetUrl },
    footer: t('auth.passwordReset.footer'),
    language,
  });
  return { subject: t('auth.passwordReset.subject'), text, html, language };
}

/** The link that confirms an address: at sign-up, after a change of address, and on request. */
export function confirmEmailMail(input: {
  name: string;
  confirmUrl: string;
  validDays: number;
  language?: Language;
}): MailContent {
  const { t, language } = mailTexts(input.language);
  const { text, html } = renderMail({
    preheader: t('auth.confirmEmail.preheader'),
    greeting: t('layout.greeting', { name: input.name }),
    paragraphs: [
      t('auth.confirmEmail.please'),
      t('auth.confirmEmail.valid', { days: input.validDays }),
      t('auth.confirmEmail.ignore'),
    ],
    action: { label: t('auth.confirmEmail.action'), url: input.confirmUrl },
    footer: t('auth.confirmEmail.footer'),
    language,
  });
  return { subject: t('auth.confirmEmail.subject'), text, html, language };
}

/**
 * To the address an account used to have, when it changes: whoever reads the old mailbox learns of
 * it, and gets no link (reset links sent there stop working at the same moment).
 */
export function emailChangedMail(input: {
  name: string;
  newEmail: string;
  language?: Language;
}): MailContent {
  const { t, language } = mailTexts(input.language);
  const { text, html } = renderMail({
    preheader: t('auth.emailChanged.preheader'),
    greeting: t('layout.greeting', { name: input.name }),
    paragraphs: [t('auth.emailChanged.changed', { email: input.newEmail }), t('auth.emailChanged.notYou')],
    footer: t('auth.emailChanged.footer'),
    language,
  });
  return { subject: t('auth.emailChanged.subject'), text, html, language };
}
