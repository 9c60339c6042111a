import type { MailContent } from '../../platform/mail/outbox';
import { renderMail } from '../../platform/mail/render';
import { notificationMail } from '../../platform/mail/templates';

/** An invited event as a mail lists it: "The wedding: Sunday, December 20, 2026 at 19:30, Beit Yosef". */
export interface MailedEvent {
  title: string;
  when: string;
  where: string | null;
}

function eventLine(e: MailedEvent): string {
  return `${e.title}: ${e.when}${e.where ? `, ${e.where}` : ''}`;
}

const GUEST_FOOTER =
  'You got this mail because the hosts put you on their guest list on SimchaHub. The link is your household’s own: please do not pass it on.';

interface InvitationContent {
  householdName: string;
  hostName: string;
  title: string;
  events: MailedEvent[];
  message: string | null;
  deadlineText: string | null;
  url: string;
}

/** The invitation: who invites, to what, and the household's link to answer. */
export function invitationMail(input: InvitationContent): MailContent {
  const subject = `${input.hostName} invites you: ${input.title}`;
  const { text, html } = renderMail({
    preheader: `Please let ${input.hostName} know who is coming.`,
    greeting: `Dear ${input.householdName},`,
    paragraphs: [
      `${input.hostName} invites you to ${input.title}.`,
      ...input.events.map(eventLine),
      ...(input.message ? [input.message] : []),
      input.deadlineText
        ? `Please answer for everyone in your household by ${input.deadlineText}.`
        : 'Please answer for everyone in your household.',
    ],
    action: { label: 'Answer the invitation', url: input.url },
    footer: GUEST_FOOTER,
  });
  return { subject, text, html };
}

/** A reminder to a household that has not answered yet. */
export function reminderMail(input: InvitationContent): MailContent {
  const subject = `A reminder from ${input.hostName}: ${input.title}`;
  const { text, html } = renderMail({
    preheader: input.deadlineText ? `Answers close on ${input.deadlineText}.` : 'Please let the hosts know.',
    greeting: `Dear ${input.householdName},`,
    paragraphs: [
      `${input.hostName} would love to know whether you can come to ${input.title}.`,
      ...input.events.map(eventLine),
      input.deadlineText
        ? `Answers close on ${input.deadlineText}. It takes a minute, and you can change your answer until then.`
        : 'It takes a minute, and you can change your answer later.',
    ],
    action: { label: 'Answer the invitation', url: input.url },
    footer: GUEST_FOOTER,
  });
  return { subject, text, html };
}

/** The prefilled invitation for WhatsApp or a copy; `{link}` stands for the household's link. */
export function invitationText(input: Omit<InvitationContent, 'url' | 'householdName'>): string {
  return [
    `${input.hostName} invites you to ${input.title}.`,
    ...input.events.map(eventLine),
    ...(input.message ? [input.message] : []),
    input.deadlineText
      ? `Please tell us who is coming by ${input.deadlineText}: {link}`
      : 'Please tell us who is coming: {link}',
  ].join('\n');
}

/** The daily summary of new answers, to a family member with e-mail notifications on. */
export function summaryMail(input: {
  name: string;
  title: string;
  answered: Array<{ householdName: string; attending: number; declined: number }>;
  counts: Array<{ title: string; attending: number; declined: number; awaiting: number }>;
  url: string;
}): MailContent {
  const n = input.answered.length;
  return notificationMail({
    subject: `${n} new RSVP answer${n === 1 ? '' : 's'} for ${input.title}`,
    name: input.name,
    paragraphs: [
      `Since the last summary, ${n} household${n === 1 ? '' : 's'} answered the invitation to ${input.title}:`,
      ...input.answered.map((a) => `${a.householdName}: ${a.attending} attending, ${a.declined} declined`),
      'Where the list stands now:',
      ...input.counts.map(
        (c) =>
          `${c.title}: ${c.attending} attending, ${c.declined} declined, ${c.awaiting} awaiting an answer`,
      ),
    ],
    action: { label: 'Open the guest list', url: input.url },
  });
}
