import type { Db } from '../db/create-db';

/** A mail ready to send: a plain-text and an HTML part of the same content. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
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
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
