import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import type { Role } from '../../shared/constants';
import {
  type LoginPortal,
  type loginInput,
  MESSAGES,
  type profileUpdateInput,
  type registerInput,
  type UserDto,
} from '../../shared/schemas/auth';
import { changeCircle } from '../family/family.queries';
import type { Context } from '../trpc/context';
import {
  emailTakenByOther,
  findUserCredentialsByEmail,
  insertUser,
  isUniqueViolation,
  updateUser,
} from './auth.queries';
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
      });
      await changeCircle(trx, null, created.familyLabel);
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
  const retryAfterMs = ctx.loginThrottle.retryAfterMs(input.email, ctx.ip);
  if (retryAfterMs > 0) {
    const minutes = Math.ceil(retryAfterMs / 60_000);
    throw new TRPCError({
      code: 'TOO_MANY_REQUESTS',
      message: `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    });
  }

  const found = await findUserCredentialsByEmail(ctx.db, input.email);
  const valid = found
    ? await verifyPassword(found.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!found || !valid) {
    ctx.loginThrottle.recordFailure(input.email, ctx.ip);
    throw new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.badCredentials });
  }
  ctx.loginThrottle.recordSuccess(input.email);

  const { passwordHash: _hash, ...user } = found;
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
  if (input.email !== undefined && (await emailTakenByOther(ctx.db, input.email, ctx.user.id))) {
    throw new TRPCError({ code: 'CONFLICT', message: MESSAGES.emailTaken });
  }
  try {
    const user = await ctx.db.transaction().execute(async (trx) => {
      // Read the current label under a row lock, so concurrent edits keep memberCount exact.
      const before = await trx
        .selectFrom('users')
        .select('familyLabel')
        .where('id', '=', ctx.user.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const updated = await updateUser(trx, ctx.user.id, input);
      await changeCircle(trx, before.familyLabel, updated.familyLabel);
      return updated;
    });
    return { user };
  } catch (error) {
    if (isUniqueViolation(error)) throw new TRPCError({ code: 'CONFLICT', message: MESSAGES.emailTaken });
    throw error;
  }
}
