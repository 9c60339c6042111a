import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import type { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  type confirmEmailInput,
  type EmailConfirmationSent,
  type UserDto,
} from '../../../shared/schemas/auth';
import type { Db } from '../../platform/db/create-db';
import { inTransaction } from '../../platform/db/transaction';
import type { RateRule } from '../../platform/env';
import { enforce } from '../../platform/limits/rate-limit';
import { enqueueMail, languageOfUser } from '../../platform/mail/outbox';
import { newSecretToken, sha256Hex } from '../../platform/tokens';
import type { Context } from '../../platform/trpc/context';
import { confirmEmailMail } from './auth.mails';
import { accountKey } from './login-throttle';

const MINUTE = 60 * 1000;

/** A confirmation link works this long: long enough for a mailbox read once a week. */
export const CONFIRMATION_VALID_DAYS = 7;

/**
 * New links on request: an account gets a few an hour (beyond, the request is refused with a
 * sentence, since the person asking is signed in and knows their own address); an address sending
 * requests for many accounts gets the usual 429.
 */
const RESEND_PER_ACCOUNT: RateRule = { max: 5, windowMs: 60 * MINUTE };
const RESEND_PER_ADDRESS: RateRule = { max: 30, windowMs: 60 * MINUTE };

/**
 * Mails a link that confirms the user's current address, in the caller's transaction (the token
 * and its mail commit together, and the outbox sends it). Called at sign-up, when the address
 * changes and when the user asks for a new link.
 */
export async function sendEmailConfirmation(
  trx: Db,
  appUrl: string,
  user: { id: string; name: string; email: string },
  now: Date,
): Promise<void> {
  const token = await issueConfirmationToken(trx, user, now);
  await enqueueMail(trx, {
    kind: 'email-confirmation',
    to: user.email,
    userId: user.id,
    notification: false,
    // In the fragment, so the token never reaches a server's access log.
    ...confirmEmailMail({
      name: user.name,
      confirmUrl: `${appUrl}/confirm-email#token=${token}`,
      validDays: CONFIRMATION_VALID_DAYS,
      language: await languageOfUser(trx, user.id),
    }),
  });
}

/** A new link's token for the user's current address; only its SHA-256 is kept. */
export async function issueConfirmationToken(
  db: Db,
  user: { id: string; email: string },
  now: Date,
): Promise<string> {
  const token = newSecretToken();
  await db
    .insertInto('emailConfirmationTokens')
    .values({
      userId: user.id,
      email: user.email,
      tokenHash: sha256Hex(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + CONFIRMATION_VALID_DAYS * 24 * 60 * MINUTE),
    })
    .execute();
  return token;
}

/** Every outstanding link of the user stops working (their address changed). */
export async function retireConfirmationTokens(trx: Db, userId: string, now: Date): Promise<void> {
  await trx
    .updateTable('emailConfirmationTokens')
    .set({ usedAt: now })
    .where('userId', '=', userId)
    .where('usedAt', 'is', null)
    .execute();
}

/**
 * Confirms the address a link was mailed to, whoever opens it (signed in or not, on any device):
 * holding the link proves the mailbox. A link for an address the account no longer has, a used or
 * expired one, or a made-up one, confirms nothing. Opening a link again after it worked answers
 * the same success, so a second click (or a mail scanner's first) never shows an error.
 */
export async function confirmEmail(
  ctx: Context,
  input: z.output<typeof confirmEmailInput>,
): Promise<{ email: string }> {
  return redeemConfirmationToken(ctx.db, input.token, ctx.now());
}

/** confirmEmail's work, for whoever holds a token (the demo data's accounts confirm this way too). */
export async function redeemConfirmationToken(db: Db, token: string, now: Date): Promise<{ email: string }> {
  const invalid = () => new TRPCError({ code: 'BAD_REQUEST', message: ACCOUNT_MESSAGES.confirmLinkInvalid });
  const tokenHash = sha256Hex(token);
  return inTransaction(db, async (trx) => {
    const link = await trx
      .selectFrom('emailConfirmationTokens as t')
      .innerJoin('users as u', 'u.id', 't.userId')
      .select([
        't.id',
        't.userId',
        't.email',
        't.usedAt',
        't.expiresAt',
        'u.email as currentEmail',
        'u.emailConfirmedAt',
      ])
      .where('t.tokenHash', '=', tokenHash)
      .forUpdate()
      .executeTakeFirst();
    if (!link) throw invalid();
    const sameAddress = link.email.trim().toLowerCase() === link.currentEmail.trim().toLowerCase();
    if (!sameAddress) throw invalid();
    // Used already: this very link confirmed the address (its account has it confirmed since).
    if (link.usedAt) {
      if (link.emailConfirmedAt) return { email: link.currentEmail };
      throw invalid();
    }
    if (link.expiresAt.getTime() <= now.getTime()) throw invalid();
    await trx
      .updateTable('users')
      .set({ emailConfirmedAt: sql`coalesce(email_confirmed_at, ${now})` })
      .where('id', '=', link.userId)
      .execute();
    await trx.updateTable('emailConfirmationTokens').set({ usedAt: now }).where('id', '=', link.id).execute();
    return { email: link.currentEmail };
  });
}

/** A new link for the signed-in user's address, unless it is confirmed already. */
export async function resendEmailConfirmation(
  ctx: Context & { user: UserDto },
): Promise<EmailConfirmationSent> {
  const now = ctx.now();
  await enforce(ctx.db, `confirm:ip:${ctx.ip}`, RESEND_PER_ADDRESS, now, ACCOUNT_MESSAGES.confirmTooMany);
  return ctx.db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'name', 'email', 'emailConfirmedAt'])
      .where('id', '=', ctx.user.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (user.emailConfirmedAt) return { sentTo: null, alreadyConfirmed: true };
    await enforce(
      trx,
      `confirm:${accountKey(user.email)}`,
      RESEND_PER_ACCOUNT,
      now,
      ACCOUNT_MESSAGES.confirmTooMany,
    );
    await sendEmailConfirmation(trx, ctx.config.appUrl, user, now);
    return { sentTo: user.email, alreadyConfirmed: false };
  });
}

/** Drops links that expired or were used over a day ago; nothing can use them any more. */
export async function deleteDeadConfirmationTokens(db: Db, now: Date): Promise<number> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * MINUTE);
  const result = await db
    .deleteFrom('emailConfirmationTokens')
    .where((eb) => eb.or([eb('expiresAt', '<=', dayAgo), eb('usedAt', '<=', dayAgo)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
