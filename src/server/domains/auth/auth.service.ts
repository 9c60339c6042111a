import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import type { Role } from '../../../shared/constants';
import { DEFAULT_LANGUAGE } from '../../../shared/i18n';
import { ADMIN_MESSAGES } from '../../../shared/schemas/admin';
import {
  type LoginPortal,
  type loginInput,
  MESSAGES,
  type profileUpdateInput,
  type registerInput,
  type UserDto,
} from '../../../shared/schemas/auth';
import type { Db } from '../../platform/db/create-db';
import { isUniqueViolation } from '../../platform/db/db-errors';
import { StaleWriteError } from '../../platform/db/stale-write';
import { enqueueMail } from '../../platform/mail/outbox';
import type { Context } from '../../platform/trpc/context';
import { syncFamilyMembership } from '../family/family.service';
import { placeOrRefuse } from '../observance/observance.service';
import { emailTakenByOther, insertUser, updateUserAt, userColumns } from '../users/users.queries';
import { retireResetTokens } from './account.queries';
import { emailChangedMail } from './auth.mails';
import { findUserCredentialsByEmail } from './auth.queries';
import { retireConfirmationTokens, sendEmailConfirmation } from './email-confirmation';
import { rememberDevice } from './known-devices';
import { beginSignInAttempt } from './login-throttle';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password';
import { createSession, deleteSession } from './sessions';

/** Roles each sign-in page accepts, and the hint for anyone else (spec section 6). */
const PORTAL_RULES: Record<LoginPortal, { accepts: Role[]; hint: string }> = {
  customer: { accepts: ['customer', 'admin'], hint: MESSAGES.useVendorLogin },
  vendor: { accepts: ['vendor', 'admin'], hint: MESSAGES.useCustomerLogin },
  admin: { accepts: ['admin'], hint: MESSAGES.adminsOnly },
};

async function startSession(ctx: Context, userId: string): Promise<void> {
  // A new token at every sign-in: a token planted before sign-in is never promoted.
  if (ctx.session) await deleteSession(ctx.db, ctx.session.id);
  const session = await createSession(ctx.db, {
    userId,
    ttlMs: ctx.config.sessionTtlMs,
    now: ctx.now(),
    userAgent: ctx.userAgent,
    ip: ctx.ip,
  });
  ctx.sessionCookie.set(session.token, session.expiresAt);
}

export async function register(
  ctx: Context,
  input: z.output<typeof registerInput>,
): Promise<{ user: UserDto }> {
  if (await emailTakenByOther(ctx.db, input.email)) {
    throw new TRPCError({ code: 'CONFLICT', message: MESSAGES.emailTaken });
  }
  const passwordHash = await hashPassword(input.password);
  try {
    const user = await ctx.db.transaction().execute(async (trx) => {
      const created = await insertUser(trx, {
        email: input.email,
        passwordHash,
        name: input.name,
        phone: input.phone,
        familyLabel: input.familyLabel,
        role: input.role,
        // The language the visitor was reading the sign-up page in, unless the form says otherwise.
        language: input.language ?? ctx.requestLanguage ?? DEFAULT_LANGUAGE,
      });
      await syncFamilyMembership(trx, created.id, null, { inviteToken: input.inviteToken, now: ctx.now() });
      // The mail and its link commit with the account (decision 030).
      await sendEmailConfirmation(trx, ctx.config.appUrl, created, ctx.now());
      return created;
    });
    await startSession(ctx, user.id);
    return { user };
  } catch (error) {
    // Two sign-ups racing for one email: the unique index decides.
    if (isUniqueViolation(error)) throw new TRPCError({ code: 'CONFLICT', message: MESSAGES.emailTaken });
    throw error;
  }
}

export async function login(ctx: Context, input: z.output<typeof loginInput>): Promise<{ user: UserDto }> {
  // Reserved before the check, for known and unknown emails alike: the same statements, the same wait.
  const attempt = await beginSignInAttempt(ctx, input.email, ctx.ip);
  const found = await findUserCredentialsByEmail(ctx.db, input.email);
  const valid = found
    ? await verifyPassword(found.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!found || !valid) throw new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.badCredentials });
  await attempt.succeeded();
  // Told only after the right password, so the sentence reveals nothing to a guesser.
  if (found.suspendedAt) throw new TRPCError({ code: 'FORBIDDEN', message: ADMIN_MESSAGES.suspendedSignIn });
  const device = await rememberDevice(ctx.db, found.id, attempt.knownDevice, ctx.now());
  if (device) ctx.deviceCookie.set(device.token, device.expiresAt);

  const { passwordHash: _hash, suspendedAt: _suspendedAt, ...user } = found;
  if (input.portal) {
    const rule = PORTAL_RULES[input.portal];
    if (!rule.accepts.includes(user.role)) {
      // The right password on the wrong page: no session is made, and the person is told where to go.
      throw new TRPCError({ code: 'FORBIDDEN', message: rule.hint });
    }
  }
  await startSession(ctx, user.id);
  return { user };
}

export async function logout(ctx: Context): Promise<{ ok: true }> {
  if (ctx.session) await deleteSession(ctx.db, ctx.session.id);
  ctx.sessionCookie.clear();
  return { ok: true };
}

export async function updateProfile(
  ctx: Context & { user: UserDto },
  input: z.output<typeof profileUpdateInput>,
): Promise<{ user: UserDto }> {
  const { version, ...changes } = input;
  if (changes.homePlaceId !== undefined && changes.homePlaceId !== null)
    placeOrRefuse(changes.homePlaceId, 'homePlaceId');
  if (changes.email !== undefined && (await emailTakenByOther(ctx.db, changes.email, ctx.user.id))) {
    throw new TRPCError({ code: 'CONFLICT', message: MESSAGES.emailTaken });
  }
  try {
    const user = await ctx.db.transaction().execute(async (trx) => {
      // Read the current row under a lock, so concurrent edits keep memberCount exact and an edit
      // made from an older version is refused (409 with the profile as it is now); one that names
      // no version applies to the profile as it is.
      const before = await trx
        .selectFrom('users')
        .select(userColumns)
        .where('id', '=', ctx.user.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (version !== undefined && before.version !== version) throw new StaleWriteError(before);
      const newAddress =
        changes.email !== undefined && normalEmail(changes.email) !== normalEmail(before.email);
      // A new address is not confirmed until its own link is opened (decision 030).
      const values = newAddress ? { ...changes, emailConfirmedAt: null } : changes;
      const updated = await updateUserAt(trx, ctx.user.id, before.version, values);
      // Cannot miss: the row is locked at this version.
      if (!updated) throw new StaleWriteError(before);
      await syncFamilyMembership(trx, ctx.user.id, before.familyLabel, { now: ctx.now() });
      if (newAddress) await emailChanged(trx, ctx.config.appUrl, before, updated, ctx.now());
      return updated;
    });
    return { user };
  } catch (error) {
    if (isUniqueViolation(error)) throw new TRPCError({ code: 'CONFLICT', message: MESSAGES.emailTaken });
    throw error;
  }
}

const normalEmail = (email: string) => email.trim().toLowerCase();

/**
 * A reset link mailed to the old address must not set a password any more (whoever reads that
 * mailbox would take the account), and the old address is told, without a link. The new address
 * gets a link that confirms it; links to the old one confirm nothing any more.
 */
async function emailChanged(
  trx: Db,
  appUrl: string,
  before: UserDto,
  after: UserDto,
  now: Date,
): Promise<void> {
  await retireResetTokens(trx, before.id, now);
  await enqueueMail(trx, {
    kind: 'email-changed',
    to: before.email,
    userId: before.id,
    notification: false,
    ...emailChangedMail({ name: before.name, newEmail: after.email, language: after.language }),
  });
  await retireConfirmationTokens(trx, before.id, now);
  await sendEmailConfirmation(trx, appUrl, after, now);
}
