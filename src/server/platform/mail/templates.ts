import type { MailContent } from './outbox';
import { renderMail } from './render';

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

export type ClaimDecision = 'approved' | 'rejected' | 'revoked';

const CLAIM_DECISION_LINES: Record<ClaimDecision, (listing: string) => string> = {
  approved: (listing) =>
    `Your claim for ${listing} was approved. The listing is now yours: edit its profile and answer its messages from your vendor dashboard.`,
  rejected: (listing) =>
    `Your claim for ${listing} was not approved. If you believe this is a mistake, you can submit a new claim with more proof of ownership.`,
  revoked: (listing) =>
    `Your approved claim for ${listing} was revoked, and the listing is no longer managed from your account.`,
};

/**
 * An admin's decision on a vendor claim (or the automatic rejection when a competing claim was
 * approved). The notes are the reviewer's own words, shown as written: they tell the claimant why.
 */
export function claimDecidedMail(input: {
  name: string;
  listingName: string;
  decision: ClaimDecision;
  notes: string | null;
  claimsUrl: string;
}): MailContent {
  const subject = `Your claim for ${input.listingName} was ${input.decision}`;
  const paragraphs = [CLAIM_DECISION_LINES[input.decision](input.listingName)];
  if (input.notes) paragraphs.push(`Notes from the review: ${input.notes}`);
  return notificationMail({
    subject,
    name: input.name,
    paragraphs,
    action: { label: 'See your claims', url: input.claimsUrl },
  });
}
