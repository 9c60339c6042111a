import type { MailContent } from '../../platform/mail/outbox';
import { renderMail } from '../../platform/mail/render';

export function passwordResetMail(input: {
  name: string;
  resetUrl: string;
  validMinutes: number;
}): MailContent {
  const subject = 'Reset your SimchaHub password';
  const { text, html } = renderMail({
    preheader: `Use this link within ${input.validMinutes} minutes to choose a new password.`,
    greeting: `Hello ${input.name},`,
    paragraphs: [
      'Someone asked to reset the password of your SimchaHub account. If it was you, choose a new password with the link below.',
      `The link works once and expires in ${input.validMinutes} minutes. Choosing a new password signs you out on every device.`,
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ],
    action: { label: 'Choose a new password', url: input.resetUrl },
    footer: 'You got this mail because a password reset was requested for this address on SimchaHub.',
  });
  return { subject, text, html };
}
