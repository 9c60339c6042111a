import { DEFAULT_LANGUAGE, type Language } from '../../../shared/i18n';
import type { Db } from '../db/create-db';

/** A mail ready to send: a plain-text and an HTML part of the same content. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
  /**
   * The language it is written in (English when absent): its recipient's, settled when the mail is
   * written and queued (see mail-texts.ts), and kept with the outbox row.
   */
  language?: Language;
}

export interface OutgoingMail extends MailContent {
  /** What the mail is about, for logs and tests: 'password-reset', 'new-message', ... */
  kind: string;
  to: string;
  /** The user it is for, when it is for a user. */
  userId?: string | null;
  /**
   * A notification is skipped for users who turned e-mail notifications off; a mail the user asked
   * for (a password reset) always goes.
   */
  notification: boolean;
}

/**
 * The language to write a mail to a user in: theirs (users.language), English if there is no such
 * user. Read in the transaction that queues the mail, so the mail is written in the language the
 * recipient has when it is queued.
 */
export async function languageOfUser(db: Db, userId: string | null | undefined): Promise<Language> {
  if (!userId) return DEFAULT_LANGUAGE;
  const user = await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
  return user?.language ?? DEFAULT_LANGUAGE;
}

/**
 * Writes a mail to the outbox in the caller's transaction, so it exists exactly when what caused it
 * commits; the worker sends it later. Returns the outbox id, or null when a notification was skipped
 * because the user turned e-mail notifications off.
 */
export async function enqueueMail(db: Db, mail: OutgoingMail): Promise<string | null> {
  if (mail.notification && mail.userId) {
    const user = await db
      .selectFrom('users')
      .select('emailNotificationsEnabled')
      .where('id', '=', mail.userId)
      .executeTakeFirst();
    if (!user?.emailNotificationsEnabled) return null;
  }
  const row = await db
    .insertInto('mailOutbox')
    .values({
      kind: mail.kind,
      userId: mail.userId ?? null,
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      notification: mail.notification,
      language: mail.language ?? DEFAULT_LANGUAGE,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
