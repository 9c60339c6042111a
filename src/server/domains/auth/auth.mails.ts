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

/** The link that confirms an address: at sign-up, after a change of address, and on request. */
export function confirmEmailMail(input: {
  name: string;
  confirmUrl: string;
  validDays: number;
}): MailContent {
  const subject = 'Confirm your e-mail address for SimchaHub';
  const { text, html } = renderMail({
    preheader: 'One click confirms that this address is yours.',
    greeting: `Hello ${input.name},`,
    paragraphs: [
      'Please confirm that this is your e-mail address with the link below. Until you do, your account can store only a little in images and files.',
      `The link works for ${input.validDays} days. If it has expired, ask for a new one in Profile Settings.`,
      'If you did not create a SimchaHub account or change its address to this one, ignore this mail: nothing is confirmed without the link.',
    ],
    action: { label: 'Confirm my e-mail address', url: input.confirmUrl },
    footer: 'You got this mail because this address was given for a SimchaHub account.',
  });
  return { subject, text, html };
}

/**
 * To the address an account used to have, when it changes: whoever reads the old mailbox learns of
 * it, and gets no link (reset links sent there stop working at the same moment).
 */
export function emailChangedMail(input: { name: string; newEmail: string }): MailContent {
  const subject = 'The e-mail address of your SimchaHub account was changed';
  const { text, html } = renderMail({
    preheader: 'Your SimchaHub account now uses another e-mail address.',
    greeting: `Hello ${input.name},`,
    paragraphs: [
      `The e-mail address of your SimchaHub account was changed to ${input.newEmail}. Mail about the account goes there from now on, and password reset links sent to this address no longer work.`,
      'If you made this change, there is nothing more to do. If you did not, someone else knows your password: tell the SimchaHub administrators, who can suspend the account until it is yours again.',
    ],
    footer: 'You got this mail because this address was the e-mail address of a SimchaHub account.',
  });
  return { subject, text, html };
}
