import { sql } from 'kysely';
import { countOf } from '../../platform/db/aggregates';
import type { Db } from '../../platform/db/create-db';
import type { FamilyMembershipStatus } from '../../platform/db/types';
import { eventSummaryColumns } from '../events/events.queries';
import { userColumns } from '../users/users.queries';

/**
 * Every statement of the family circles (decision 007). Access always checks three things at once:
 * an active membership, in the circle of the label the user has now. A membership whose label no
 * longer matches (a label changed without passing through the service) grants nothing.
 */

export interface MembershipRow {
  circleId: string;
  label: string;
  status: FamilyMembershipStatus;
  requestedAt: Date;
  approvedAt: Date | null;
}

/** The user's current label, locking the user row so one person's changes apply one at a time. */
export async function lockUserLabel(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('familyLabel')
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return row.familyLabel;
}

/** The label is part of the profile: a profile form opened before this change is now stale. */
export async function setUserFamilyLabel(db: Db, userId: string, label: string | null) {
  return db
    .updateTable('users')
    .set({ familyLabel: label, version: sql<number>`version + 1`, updatedAt: new Date() })
    .where('id', '=', userId)
    .returning(userColumns)
    .executeTakeFirstOrThrow();
}

export async function findMembership(db: Db, userId: string): Promise<MembershipRow | undefined> {
  return db
    .selectFrom('familyMemberships as m')
    .innerJoin('familyCircles as c', 'c.id', 'm.circleId')
    .select(['m.circleId', 'c.label', 'm.status', 'm.requestedAt', 'm.approvedAt'])
    .where('m.userId', '=', userId)
    .executeTakeFirst();
}

/** The circle the user is an active member of, under their current label; undefined otherwise. */
export async function findActiveCircle(
  db: Db,
  userId: string,
): Promise<{ id: string; label: string } | undefined> {
  return db
    .selectFrom('familyMemberships as m')
    .innerJoin('familyCircles as c', 'c.id', 'm.circleId')
    .innerJoin('users as u', (join) =>
      join.onRef('u.id', '=', 'm.userId').onRef('u.familyLabel', '=', 'c.label'),
    )
    .select(['c.id', 'c.label'])
    .where('m.userId', '=', userId)
    .where('m.status', '=', 'active')
    .executeTakeFirst();
}

/** Locks circles in id order, so two people moving between the same circles never deadlock. */
export async function lockCircles(db: Db, circleIds: string[]): Promise<{ id: string; label: string }[]> {
  if (circleIds.length === 0) return [];
  return db
    .selectFrom('familyCircles')
    .select(['id', 'label'])
    .where('id', 'in', circleIds)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** The circle of a label, created when it has none yet; not locked. */
export async function ensureCircle(db: Db, label: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    // Two first users of a new label: the unique label lets one insert win, the other waits for it.
    await db
      .insertInto('familyCircles')
      .values({ label, memberCount: 0 })
      .onConflict((oc) => oc.column('label').doNothing())
      .execute();
    const row = await db
      .selectFrom('familyCircles')
      .select('id')
      .where('label', '=', label)
      .executeTakeFirst();
    if (row) return row.id;
    // Removed by its last member leaving between the two statements: make it again.
  }
  throw new Error(`family circle ${JSON.stringify(label)} keeps disappearing`);
}

export async function findCircleByLabel(db: Db, label: string) {
  return db.selectFrom('familyCircles').select(['id', 'label']).where('label', '=', label).executeTakeFirst();
}

export async function countActiveMembers(db: Db, circleId: string): Promise<number> {
  return countOf(
    db.selectFrom('familyMemberships').where('circleId', '=', circleId).where('status', '=', 'active'),
  );
}

export async function insertMembership(
  db: Db,
  values: {
    userId: string;
    circleId: string;
    status: FamilyMembershipStatus;
    now: Date;
    approvedBy?: string | null;
    inviteId?: string | null;
  },
): Promise<void> {
  await db
    .insertInto('familyMemberships')
    .values({
      userId: values.userId,
      circleId: values.circleId,
      status: values.status,
      requestedAt: values.now,
      approvedBy: values.approvedBy ?? null,
      approvedAt: values.status === 'active' ? values.now : null,
      inviteId: values.inviteId ?? null,
    })
    .execute();
}

/** Makes a pending member active; false when there was no such pending request. */
export async function activateMembership(
  db: Db,
  input: { userId: string; circleId: string; approvedBy: string | null; now: Date; inviteId?: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('familyMemberships')
    .set({
      status: 'active',
      approvedBy: input.approvedBy,
      approvedAt: input.now,
      inviteId: input.inviteId ?? null,
    })
    .where('userId', '=', input.userId)
    .where('circleId', '=', input.circleId)
    .where('status', '=', 'pending')
    // Only someone who still has the circle's label: a stale row never turns into access.
    .where('userId', 'in', (eb) =>
      eb
        .selectFrom('users')
        .innerJoin('familyCircles', 'familyCircles.label', 'users.familyLabel')
        .select('users.id')
        .where('familyCircles.id', '=', input.circleId),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteMembership(
  db: Db,
  userId: string,
  circleId: string,
  onlyStatus?: FamilyMembershipStatus,
): Promise<boolean> {
  let q = db.deleteFrom('familyMemberships').where('userId', '=', userId).where('circleId', '=', circleId);
  if (onlyStatus) q = q.where('status', '=', onlyStatus);
  const result = await q.executeTakeFirst();
  // A member's links end with their membership: hidden from every list while they are away, they
  // could not be revoked by anyone, and must not come back to life if the member rejoins.
  await db
    .updateTable('familyInvites')
    .set({ revokedAt: sql<Date>`now()`, revokedBy: userId })
    .where('createdBy', '=', userId)
    .where('circleId', '=', circleId)
    .where('revokedAt', 'is', null)
    .execute();
  return Number(result.numDeletedRows) === 1;
}

/**
 * Recounts a locked circle's active members. A circle left with none is dissolved, taking its
 * pending requests and invite links along: nobody is left who could approve or vouch for them.
 */
export async function settleCircle(db: Db, circleId: string): Promise<number> {
  const active = await countActiveMembers(db, circleId);
  if (active === 0) {
    await db.deleteFrom('familyCircles').where('id', '=', circleId).execute();
  } else {
    await db.updateTable('familyCircles').set({ memberCount: active }).where('id', '=', circleId).execute();
  }
  return active;
}

/**
 * The circle's memberships of one status (m) with their users (u), of those who still have the
 * circle's label: a membership whose label no longer matches counts for nothing.
 */
function circleMembers(db: Db, circleId: string, label: string, status: FamilyMembershipStatus) {
  return db
    .selectFrom('familyMemberships as m')
    .innerJoin('users as u', 'u.id', 'm.userId')
    .where('m.circleId', '=', circleId)
    .where('m.status', '=', status)
    .where('u.familyLabel', '=', label);
}

export async function listActiveMembers(db: Db, circleId: string, label: string) {
  return (
    circleMembers(db, circleId, label, 'active')
      .select(['u.id', 'u.name'])
      // In the order they came: the founder first.
      .orderBy('m.requestedAt')
      .orderBy('u.createdAt')
      .orderBy('u.id')
      .execute()
  );
}

/**
 * Events of the circle's active members, private ones included: the circle shares them by consent.
 * A statement to select from, for the circle's list and its members' calendar feeds alike.
 */
export function circleEventsQuery(db: Db, circleId: string, label: string) {
  return circleMembers(db, circleId, label, 'active').innerJoin('events', 'events.userId', 'u.id');
}

export async function listCircleEvents(db: Db, circleId: string, label: string) {
  return circleEventsQuery(db, circleId, label)
    .select([...eventSummaryColumns, 'u.name as ownerName', 'u.id as ownerId'])
    .orderBy('events.date')
    .orderBy('events.id')
    .execute();
}

export async function listPendingRequests(db: Db, circleId: string, label: string) {
  return circleMembers(db, circleId, label, 'pending')
    .select(['u.id as userId', 'u.name', 'm.requestedAt'])
    .orderBy('m.requestedAt')
    .orderBy('u.id')
    .execute();
}

export async function insertInvite(
  db: Db,
  values: { circleId: string; createdBy: string; tokenHash: string; now: Date; expiresAt: Date },
) {
  return db
    .insertInto('familyInvites')
    .values({
      circleId: values.circleId,
      createdBy: values.createdBy,
      tokenHash: values.tokenHash,
      createdAt: values.now,
      expiresAt: values.expiresAt,
    })
    .returning(['id', 'createdAt', 'expiresAt'])
    .executeTakeFirstOrThrow();
}

/** Invite links that still let someone in: not revoked, not expired, their creator still a member. */
export async function listLiveInvites(db: Db, circleId: string, now: Date) {
  return db
    .selectFrom('familyInvites as i')
    .innerJoin('familyMemberships as m', (join) =>
      join.onRef('m.userId', '=', 'i.createdBy').onRef('m.circleId', '=', 'i.circleId'),
    )
    .innerJoin('users as u', 'u.id', 'i.createdBy')
    .select(['i.id', 'i.createdAt', 'i.expiresAt', 'i.createdBy', 'u.name as createdByName'])
    .where('i.circleId', '=', circleId)
    .where('i.revokedAt', 'is', null)
    .where('i.expiresAt', '>', now)
    .where('m.status', '=', 'active')
    .orderBy('i.createdAt', 'desc')
    .orderBy('i.id')
    .execute();
}

/**
 * The live invite of a token hash for the circle of a label, or undefined. One statement answers
 * for a wrong token, a wrong label, an expired or revoked link and a creator who has left alike.
 */
export async function findLiveInvite(db: Db, tokenHash: string, label: string, now: Date) {
  return db
    .selectFrom('familyInvites as i')
    .innerJoin('familyCircles as c', 'c.id', 'i.circleId')
    .innerJoin('familyMemberships as m', (join) =>
      join.onRef('m.userId', '=', 'i.createdBy').onRef('m.circleId', '=', 'i.circleId'),
    )
    .innerJoin('users as u', (join) =>
      join.onRef('u.id', '=', 'i.createdBy').onRef('u.familyLabel', '=', 'c.label'),
    )
    .select(['i.id', 'i.circleId', 'i.createdBy', 'i.expiresAt', 'u.name as createdByName'])
    .where('i.tokenHash', '=', tokenHash)
    .where('c.label', '=', label)
    .where('i.revokedAt', 'is', null)
    .where('i.expiresAt', '>', now)
    .where('m.status', '=', 'active')
    .executeTakeFirst();
}

/** Revokes a circle's invite; false when the circle has no invite of that id. */
export async function revokeInvite(
  db: Db,
  input: { id: string; circleId: string; revokedBy: string; now: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('familyInvites')
    .set({
      revokedAt: sql<Date>`coalesce(revoked_at, ${input.now})`,
      revokedBy: sql<string>`coalesce(revoked_by, ${input.revokedBy})`,
    })
    .where('id', '=', input.id)
    .where('circleId', '=', input.circleId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
