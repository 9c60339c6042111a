import type { Language } from '../../../shared/i18n';
import { type MailTexts, mailTexts } from '../../platform/mail/mail-texts';
import type { MailContent } from '../../platform/mail/outbox';
import { renderMail } from '../../platform/mail/render';
import { notificationMail } from '../../platform/mail/templates';

/**
 * An invited event as a mail lists it: "The wedding: Sunday, December 20, 2026 at 19:30, Beit Yosef".
 * Its civil date ('YYYY-MM-DD') and time ('HH:MM' or null) at the event's place.
 */
export interface MailedEvent {
  title: string;
  localDate: string;
  time: string | null;
  where: string | null;
}

function eventLine(texts: MailTexts, e: MailedEvent): string {
  const day = texts.day(e.localDate, { weekday: true });
  const when = e.time ? texts.t('layout.dayAtTime', { day, time: e.time }) : day;
  return e.where
    ? texts.t('guests.eventLineWhere', { title: e.title, when, where: e.where })
    : texts.t('guests.eventLine', { title: e.title, when });
}

/**
 * What an invitation says. A guest has no account, so the mail is written in the language of the
 * person who sends it (`language`, the sender's users.language): the hosts write to their guests
 * in their own language, as they would on paper.
 */
interface InvitationContent {
  householdName: string;
  hostName: string;
  title: string;
  events: MailedEvent[];
  message: string | null;
  /** Answers close at this instant, told at the hosts' place; null: no deadline (or it passed). */
  deadline: { at: Date; zone: string } | null;
  url: string;
  language?: Language;
}

function deadlineOf(texts: MailTexts, input: Pick<InvitationContent, 'deadline'>): string | null {
  return input.deadline ? texts.instant(input.deadline.at, input.deadline.zone) : null;
}

/** The invitation: who invites, to what, and the household's link to answer. */
export function invitationMail(input: InvitationContent): MailContent {
  const texts = mailTexts(input.language);
  const { t, language } = texts;
  const host = input.hostName;
  const deadline = deadlineOf(texts, input);
  const { text, html } = renderMail({
    preheader: t('guests.invitation.preheader', { host }),
    greeting: t('guests.greeting', { household: input.householdName }),
    paragraphs: [
      t('guests.invites', { host, title: input.title }),
      ...input.events.map((e) => eventLine(texts, e)),
      ...(input.message ? [texts.isolate(input.message)] : []),
      deadline ? t('guests.invitation.answerBy', { deadline }) : t('guests.invitation.answerAll'),
    ],
    action: { label: t('guests.answer'), url: input.url },
    footer: t('guests.footer'),
    language,
  });
  return { subject: t('guests.invitation.subject', { host, title: input.title }), text, html, language };
}

/** A reminder to a household that has not answered yet. */
export function reminderMail(input: InvitationContent): MailContent {
  const texts = mailTexts(input.language);
  const { t, language } = texts;
  const host = input.hostName;
  const deadline = deadlineOf(texts, input);
  const { text, html } = renderMail({
    preheader: deadline ? t('guests.reminder.preheaderBy', { deadline }) : t('guests.reminder.preheader'),
    greeting: t('guests.greeting', { household: input.householdName }),
    paragraphs: [
      t('guests.reminder.wouldLove', { host, title: input.title }),
      ...input.events.map((e) => eventLine(texts, e)),
      deadline ? t('guests.reminder.closesOn', { deadline }) : t('guests.reminder.takesAMinute'),
    ],
    action: { label: t('guests.answer'), url: input.url },
    footer: t('guests.footer'),
    language,
  });
  return { subject: t('guests.reminder.subject', { host, title: input.title }), text, html, language };
}

/**
 * The prefilled invitation for WhatsApp or a copy, in the sender's language; `{link}` stands for the
 * household's link.
 */
export function invitationText(input: Omit<InvitationContent, 'url' | 'householdName'>): string {
  const texts = mailTexts(input.language);
  const { t } = texts;
  const deadline = deadlineOf(texts, input);
  const link = '{link}';
  return [
    t('guests.invites', { host: input.hostName, title: input.title }),
    ...input.events.map((e) => eventLine(texts, e)),
    ...(input.message ? [texts.isolate(input.message)] : []),
    deadline ? t('guests.text.tellBy', { deadline, link }) : t('guests.text.tell', { link }),
  ].join('\n');
}

/** The daily summary of new answers, to a family member with e-mail notifications on, in theirs. */
export function summaryMail(input: {
  name: string;
  title: string;
  answered: Array<{ householdName: string; attending: number; declined: number }>;
  counts: Array<{ title: string; attending: number; declined: number; awaiting: number }>;
  url: string;
  language?: Language;
}): MailContent {
  const { t, language } = mailTexts(input.language);
  const count = input.answered.length;
  return notificationMail({
    subject: t('guests.summary.subject', { count, title: input.title }),
    name: input.name,
    paragraphs: [
      t('guests.summary.since', { count, title: input.title }),
      ...input.answered.map((a) =>
        t('guests.summary.household', {
          household: a.householdName,
          attending: a.attending,
          declined: a.declined,
        }),
      ),
      t('guests.summary.standing'),
      ...input.counts.map((c) =>
        t('guests.summary.event', {
          title: c.title,
          attending: c.attending,
          declined: c.declined,
          awaiting: c.awaiting,
        }),
      ),
    ],
    action: { label: t('guests.summary.action'), url: input.url },
    language,
  });
}
