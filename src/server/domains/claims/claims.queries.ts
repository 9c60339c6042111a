import { type Insertable, sql } from 'kysely';
import { countOf } from '../../platform/db/aggregates';
import type { Db } from '../../platform/db/create-db';
import type {
  ClaimEvidenceRecord,
  ClaimStatus,
  VendorClaimEventsTable,
  VendorClaimsTable,
} from '../../platform/db/types';

/** The claim's own columns every view of it reads (no reviewer-only data besides approvedBy). */
const claimColumns = [
  'c.id',
  'c.vendorId',
  'c.userId',
  'c.status',
  'c.businessName',
  'c.businessDescription',
  'c.businessAddress',
  'c.businessPhone',
  'c.businessEmail',
  'c.businessWebsite',
  'c.ownershipProof',
  'c.notes',
  'c.reviewNotes',
  'c.approvedBy',
  'c.reviewedAt',
  'c.decidedAt',
  'c.category',
  'c.evidence',
  'c.version',
  'c.createdAt',
] as const;

/**
 * The listing a claim names, as the submit checks and the evidence need it. A listing an admin hid
 * is not offered to claims: it answers as if it did not exist.
 */
export async function findListingForClaim(db: Db, vendorId: string) {
  return db
    .selectFrom('vendors')
    .select(['id', 'businessName', 'ownerId', 'website', 'contactEmail'])
    .where('id', '=', vendorId)
    .where('hidden', '=', false)
    .executeTakeFirst();
}

/** The claimant's account as stored (not the session's copy): sign-up time and address confirmation. */
export async function findClaimantAccount(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['createdAt', 'email', 'emailConfirmedAt'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** The user's pending claim on the listing, or on a new business of that name (case ignored, as the index does). */
export async function findPendingClaimOf(
  db: Db,
  userId: string,
  target: { vendorId: string } | { name: string },
) {
  let q = db
    .selectFrom('vendorClaims')
    .select('id')
    .where('userId', '=', userId)
    .where('status', '=', 'pending');
  q =
    'vendorId' in target
      ? q.where('vendorId', '=', target.vendorId)
      : q
          .where('vendorId', 'is', null)
          .where(sql<string>`lower(business_name)`, '=', sql<string>`lower(${target.name})`);
  return q.executeTakeFirst();
}

/** Pending claims on the listing by anyone but the user. */
export async function countPendingClaimsOn(db: Db, vendorId: string, exceptUserId: string): Promise<number> {
  return countOf(
    db
      .selectFrom('vendorClaims')
      .where('vendorId', '=', vendorId)
      .where('status', '=', 'pending')
      .where('userId', '<>', exceptUserId),
  );
}

/** A claim as submitted: the submitter's form, and the evidence computed for the reviewer. */
export type NewClaim = Pick<
  VendorClaimsTable,
  | 'vendorId'
  | 'userId'
  | 'businessName'
  | 'businessDescription'
  | 'businessAddress'
  | 'businessPhone'
  | 'businessEmail'
  | 'businessWebsite'
  | 'ownershipProof'
  | 'category'
> & { evidence: ClaimEvidenceRecord; createdAt: Date };

export async function insertClaim(db: Db, claim: NewClaim): Promise<string> {
  const row = await db
    .insertInto('vendorClaims')
    .values({ ...claim, evidence: JSON.stringify(claim.evidence), updatedAt: claim.createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertClaimEvents(db: Db, events: Insertable<VendorClaimEventsTable>[]): Promise<void> {
  if (events.length === 0) return;
  await db.insertInto('vendorClaimEvents').values(events).execute();
}

/** Claims as their submitter sees them, with the listing's current name; newest first. */
export async function myClaimRows(db: Db, userId: string, claimId?: string) {
  let q = db
    .selectFrom('vendorClaims as c')
    .leftJoin('vendors as v', 'v.id', 'c.vendorId')
    .select([...claimColumns, 'v.businessName as listingName'])
    .where('c.userId', '=', userId);
  if (claimId) q = q.where('c.id', '=', claimId);
  return q.orderBy('c.createdAt', 'desc').orderBy('c.id', 'desc').execute();
}
export type MyClaimRow = Awaited<ReturnType<typeof myClaimRows>>[number];

/**
 * Claims as an admin sees them, in one statement: the submitter, the listing as it is now, and the
 * pending claims competing for it now (vendor_claims_vendor_status_idx answers each count).
 * Pending claims come oldest first (a queue: the longest waiting is decided first), others newest first.
 */
export async function adminClaimRows(
  db: Db,
  filter: { status?: ClaimStatus | undefined; claimId?: string; limit?: number },
) {
  let q = db
    .selectFrom('vendorClaims as c')
    .innerJoin('users as u', 'u.id', 'c.userId')
    .leftJoin('vendors as v', 'v.id', 'c.vendorId')
    .select([
      ...claimColumns,
      'u.email as userEmail',
      'u.name as userName',
      'v.id as listingId',
      'v.businessName as listingName',
      'v.category as listingCategory',
      'v.contactEmail as listingContactEmail',
      'v.contactPhone as listingContactPhone',
      'v.website as listingWebsite',
      'v.address as listingAddress',
      'v.city as listingCity',
      'v.ownerId as listingOwnerId',
      'v.claimed as listingClaimed',
      'v.verified as listingVerified',
      sql<number>`(select count(*)::int from vendor_claims o
        where o.vendor_id = c.vendor_id and o.status = 'pending' and o.id <> c.id)`.as('competingClaimsNow'),
    ]);
  if (filter.claimId) q = q.where('c.id', '=', filter.claimId);
  if (filter.status) q = q.where('c.status', '=', filter.status);
  const direction = filter.status === 'pending' ? 'asc' : 'desc';
  q = q.orderBy('c.createdAt', direction).orderBy('c.id', direction);
  if (filter.limit) q = q.limit(filter.limit);
  return q.execute();
}
export type AdminClaimRow = Awaited<ReturnType<typeof adminClaimRows>>[number];

/** The history of the claims, oldest first, with each actor's name (shown to admins only). */
export async function claimEventRows(db: Db, claimIds: readonly string[]) {
  if (claimIds.length === 0) return [];
  return db
    .selectFrom('vendorClaimEvents as e')
    .leftJoin('users as a', 'a.id', 'e.actorId')
    .select([
      'e.claimId',
      'e.fromStatus',
      'e.toStatus',
      'e.actorId',
      'e.actorRole',
      'e.note',
      'e.createdAt',
      'a.name as actorName',
    ])
    .where('e.claimId', 'in', [...claimIds])
    .orderBy('e.createdAt')
    .orderBy('e.id')
    .execute();
}
export type ClaimEventRow = Awaited<ReturnType<typeof claimEventRows>>[number];

/** The claim's listing id and submitter, read without a lock to learn which listing to lock first. */
export async function peekClaim(db: Db, claimId: string) {
  return db
    .selectFrom('vendorClaims')
    .select(['id', 'vendorId', 'userId'])
    .where('id', '=', claimId)
    .executeTakeFirst();
}

/** The claim under its row lock, held until the transaction ends; the caller's own when userId is given. */
export async function lockClaim(db: Db, claimId: string, userId?: string) {
  let q = db.selectFrom('vendorClaims as c').select(claimColumns).where('c.id', '=', claimId).forUpdate();
  if (userId) q = q.where('c.userId', '=', userId);
  return q.executeTakeFirst();
}
export type LockedClaim = NonNullable<Awaited<ReturnType<typeof lockClaim>>>;

/**
 * The listing under its row lock: every decision on its claims takes it first, so they queue. FOR NO
 * KEY UPDATE, not FOR UPDATE: it still queues decisions and edits of the listing, but not the rows
 * that only reference it (a profile view's counters, a request, a message, a new claim), whose
 * foreign-key checks would otherwise wait for the decision to commit.
 */
export async function lockListing(db: Db, vendorId: string) {
  return db
    .selectFrom('vendors')
    .select(['id', 'businessName', 'ownerId'])
    .where('id', '=', vendorId)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

/** Another claim approved for the listing, if any. */
export async function findApprovedClaimOn(db: Db, vendorId: string, exceptClaimId: string) {
  return db
    .selectFrom('vendorClaims')
    .select('id')
    .where('vendorId', '=', vendorId)
    .where('status', '=', 'approved')
    .where('id', '<>', exceptClaimId)
    .executeTakeFirst();
}

export interface ClaimChange {
  status: ClaimStatus;
  decidedAt: Date;
  reviewedAt?: Date;
  approvedBy?: string;
  reviewNotes?: string | null;
  vendorId?: string;
}

export async function updateClaim(db: Db, claimId: string, change: ClaimChange): Promise<void> {
  await db
    .updateTable('vendorClaims')
    .set({ ...change, updatedAt: change.decidedAt, version: sql<number>`version + 1` })
    .where('id', '=', claimId)
    .execute();
}

/**
 * Rejects every other pending claim on the listing; returns who submitted them. A claim locked by a
 * concurrent withdraw or reject is waited for, and skipped once it is no longer pending.
 */
export async function rejectPendingClaimsOn(
  db: Db,
  vendorId: string,
  exceptClaimId: string,
  change: { decidedAt: Date; approvedBy: string; reviewNotes: string },
) {
  return db
    .updateTable('vendorClaims')
    .set({
      status: 'rejected',
      reviewedAt: change.decidedAt,
      decidedAt: change.decidedAt,
      updatedAt: change.decidedAt,
      approvedBy: change.approvedBy,
      reviewNotes: change.reviewNotes,
      version: sql<number>`version + 1`,
    })
    .where('vendorId', '=', vendorId)
    .where('status', '=', 'pending')
    .where('id', '<>', exceptClaimId)
    .returning(['id', 'userId', 'businessName'])
    .execute();
}

/** Gives the listing an owner (or none): a change of owner raises the version, like any edit. */
export async function setListingOwner(
  db: Db,
  vendorId: string,
  ownerId: string | null,
  now: Date,
): Promise<void> {
  await db
    .updateTable('vendors')
    .set({ ownerId, claimed: ownerId !== null, version: sql<number>`version + 1`, updatedAt: now })
    .where('id', '=', vendorId)
    .execute();
}

/** A customer account becomes a vendor account; vendors and admins stay as they are. */
export async function promoteCustomerToVendor(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ role: 'vendor', version: sql<number>`version + 1`, updatedAt: now })
    .where('id', '=', userId)
    .where('role', '=', 'customer')
    .execute();
}

/**
 * The listing's messages that waited for an owner (sent while nobody owned it) get one. A thread
 * the new owner started as a customer stays theirs on the customer side.
 */
export async function handOverWaitingMessages(db: Db, vendorId: string, ownerId: string): Promise<number> {
  const result = await db
    .updateTable('messages')
    .set({ receiverId: ownerId })
    .where('receiverId', 'is', null)
    .where('threadId', 'in', (eb) =>
      eb
        .selectFrom('messageThreads')
        .select('id')
        .where('vendorId', '=', vendorId)
        .where('customerId', '<>', ownerId),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The listing's most recently active threads (read from message_threads_vendor_idx), for live events. */
export async function latestThreadIdsOf(db: Db, vendorId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('messageThreads')
    .select('id')
    .where('vendorId', '=', vendorId)
    .orderBy('lastMessageAt', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Whom to tell about a decision: each user's address and name, by id. */
export async function findContacts(db: Db, userIds: readonly string[]) {
  if (userIds.length === 0) return new Map<string, { email: string; name: string }>();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email', 'name'])
    .where('id', 'in', [...new Set(userIds)])
    .execute();
  return new Map(rows.map((r) => [r.id, { email: r.email, name: r.name }]));
}
