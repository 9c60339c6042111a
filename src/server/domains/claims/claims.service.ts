import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { CATEGORY_OF_DASHBOARD_VALUE, type DashboardCategoryValue } from '../../../shared/categories';
import type { UserDto } from '../../../shared/schemas/auth';
import {
  type AdminClaimDto,
  CLAIM_MESSAGES,
  type ClaimEvidenceDto,
  type ClaimStatusValue,
  type claimDecisionInput,
  type claimRevokeInput,
  type claimSubmitInput,
  type claimWithdrawInput,
  type MyClaimDto,
} from '../../../shared/schemas/claims';
import { recordAudit } from '../../platform/audit';
import type { Db } from '../../platform/db/create-db';
import { isUniqueViolation } from '../../platform/db/db-errors';
import { inTransaction } from '../../platform/db/transaction';
import { enforce } from '../../platform/limits/rate-limit';
import { appendLiveEvents, type NewLiveEvent } from '../../platform/live/live-events';
import { enqueueMail, languageOfUser } from '../../platform/mail/outbox';
import type { Context } from '../../platform/trpc/context';
import { notify } from '../notifications/notifications.service';
import { insertVendor, lockAndFindListingNamed } from '../vendors/vendors.queries';
import { type ClaimDecision, claimDecidedMail } from './claims.mails';
import {
  type AdminClaimRow,
  adminClaimRows,
  type ClaimEventRow,
  claimEventRows,
  countPendingClaimsOn,
  findApprovedClaimOn,
  findClaimantAccount,
  findContacts,
  findListingForClaim,
  findPendingClaimOf,
  handOverWaitingMessages,
  insertClaim,
  insertClaimEvents,
  latestThreadIdsOf,
  lockClaim,
  lockListing,
  type MyClaimRow,
  myClaimRows,
  peekClaim,
  promoteCustomerToVendor,
  rejectPendingClaimsOn,
  setListingOwner,
  updateClaim,
} from './claims.queries';
import { accountAgeDays, confirmedEmailEvidence, domainMatchOf } from './evidence';

type Signed = Context & { user: UserDto };

/** Where the claimant reads their claims; the bell and the mail both open it. */
const CLAIMS_LINK = '/vendor-dashboard?tab=claims';
export const COMPETING_CLAIM_REJECTED = 'Another claim for this listing was approved';
/**
 * A new owner's open tabs hear about this many of the listing's threads, the most recent; the rest
 * appear when the thread list is next read. Bounds the live events one approval writes.
 */
export const HANDOVER_THREAD_EVENTS = 50;
/** The admin lists have no paging yet; this bounds one answer. */
export const ADMIN_CLAIMS_MAX = 1000;

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: CLAIM_MESSAGES.notFound });
const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });

type HistoryEntry = MyClaimDto['history'][number];

type Actor = Pick<HistoryEntry, 'actor' | 'actorKind'>;

/** The submitter sees that an administrator decided, never which one. */
function actorForSubmitter(e: ClaimEventRow): Actor {
  if (e.actorRole === 'admin') return { actor: 'An administrator', actorKind: 'admin' };
  if (e.actorRole === 'system') return { actor: 'SimchaHub', actorKind: 'system' };
  return { actor: 'You', actorKind: 'you' };
}

function actorForAdmin(e: ClaimEventRow): Actor {
  if (e.actorRole === 'system') return { actor: 'SimchaHub', actorKind: 'system' };
  if (e.actorName) return { actor: e.actorName, actorKind: 'person' };
  return e.actorRole === 'admin'
    ? { actor: 'A former administrator', actorKind: 'formerAdmin' }
    : { actor: 'A deleted account', actorKind: 'deleted' };
}

function historyByClaim(events: ClaimEventRow[], actor: (e: ClaimEventRow) => Actor) {
  const map = new Map<string, HistoryEntry[]>();
  for (const e of events) {
    const list = map.get(e.claimId) ?? [];
    list.push({
      fromStatus: e.fromStatus,
      toStatus: e.toStatus,
      ...actor(e),
      note: e.note,
      at: e.createdAt,
    });
    map.set(e.claimId, list);
  }
  return map;
}

function toMyClaim(row: MyClaimRow, history: HistoryEntry[]): MyClaimDto {
  return {
    id: row.id,
    vendorId: row.vendorId,
    listingName: row.listingName,
    status: row.status,
    businessName: row.businessName,
    businessDescription: row.businessDescription,
    businessAddress: row.businessAddress,
    businessPhone: row.businessPhone,
    businessEmail: row.businessEmail,
    businessWebsite: row.businessWebsite,
    reviewNotes: row.reviewNotes,
    submittedAt: row.createdAt,
    reviewedAt: row.reviewedAt,
    history,
  };
}

/** Claims from before evidence was computed store {}: they have none to show. */
function evidenceOf(value: AdminClaimRow['evidence']): ClaimEvidenceDto | null {
  return 'domainMatch' in value ? (value as ClaimEvidenceDto) : null;
}

function toAdminClaim(row: AdminClaimRow, history: HistoryEntry[]): AdminClaimDto {
  return {
    ...toMyClaim(row, history),
    userId: row.userId,
    userEmail: row.userEmail,
    userName: row.userName,
    ownershipProof: row.ownershipProof,
    notes: row.notes,
    approvedBy: row.approvedBy,
    evidence: evidenceOf(row.evidence),
    competingClaimsNow: row.competingClaimsNow,
    listing: row.listingId
      ? {
          id: row.listingId,
          businessName: row.listingName ?? '',
          category: row.listingCategory ?? '',
          contactEmail: row.listingContactEmail ?? '',
          contactPhone: row.listingContactPhone,
          website: row.listingWebsite,
          address: row.listingAddress,
          city: row.listingCity,
          ownerId: row.listingOwnerId,
          claimed: row.listingClaimed ?? false,
          verified: row.listingVerified ?? false,
        }
      : null,
  };
}

/** Claims as `toDto` makes them, each with its history as `actor` names who acted. */
async function withHistory<R extends { id: string }, D>(
  db: Db,
  rows: R[],
  actor: (e: ClaimEventRow) => Actor,
  toDto: (row: R, history: HistoryEntry[]) => D,
): Promise<D[]> {
  const history = historyByClaim(
    await claimEventRows(
      db,
      rows.map((r) => r.id),
    ),
    actor,
  );
  return rows.map((r) => toDto(r, history.get(r.id) ?? []));
}

async function myClaims(db: Db, userId: string, claimId?: string): Promise<MyClaimDto[]> {
  return withHistory(db, await myClaimRows(db, userId, claimId), actorForSubmitter, toMyClaim);
}

async function adminClaims(db: Db, filter: Parameters<typeof adminClaimRows>[1]): Promise<AdminClaimDto[]> {
  return withHistory(db, await adminClaimRows(db, filter), actorForAdmin, toAdminClaim);
}

async function oneAdminClaim(db: Db, claimId: string): Promise<AdminClaimDto> {
  const [dto] = await adminClaims(db, { claimId });
  if (!dto) throw notFound();
  return dto;
}

export async function submitClaim(
  ctx: Signed,
  input: z.output<typeof claimSubmitInput>,
): Promise<MyClaimDto> {
  const { user } = ctx;
  // An admin decides claims; one claiming a listing would decide their own.
  if (user.role === 'admin')
    throw new TRPCError({ code: 'FORBIDDEN', message: CLAIM_MESSAGES.adminCannotClaim });
  const now = ctx.now();
  await enforce(ctx.db, `claims:user:${user.id}`, ctx.config.limits.claims, now, CLAIM_MESSAGES.tooMany);
  const vendorId = input.vendorId ?? null;
  const duplicate = () =>
    conflict(vendorId ? CLAIM_MESSAGES.alreadyPending : CLAIM_MESSAGES.alreadyPendingNew);
  return inTransaction(ctx.db, async (trx) => {
    const listing = vendorId ? await findListingForClaim(trx, vendorId) : null;
    if (vendorId && !listing) {
      throw new TRPCError({ code: 'NOT_FOUND', message: CLAIM_MESSAGES.listingNotFound });
    }
    if (listing?.ownerId === user.id) throw conflict(CLAIM_MESSAGES.alreadyYours);
    if (await findPendingClaimOf(trx, user.id, vendorId ? { vendorId } : { name: input.businessName })) {
      throw duplicate();
    }
    // The stored account, not the session's copy of it.
    const account = (await findClaimantAccount(trx, user.id)) ?? user;
    const evidence = {
      domainMatch: domainMatchOf(input.businessEmail, listing ?? null),
      competingClaims: vendorId ? await countPendingClaimsOn(trx, vendorId, user.id) : 0,
      accountAgeDays: accountAgeDays(account.createdAt, now),
      emailConfirmed: confirmedEmailEvidence(account, input.businessEmail),
    };
    let claimId: string;
    try {
      claimId = await insertClaim(trx, {
        vendorId,
        userId: user.id,
        businessName: input.businessName,
        businessDescription: input.businessDescription,
        businessAddress: input.businessAddress,
        businessPhone: input.businessPhone,
        businessEmail: input.businessEmail,
        businessWebsite: input.businessWebsite,
        ownershipProof: input.ownershipProof,
        category: input.category ?? null,
        evidence,
        createdAt: now,
      });
    } catch (error) {
      // A concurrent submit of the same claim passed the check above too: the partial unique
      // indexes let exactly one of them in.
      if (isUniqueViolation(error)) throw duplicate();
      throw error;
    }
    await insertClaimEvents(trx, [
      { claimId, fromStatus: null, toStatus: 'pending', actorId: user.id, actorRole: user.role },
    ]);
    const [dto] = await myClaims(trx, user.id, claimId);
    return dto as MyClaimDto;
  });
}

export async function claimsOf(db: Db, user: UserDto): Promise<MyClaimDto[]> {
  return myClaims(db, user.id);
}

export async function withdrawClaim(
  ctx: Signed,
  input: z.output<typeof claimWithdrawInput>,
): Promise<MyClaimDto> {
  const { user } = ctx;
  return inTransaction(ctx.db, async (trx) => {
    // Someone else's claim answers as if it did not exist.
    const claim = await lockClaim(trx, input.claimId, user.id);
    if (!claim) throw notFound();
    if (claim.status !== 'pending') throw conflict(CLAIM_MESSAGES.notPendingWithdraw);
    await updateClaim(trx, claim.id, { status: 'withdrawn', decidedAt: ctx.now() });
    await insertClaimEvents(trx, [
      {
        claimId: claim.id,
        fromStatus: 'pending',
        toStatus: 'withdrawn',
        actorId: user.id,
        actorRole: user.role,
        note: input.note,
      },
    ]);
    const [dto] = await myClaims(trx, user.id, claim.id);
    return dto as MyClaimDto;
  });
}

/** Every claim (newest first) or those of one status; pending ones oldest first, as a queue. */
export async function claimsForAdmin(db: Db, status?: ClaimStatusValue): Promise<AdminClaimDto[]> {
  return adminClaims(db, { status, limit: ADMIN_CLAIMS_MAX });
}

/**
 * Records the decision for its claimant: the bell item (whose live event is returned) and, unless
 * they turned e-mail notifications off, the mail, both in the decision's transaction.
 */
async function tellClaimants(
  trx: Db,
  ctx: Signed,
  decisions: { userId: string; listingName: string; decision: ClaimDecision; notes: string | null }[],
): Promise<NewLiveEvent[]> {
  const contacts = await findContacts(
    trx,
    decisions.map((d) => d.userId),
  );
  const events: NewLiveEvent[] = [];
  for (const d of decisions) {
    events.push(
      await notify(trx, {
        userId: d.userId,
        kind: 'claim_decided',
        about: { code: 'claim.decided', params: { listing: d.listingName, decision: d.decision } },
        body: d.notes ?? '',
        link: CLAIMS_LINK,
      }),
    );
    const contact = contacts.get(d.userId);
    if (contact) {
      await enqueueMail(trx, {
        kind: 'claim-decided',
        to: contact.email,
        userId: d.userId,
        notification: true,
        ...claimDecidedMail({
          name: contact.name,
          listingName: d.listingName,
          decision: d.decision,
          notes: d.notes,
          claimsUrl: `${ctx.config.appUrl}${CLAIMS_LINK}`,
          language: await languageOfUser(trx, d.userId),
        }),
      });
    }
  }
  return events;
}

/** An admin's decision, in one transaction and at one moment. */
function decide(ctx: Signed, run: (trx: Db, admin: UserDto, now: Date) => Promise<AdminClaimDto>) {
  return inTransaction(ctx.db, (trx) => run(trx, ctx.user, ctx.now()));
}

/** The claim as admins see it after a decision on it alone, and the news of it to its claimant. */
async function decidedAlone(
  trx: Db,
  ctx: Signed,
  claim: { id: string; userId: string },
  decision: ClaimDecision,
  notes: string | null,
): Promise<{ dto: AdminClaimDto; events: NewLiveEvent[] }> {
  const dto = await oneAdminClaim(trx, claim.id);
  const events = await tellClaimants(trx, ctx, [
    { userId: claim.userId, listingName: dto.listingName ?? dto.businessName, decision, notes },
  ]);
  return { dto, events };
}

/** A reviewed claim's row: approved_by names the reviewer, whichever way they decided. */
function reviewed(status: 'approved' | 'rejected', admin: UserDto, notes: string | null, now: Date) {
  return { status, decidedAt: now, reviewedAt: now, approvedBy: admin.id, reviewNotes: notes };
}

/** The listing's recent threads changed sides for these users: their open tabs refresh them. */
async function threadEvents(trx: Db, vendorId: string, userIds: (string | null)[]): Promise<NewLiveEvent[]> {
  const users = [...new Set(userIds.filter((u): u is string => u !== null))];
  if (users.length === 0) return [];
  const threadIds = await latestThreadIdsOf(trx, vendorId, HANDOVER_THREAD_EVENTS);
  return users.flatMap((userId) =>
    threadIds.map((threadId) => ({ userId, kind: 'thread' as const, ref: { threadId } })),
  );
}

/**
 * The claim's listing (when it names one) locked before the claim: approve and revoke lock both,
 * always in this order, so two decisions on the same listing queue instead of deadlocking. A
 * pending claim's listing never changes, so the unlocked first read names the right one, except
 * when a new business's claim was approved in between: its listing, created by that approval, is
 * then locked after the claim.
 */
async function lockListingThenClaim(trx: Db, claimId: string) {
  const peek = await peekClaim(trx, claimId);
  if (!peek) throw notFound();
  let listing = peek.vendorId ? await lockListing(trx, peek.vendorId) : undefined;
  const claim = await lockClaim(trx, claimId);
  if (!claim) throw notFound();
  if (claim.vendorId !== peek.vendorId)
    listing = claim.vendorId ? await lockListing(trx, claim.vendorId) : undefined;
  return { claim, listing };
}

export async function approveClaim(
  ctx: Signed,
  input: z.output<typeof claimDecisionInput>,
): Promise<AdminClaimDto> {
  return decide(ctx, async (trx, admin, now) => {
    const { claim, listing: existing } = await lockListingThenClaim(trx, input.claimId);
    // Checked first: the loser of two approvals of competing claims finds its claim rejected by
    // the winner, and this is the reason to give. A listing changes hands only after a revoke.
    if (existing && (await findApprovedClaimOn(trx, existing.id, claim.id))) {
      throw conflict(CLAIM_MESSAGES.listingTaken);
    }
    if (claim.status !== 'pending') throw conflict(CLAIM_MESSAGES.notPending);

    let listing: { id: string; businessName: string; ownerId: string | null };
    if (existing) {
      listing = existing;
    } else {
      // A new business: its listing is created now, under the same rule as "List Your Business".
      const taken = await lockAndFindListingNamed(trx, claim.businessName);
      if (taken) throw conflict(CLAIM_MESSAGES.nameTaken(taken.businessName));
      const category = claim.category
        ? (CATEGORY_OF_DASHBOARD_VALUE[claim.category as DashboardCategoryValue] ?? 'Other')
        : 'Other';
      const created = await insertVendor(trx, {
        businessName: claim.businessName,
        category,
        description: claim.businessDescription,
        address: claim.businessAddress,
        contactPhone: claim.businessPhone,
        contactEmail: claim.businessEmail,
        website: claim.businessWebsite,
        ownerId: claim.userId,
        claimed: true,
        verified: false,
      });
      listing = { id: created.id, businessName: created.businessName, ownerId: null };
    }

    try {
      await updateClaim(trx, claim.id, {
        ...reviewed('approved', admin, input.notes, now),
        vendorId: listing.id,
      });
    } catch (error) {
      // The listing lock orders approvals; vendor_claims_one_approved_idx has the last word should
      // anything bypass it (no other unique index covers an approved claim).
      if (isUniqueViolation(error)) {
        throw conflict(CLAIM_MESSAGES.listingTaken);
      }
      throw error;
    }
    const previousOwner = listing.ownerId;
    if (existing) await setListingOwner(trx, listing.id, claim.userId, now);
    await promoteCustomerToVendor(trx, claim.userId, now);
    await handOverWaitingMessages(trx, listing.id, claim.userId);
    const competing = existing
      ? await rejectPendingClaimsOn(trx, listing.id, claim.id, {
          decidedAt: now,
          approvedBy: admin.id,
          reviewNotes: COMPETING_CLAIM_REJECTED,
        })
      : [];

    await recordAdminDecision(
      trx,
      admin,
      claim.id,
      {
        from: 'pending',
        to: 'approved',
        notes: input.notes,
        before: { vendorId: claim.vendorId, ownerId: previousOwner },
        after: { vendorId: listing.id, ownerId: claim.userId, rejectedClaimIds: competing.map((c) => c.id) },
      },
      // Rejected by the approval, not by anyone's review of them.
      competing.map((c) => ({
        claimId: c.id,
        fromStatus: 'pending' as const,
        toStatus: 'rejected' as const,
        actorId: null,
        actorRole: 'system' as const,
        note: COMPETING_CLAIM_REJECTED,
      })),
    );

    const dto = await oneAdminClaim(trx, claim.id);
    const events = await tellClaimants(trx, ctx, [
      { userId: claim.userId, listingName: listing.businessName, decision: 'approved', notes: input.notes },
      ...competing.map((c) => ({
        userId: c.userId,
        listingName: listing.businessName,
        decision: 'rejected' as const,
        notes: COMPETING_CLAIM_REJECTED,
      })),
    ]);
    if (existing) {
      // The new owner now sees the listing's threads, and an earlier owner no longer does.
      events.push(...(await threadEvents(trx, listing.id, [claim.userId, previousOwner])));
    }
    await appendLiveEvents(trx, events);
    return dto;
  });
}

const DECISION_ACTIONS = {
  approved: 'claim.approve',
  rejected: 'claim.reject',
  revoked: 'claim.revoke',
} as const;

interface AdminDecision {
  from: ClaimStatusValue;
  to: keyof typeof DECISION_ACTIONS;
  notes: string | null;
  /** Fields besides the status that the decision changed, as they were and as they are. */
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

/**
 * An admin's decision on a claim, in the claim's history (with any other rows it caused) and in the
 * audit log, inside the decision's transaction.
 */
async function recordAdminDecision(
  trx: Db,
  admin: UserDto,
  claimId: string,
  decision: AdminDecision,
  alsoInHistory: Parameters<typeof insertClaimEvents>[1] = [],
): Promise<void> {
  await insertClaimEvents(trx, [
    {
      claimId,
      fromStatus: decision.from,
      toStatus: decision.to,
      actorId: admin.id,
      actorRole: 'admin',
      note: decision.notes,
    },
    ...alsoInHistory,
  ]);
  await recordAudit(trx, {
    actor: admin,
    action: DECISION_ACTIONS[decision.to],
    targetType: 'claim',
    targetId: claimId,
    reason: decision.notes,
    before: { status: decision.from, ...decision.before },
    after: { status: decision.to, ...decision.after },
  });
}

export async function rejectClaim(
  ctx: Signed,
  input: z.output<typeof claimDecisionInput>,
): Promise<AdminClaimDto> {
  return decide(ctx, async (trx, admin, now) => {
    const claim = await lockClaim(trx, input.claimId);
    if (!claim) throw notFound();
    if (claim.status !== 'pending') throw conflict(CLAIM_MESSAGES.notPending);
    await updateClaim(trx, claim.id, reviewed('rejected', admin, input.notes, now));
    await recordAdminDecision(trx, admin, claim.id, { from: 'pending', to: 'rejected', notes: input.notes });
    const { dto, events } = await decidedAlone(trx, ctx, claim, 'rejected', input.notes);
    await appendLiveEvents(trx, events);
    return dto;
  });
}

export async function revokeClaim(
  ctx: Signed,
  input: z.output<typeof claimRevokeInput>,
): Promise<AdminClaimDto> {
  return decide(ctx, async (trx, admin, now) => {
    const { claim, listing } = await lockListingThenClaim(trx, input.claimId);
    if (claim.status !== 'approved') throw conflict(CLAIM_MESSAGES.notApproved);
    // reviewed_at and approved_by keep the approval's; the reason is what the claimant reads now.
    await updateClaim(trx, claim.id, { status: 'revoked', decidedAt: now, reviewNotes: input.notes });
    // The listing is left alone if it changed hands since (an admin gave it to someone else).
    const ownerRemoved = listing !== undefined && listing.ownerId === claim.userId;
    if (ownerRemoved) await setListingOwner(trx, listing.id, null, now);
    const ownerBefore = listing?.ownerId ?? null;
    await recordAdminDecision(trx, admin, claim.id, {
      from: 'approved',
      to: 'revoked',
      notes: input.notes,
      before: { vendorId: claim.vendorId, ownerId: ownerBefore },
      after: { vendorId: claim.vendorId, ownerId: ownerRemoved ? null : ownerBefore },
    });
    const { dto, events } = await decidedAlone(trx, ctx, claim, 'revoked', input.notes);
    if (ownerRemoved) events.push(...(await threadEvents(trx, listing.id, [claim.userId])));
    await appendLiveEvents(trx, events);
    return dto;
  });
}
