import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { ADMIN_MESSAGES } from '../../../shared/schemas/admin';
import {
  ACCOUNT_MESSAGES,
  type AccountSessionDto,
  type changePasswordInput,
  type passwordResetConfirmInput,
  type passwordResetRequestInput,
  type profileUpdateInput,
  type registerInput,
  type UserDto,
} from '../../../shared/schemas/auth';
import type { RateRule } from '../../platform/env';
import { consume, enforce, enforceLimit } from '../../platform/limits/rate-limit';
import { enqueueMail, languageOfUser } from '../../platform/mail/outbox';
import type { Context, CurrentSession } from '../../platform/trpc/context';
import { fieldError } from '../../platform/trpc/field-error';
import {
  findPasswordHash,
  findUsableResetToken,
  findUserForReset,
  hashResetToken,
  insertResetToken,
  newResetToken,
  retireResetTokens,
  setPasswordHash,
  useResetToken,
} from './account.queries';
import { passwordResetMail } from './auth.mails';
import { register, updateProfile } from './auth.service';
import { describeDevice } from './device';
import { accountKey, beginSignInAttempt, clearAccountBackoff } from './login-throttle';
import { hashPassword, verifyPassword } from './password';
import { assertAcceptableNewPassword } from './password-policy';
import { deleteSessionsOfUser, listLiveSessions } from './sessions';

type SignedIn = Context & { user: UserDto; session: CurrentSession };

const MINUTE = 60 * 1000;

export const RESET_VALID_MINUTES = 30;

/**
 * Reset mails: an address may ask for a few dozen an hour (a 429 says so, which reveals nothing about
 * any account); an account gets at most 5 an hour, beyond which requests are answered as usual but
 * send nothing, so nobody can flood someone's inbox or learn whether the address has an account.
 */
const RESET_PER_ADDRESS: RateRule = { max: 30, windowMs: 60 * MINUTE };
const RESET_PER_ACCOUNT: RateRule = { max: 5, windowMs: 60 * MINUTE };

/** Sign-up with the address limit and the new-password rules, then the account itself. */
export async function signUp(
  ctx: Context,
  input: z.output<typeof registerInput>,
): Promise<{ user: UserDto }> {
  const tooMany = ACCOUNT_MESSAGES.signUpTooMany;
  await enforceLimit(ctx, 'signupPerAddress', `signup:ip:${ctx.ip}`, tooMany);
  assertAcceptableNewPassword(input.password, 'password');
  return register(ctx, input);
}

/**
 * Checks the signed-in user's password, counted like a sign-in (same backoff per account, same
 * ceiling per address), so a borrowed session cannot be used to guess it.
 */
async function verifyCurrentPassword(ctx: SignedIn, password: string): Promise<void> {
  const attempt = await beginSignInAttempt(ctx, ctx.user.email, ctx.ip, { signedIn: true });
  const hash = await findPasswordHash(ctx.db, ctx.user.id);
  const valid = hash !== null && (await verifyPassword(hash, password));
  if (!valid) throw fieldError('currentPassword', ACCOUNT_MESSAGES.currentPasswordIncorrect);
  await attempt.succeeded();
}

export async function changePassword(
  ctx: SignedIn,
  input: z.output<typeof changePasswordInput>,
): Promise<{ ok: true }> {
  assertAcceptableNewPassword(input.newPassword, 'newPassword');
  await verifyCurrentPassword(ctx, input.currentPassword);
  const passwordHash = await hashPassword(input.newPassword);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, ctx.user.id, passwordHash, now);
    // Whoever else held a session (or a reset link) got it under the old password.
    await deleteSessionsOfUser(trx, ctx.user.id, ctx.session.id, now);
    await retireResetTokens(trx, ctx.user.id, now);
  });
  return { ok: true };
}

/** profile.update: a different email needs the current password; other fields need none. */
export async function updateProfileChecked(
  ctx: SignedIn,
  input: z.output<typeof profileUpdateInput>,
): Promise<{ user: UserDto }> {
  const { currentPassword, ...changes } = input;
  const emailChanges =
    changes.email !== undefined && changes.email.toLowerCase() !== ctx.user.email.trim().toLowerCase();
  if (emailChanges) {
    if (!currentPassword) throw fieldError('currentPassword', ACCOUNT_MESSAGES.currentPasswordForEmail);
    await verifyCurrentPassword(ctx, currentPassword);
  }
  return updateProfile(ctx, changes);
}

/**
 * Always answers ok. Known and unknown addresses do the same lookups and counter updates; the mail is
 * only written to the outbox, in the same transaction as its token, and sent later by the worker.
 */
export async function requestPasswordReset(
  ctx: Context,
  input: z.output<typeof passwordResetRequestInput>,
): Promise<{ ok: true }> {
  const now = ctx.now();
  await enforce(ctx.db, `reset:ip:${ctx.ip}`, RESET_PER_ADDRESS, now, ACCOUNT_MESSAGES.resetTooMany);
  await ctx.db.transaction().execute(async (trx) => {
    const perAccount = await consume(trx, `reset:${accountKey(input.email)}`, RESET_PER_ACCOUNT, now);
    const user = await findUserForReset(trx, input.email);
    if (!user || !perAccount.allowed) return;
    const token = newResetToken();
    await insertResetToken(trx, {
      userId: user.id,
      tokenHash: hashResetToken(token),
      expiresAt: new Date(now.getTime() + RESET_VALID_MINUTES * MINUTE),
      now,
    });
    await enqueueMail(trx, {
      kind: 'password-reset',
      to: user.email,
      userId: user.id,
      notification: false,
      // In the fragment, so the token never reaches a server's access log.
      ...passwordResetMail({
        name: user.name,
        resetUrl: `${ctx.config.appUrl}/reset-password#token=${token}`,
        validMinutes: RESET_VALID_MINUTES,
        language: await languageOfUser(trx, user.id),
      }),
    });
  });
  return { ok: true };
}

/** Sets the new password, uses up the link and every other one, and signs the account out everywhere. */
export async function confirmPasswordReset(
  ctx: Context,
  input: z.output<typeof passwordResetConfirmInput>,
): Promise<{ ok: true }> {
  const invalid = () => new TRPCError({ code: 'BAD_REQUEST', message: ACCOUNT_MESSAGES.resetLinkInvalid });
  const tokenHash = hashResetToken(input.token);
  // Checked before the (slow) hash, so made-up tokens cost nothing.
  const usable = await findUsableResetToken(ctx.db, tokenHash, ctx.now());
  if (!usable) throw invalid();
  // The link stays unused: a reinstated account can still choose its password with it.
  if (usable.suspendedAt) throw new TRPCError({ code: 'FORBIDDEN', message: ADMIN_MESSAGES.suspendedSignIn });
  assertAcceptableNewPassword(input.newPassword, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const userId = await useResetToken(trx, tokenHash, now);
    if (userId === null) throw invalid();
    await setPasswordHash(trx, userId, passwordHash, now);
    await retireResetTokens(trx, userId, now);
    await deleteSessionsOfUser(trx, userId, null, now);
    // Whoever reads the mailbox owns the account: earlier failed guesses no longer hold them back.
    await clearAccountBackoff(trx, usable.email);
  });
  return { ok: true };
}

export async function listSessions(ctx: SignedIn): Promise<{ sessions: AccountSessionDto[] }> {
  const now = ctx.now();
  const rows = await listLiveSessions(ctx.db, ctx.user.id, now);
  const sessions = rows.map((row) => {
    const current = row.id === ctx.session.id;
    return {
      id: row.id,
      device: describeDevice(row.userAgent),
      ipAddress: row.ipAddress,
      createdAt: row.createdAt,
      // The stored time is written at most once a minute; this request is the current one's last sighting.
      lastSeenAt: current ? now : row.lastUsedAt,
      current,
    };
  });
  sessions.sort((a, b) => Number(b.current) - Number(a.current));
  return { sessions };
}

export async function signOutOtherSessions(ctx: SignedIn): Promise<{ ended: number }> {
  return { ended: await deleteSessionsOfUser(ctx.db, ctx.user.id, ctx.session.id, ctx.now()) };
}
