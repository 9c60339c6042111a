import { TRPCError } from '@trpc/server';
import type { UserDto } from '../../../shared/schemas/auth';
import type { FamilyEventDto, FamilyMemberDto } from '../../../shared/schemas/events';
import {
  type CreatedInviteDto,
  FAMILY_INVITE_VALID_DAYS,
  FAMILY_INVITES_MAX,
  FAMILY_MESSAGES,
  type FamilyCircleDto,
  type FamilyInviteDto,
  type FamilyRequestDto,
  type FamilyStatus,
  type InviteCheckDto,
  type InviteInput,
} from '../../../shared/schemas/family';
import type { Db } from '../../platform/db/create-db';
import { inTransaction } from '../../platform/db/transaction';
import { newSecretToken, sha256Hex } from '../../platform/tokens';
import type { Context } from '../../platform/trpc/context';
import {
  activateMembership,
  countActiveMembers,
  deleteMembership,
  ensureCircle,
  findActiveCircle,
  findLiveInvite,
  findMembership,
  insertInvite,
  insertMembership,
  listActiveMembers,
  listCircleEvents,
  listLiveInvites,
  listPendingRequests,
  lockCircles,
  lockUserLabel,
  revokeInvite as revokeInviteRow,
  settleCircle,
  setUserFamilyLabel,
} from './family.queries';

/**
 * Family circles by consent (decision 007): the first user of a label founds its circle; anyone
 * else who enters the label waits, seeing nothing, until an active member approves them or they
 * come through a member's invite link.
 */

type SignedIn = Context & { user: UserDto };

const DAY_MS = 24 * 60 * 60 * 1000;

/** Only the SHA-256 of an invite token is stored: a copy of the database lets nobody in. */
export function hashInviteToken(token: string): string {
  return sha256Hex(token);
}

function invalidInvite(): TRPCError {
  return new TRPCError({ code: 'BAD_REQUEST', message: FAMILY_MESSAGES.inviteInvalid });
}

function membersOnly(): TRPCError {
  return new TRPCError({ code: 'FORBIDDEN', message: FAMILY_MESSAGES.membersOnly });
}

export interface SyncOptions {
  /** A token from an invite link: joins the circle of the user's label at once, or fails the call. */
  inviteToken?: string | null;
  now?: Date;
}

/**
 * Brings a user's membership in line with the family label they have now, inside the caller's
 * transaction (after the label was written). Leaving or changing the label ends the old membership
 * at once. A new label joins its circle: as founder when nobody is active in it, through a valid
 * invite as an active member, and otherwise as a pending member. An unchanged label with no
 * membership (a declined request) stays out: saving the profile again does not ask again.
 */
export async function syncFamilyMembership(
  db: Db,
  userId: string,
  previousLabel: string | null,
  options: SyncOptions = {},
): Promise<FamilyStatus> {
  return inTransaction(db, async (trx) => {
    const now = options.now ?? new Date();
    const label = await lockUserLabel(trx, userId);
    const token = options.inviteToken ?? null;
    const invite = token && label ? await findLiveInvite(trx, hashInviteToken(token), label, now) : undefined;
    if (token && !invite) throw invalidInvite();

    for (let attempt = 0; attempt < 3; attempt++) {
      const before = await findMembership(trx, userId);
      const asksToJoin = label !== null && label !== previousLabel && before?.label !== label;
      const targetId = invite ? invite.circleId : asksToJoin && label ? await ensureCircle(trx, label) : null;
      const locked = await lockCircles(trx, [
        ...new Set([before?.circleId, targetId].filter((id): id is string => Boolean(id))),
      ]);
      if (targetId && !locked.some((c) => c.id === targetId)) {
        // The circle was dissolved while we waited for it.
        if (invite) throw invalidInvite();
        continue;
      }

      // Read again under the locks: an approval, a decline or a dissolution may have landed meanwhile.
      const current = await findMembership(trx, userId);
      if (current && current.label !== label) {
        await deleteMembership(trx, userId, current.circleId);
        await settleCircle(trx, current.circleId);
      } else if (current) {
        if (invite && current.status === 'pending') {
          await activateMembership(trx, {
            userId,
            circleId: current.circleId,
            approvedBy: invite.createdBy,
            inviteId: invite.id,
            now,
          });
          await settleCircle(trx, current.circleId);
          return 'active';
        }
        return current.status;
      }

      if (!targetId) return 'none';
      if (invite) {
        // Its creator may have left while we waited for the lock.
        if (!(await findLiveInvite(trx, hashInviteToken(token ?? ''), label ?? '', now)))
          throw invalidInvite();
        await insertMembership(trx, {
          userId,
          circleId: targetId,
          status: 'active',
          approvedBy: invite.createdBy,
          inviteId: invite.id,
          now,
        });
        await settleCircle(trx, targetId);
        return 'active';
      }
      // Under the circle's lock: of two first users racing for a new label exactly one founds it.
      const status = (await countActiveMembers(trx, targetId)) === 0 ? 'active' : 'pending';
      await insertMembership(trx, { userId, circleId: targetId, status, now });
      await settleCircle(trx, targetId);
      return status;
    }
    throw new Error('family circle kept changing while joining it');
  });
}

/** The caller's active circle, locked; FORBIDDEN unless the caller is an active member. */
async function lockActiveCircle(trx: Db, userId: string): Promise<{ id: string; label: string }> {
  const circle = await findActiveCircle(trx, userId);
  if (!circle) throw membersOnly();
  await lockCircles(trx, [circle.id]);
  // The caller may have left, or the circle dissolved, while we waited.
  const still = await findActiveCircle(trx, userId);
  if (!still || still.id !== circle.id) throw membersOnly();
  return circle;
}

/** An active member approves a pending member of the same circle (also used by the demo seed). */
export async function approvePending(db: Db, approverId: string, userId: string, now: Date): Promise<void> {
  await inTransaction(db, async (trx) => {
    const circle = await lockActiveCircle(trx, approverId);
    const approved = await activateMembership(trx, {
      userId,
      circleId: circle.id,
      approvedBy: approverId,
      now,
    });
    if (!approved) throw new TRPCError({ code: 'NOT_FOUND', message: FAMILY_MESSAGES.requestGone });
    await settleCircle(trx, circle.id);
  });
}

export async function approveRequest(ctx: SignedIn, input: { userId: string }): Promise<{ ok: true }> {
  await approvePending(ctx.db, ctx.user.id, input.userId, ctx.now());
  return { ok: true };
}

/** Removes a pending request; the person keeps their label but sees nothing of the circle. */
export async function declineRequest(ctx: SignedIn, input: { userId: string }): Promise<{ ok: true }> {
  await ctx.db.transaction().execute(async (trx) => {
    const circle = await lockActiveCircle(trx, ctx.user.id);
    if (!(await deleteMembership(trx, input.userId, circle.id, 'pending'))) {
      throw new TRPCError({ code: 'NOT_FOUND', message: FAMILY_MESSAGES.requestGone });
    }
  });
  return { ok: true };
}

export async function circleStatus(ctx: SignedIn): Promise<FamilyCircleDto> {
  const user = await ctx.db
    .selectFrom('users')
    .select('familyLabel')
    .where('id', '=', ctx.user.id)
    .executeTakeFirstOrThrow();
  const membership = await findMembership(ctx.db, ctx.user.id);
  if (!user.familyLabel || !membership || membership.label !== user.familyLabel) {
    return { label: user.familyLabel, status: 'none', memberCount: 0, requestedAt: null, joinedAt: null };
  }
  const active = membership.status === 'active';
  return {
    label: user.familyLabel,
    status: membership.status,
    memberCount: active ? await countActiveMembers(ctx.db, membership.circleId) : 0,
    requestedAt: active ? null : membership.requestedAt,
    joinedAt: active ? membership.approvedAt : null,
  };
}

/** Active members of the caller's circle; empty unless the caller is one of them. */
export async function circleMembers(ctx: SignedIn): Promise<FamilyMemberDto[]> {
  const circle = await findActiveCircle(ctx.db, ctx.user.id);
  if (!circle) return [];
  const rows = await listActiveMembers(ctx.db, circle.id, circle.label);
  return rows.map((r) => ({ ...r, isYou: r.id === ctx.user.id }));
}

/** Events of the circle's active members; empty unless the caller is one of them. */
export async function circleEvents(ctx: SignedIn): Promise<FamilyEventDto[]> {
  const circle = await findActiveCircle(ctx.db, ctx.user.id);
  if (!circle) return [];
  const rows = await listCircleEvents(ctx.db, circle.id, circle.label);
  return rows.map(({ ownerId, ...r }) => ({ ...r, isYours: ownerId === ctx.user.id }));
}

export async function pendingRequests(ctx: SignedIn): Promise<FamilyRequestDto[]> {
  const circle = await findActiveCircle(ctx.db, ctx.user.id);
  if (!circle) return [];
  return listPendingRequests(ctx.db, circle.id, circle.label);
}

export async function liveInvites(ctx: SignedIn): Promise<FamilyInviteDto[]> {
  const circle = await findActiveCircle(ctx.db, ctx.user.id);
  if (!circle) return [];
  const rows = await listLiveInvites(ctx.db, circle.id, ctx.now());
  return rows.map(({ createdBy, ...r }) => ({ ...r, isYours: createdBy === ctx.user.id }));
}

export async function createInvite(ctx: SignedIn): Promise<CreatedInviteDto> {
  return inTransaction(ctx.db, async (trx) => {
    const now = ctx.now();
    const circle = await lockActiveCircle(trx, ctx.user.id);
    if ((await listLiveInvites(trx, circle.id, now)).length >= FAMILY_INVITES_MAX) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: FAMILY_MESSAGES.tooManyInvites });
    }
    const token = newSecretToken();
    const row = await insertInvite(trx, {
      circleId: circle.id,
      createdBy: ctx.user.id,
      tokenHash: hashInviteToken(token),
      now,
      expiresAt: new Date(now.getTime() + FAMILY_INVITE_VALID_DAYS * DAY_MS),
    });
    return { ...row, createdByName: ctx.user.name, isYours: true, label: circle.label, token };
  });
}

export async function revokeInvite(ctx: SignedIn, input: { id: string }): Promise<{ ok: true }> {
  await ctx.db.transaction().execute(async (trx) => {
    const circle = await lockActiveCircle(trx, ctx.user.id);
    const found = await revokeInviteRow(trx, {
      id: input.id,
      circleId: circle.id,
      revokedBy: ctx.user.id,
      now: ctx.now(),
    });
    if (!found) throw new TRPCError({ code: 'NOT_FOUND', message: FAMILY_MESSAGES.inviteGone });
  });
  return { ok: true };
}

/** Whether an invite link would let its holder in; the same answer for every kind of bad link. */
export async function checkInvite(ctx: Context, input: InviteInput): Promise<InviteCheckDto> {
  const invite = await findLiveInvite(ctx.db, hashInviteToken(input.token), input.label, ctx.now());
  return invite
    ? { valid: true, invitedBy: invite.createdByName, expiresAt: invite.expiresAt }
    : { valid: false, invitedBy: null, expiresAt: null };
}

/** A signed-in user follows an invite link: their label becomes the circle's and they join at once. */
export async function acceptInvite(ctx: SignedIn, input: InviteInput): Promise<{ user: UserDto }> {
  return ctx.db.transaction().execute(async (trx) => {
    const previous = await lockUserLabel(trx, ctx.user.id);
    const user = await setUserFamilyLabel(trx, ctx.user.id, input.label);
    await syncFamilyMembership(trx, ctx.user.id, previous, { inviteToken: input.token, now: ctx.now() });
    return { user };
  });
}

/** Leaves the circle (or withdraws a pending request): the label is cleared and access ends at once. */
export async function leaveCircle(ctx: SignedIn): Promise<{ user: UserDto }> {
  return ctx.db.transaction().execute(async (trx) => {
    const previous = await lockUserLabel(trx, ctx.user.id);
    const user = await setUserFamilyLabel(trx, ctx.user.id, null);
    await syncFamilyMembership(trx, ctx.user.id, previous, { now: ctx.now() });
    return { user };
  });
}
