import { type SelectQueryBuilder, sql } from 'kysely';
import {
  ADMIN_PAGE_SIZE,
  type ADMIN_USER_ROLES,
  type ADMIN_USER_STATUSES,
  type ADMIN_VENDOR_STATUSES,
  type REPORT_STATUSES,
} from '../../../shared/schemas/admin';
import { countOf } from '../../platform/db/aggregates';
import type { Db } from '../../platform/db/create-db';

type VendorStatus = (typeof ADMIN_VENDOR_STATUSES)[number];
type UserRole = (typeof ADMIN_USER_ROLES)[number];
type UserStatus = (typeof ADMIN_USER_STATUSES)[number];
type ReportStatus = (typeof REPORT_STATUSES)[number];

/** A LIKE pattern for the text anywhere, the text's own % and _ taken as themselves. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const countAll = sql<number>`count(*)::int`.as('total');

/**
 * Page `page` of the rows `ordered` reads (sorted), how many there are in all (`counted`), and the
 * page's number and size: a list page as the admin dashboard shows it.
 */
async function pageOf<DB, TB extends keyof DB, O>(
  ordered: SelectQueryBuilder<DB, TB, O>,
  counted: { executeTakeFirstOrThrow(): Promise<{ total: number }> },
  page: number,
) {
  const items = await ordered
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE)
    .execute();
  const { total } = await counted.executeTakeFirstOrThrow();
  return { items, total, page, pageSize: ADMIN_PAGE_SIZE };
}

// ---------------------------------------------------------------- Vendors

/**
 * Listings for the Vendors tab, hidden ones included. The name search is a substring match, which
 * none of the listing indexes answers (the text indexes hold whole words): the newest-first index
 * is walked and filtered instead, bounded by the page.
 */
function listingsMatching(
  db: Db,
  filter: { search?: string | undefined; status?: VendorStatus | undefined },
) {
  let q = db.selectFrom('vendors as v');
  if (filter.search) q = q.where('v.businessName', 'ilike', containing(filter.search));
  switch (filter.status) {
    case 'visible':
      return q.where('v.hidden', '=', false);
    case 'hidden':
      return q.where('v.hidden', '=', true);
    case 'verified':
      return q.where('v.verified', '=', true);
    case 'unverified':
      return q.where('v.verified', '=', false);
    case 'unclaimed':
      return q.where('v.claimed', '=', false);
    default:
      return q;
  }
}

function adminListingColumns(q: ReturnType<typeof listingsMatching>) {
  return q
    .leftJoin('users as owner', 'owner.id', 'v.ownerId')
    .select([
      'v.id',
      'v.businessName',
      'v.category',
      'v.city',
      'v.contactEmail',
      'v.verified',
      'v.claimed',
      'v.ownerId',
      'owner.email as ownerEmail',
      'v.hidden',
      'v.hiddenAt',
      'v.hiddenReason',
      'v.createdAt',
    ]);
}

export async function adminListingPage(
  db: Db,
  filter: { search?: string | undefined; status?: VendorStatus | undefined; page: number },
) {
  const ordered = adminListingColumns(listingsMatching(db, filter))
    // The order of vendors_newest_idx.
    .orderBy('v.createdAt', 'desc')
    .orderBy('v.id');
  return pageOf(ordered, listingsMatching(db, filter).select(countAll), filter.page);
}

export async function adminListingById(db: Db, id: string) {
  return adminListingColumns(db.selectFrom('vendors as v')).where('v.id', '=', id).executeTakeFirst();
}

/**
 * The listing under its row lock until the transaction ends, so two admins' decisions on it queue
 * and the second sees the first's outcome. FOR NO KEY UPDATE, as claim decisions take it: it queues
 * every change of the listing, but not the rows that only reference it (a view counted, a message).
 */
export async function lockListingForModeration(db: Db, id: string) {
  return db
    .selectFrom('vendors')
    .select(['id', 'businessName', 'ownerId', 'verified', 'hidden', 'hiddenReason'])
    .where('id', '=', id)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

export interface ListingModeration {
  verified?: boolean;
  hidden?: { by: string; at: Date; reason: string } | null;
}

/**
 * Writes the moderation fields. The listing's version is left alone: neither field is part of the
 * owner's form, whose open edits must not turn stale because an admin verified the listing.
 */
export async function setListingModeration(db: Db, id: string, change: ListingModeration, now: Date) {
  await db
    .updateTable('vendors')
    .set({
      ...(change.verified === undefined ? {} : { verified: change.verified }),
      ...(change.hidden === undefined
        ? {}
        : change.hidden === null
          ? { hidden: false, hiddenAt: null, hiddenBy: null, hiddenReason: null }
          : {
              hidden: true,
              hiddenAt: change.hidden.at,
              hiddenBy: change.hidden.by,
              hiddenReason: change.hidden.reason,
            }),
      updatedAt: now,
    })
    .where('id', '=', id)
    .execute();
}

// ---------------------------------------------------------------- Users

function usersMatching(
  db: Db,
  filter: { search?: string | undefined; role?: UserRole | undefined; status?: UserStatus | undefined },
) {
  let q = db.selectFrom('users as u');
  if (filter.search) {
    const pattern = containing(filter.search);
    q = q.where((eb) => eb.or([eb('u.name', 'ilike', pattern), eb('u.email', 'ilike', pattern)]));
  }
  if (filter.role) q = q.where('u.role', '=', filter.role);
  if (filter.status === 'active') q = q.where('u.suspendedAt', 'is', null);
  if (filter.status === 'suspended') q = q.where('u.suspendedAt', 'is not', null);
  return q;
}

/** A user as the Users tab shows them: never the password hash. Each count is an index lookup. */
function adminUserColumns(q: ReturnType<typeof usersMatching>) {
  return q.select([
    'u.id',
    'u.email',
    'u.name',
    'u.role',
    'u.createdAt',
    'u.suspendedAt',
    'u.suspendedReason',
    sql<number>`(select count(*)::int from vendors o where o.owner_id = u.id)`.as('listings'),
    sql<number>`(select count(*)::int from thread_reports r
      where r.status = 'open' and r.reported_id = u.id)`.as('openReports'),
    'u.lastSeenAt',
  ]);
}

export async function adminUserPage(
  db: Db,
  filter: {
    search?: string | undefined;
    role?: UserRole | undefined;
    status?: UserStatus | undefined;
    page: number;
  },
) {
  const ordered = adminUserColumns(usersMatching(db, filter))
    .orderBy('u.createdAt', 'desc')
    .orderBy('u.id', 'desc');
  return pageOf(ordered, usersMatching(db, filter).select(countAll), filter.page);
}

export async function adminUserById(db: Db, id: string) {
  return adminUserColumns(db.selectFrom('users as u')).where('u.id', '=', id).executeTakeFirst();
}

/** The user's role read without a lock, to learn whether the admins must be locked first. */
export async function peekUserRole(db: Db, id: string) {
  const row = await db.selectFrom('users').select('role').where('id', '=', id).executeTakeFirst();
  return row?.role;
}

/**
 * Every admin row under its lock, in id order (so two suspensions of admins cannot deadlock), with
 * its suspension as committed by whoever held the lock before: the last-admin rule is decided on
 * rows no one else can change until this transaction ends.
 */
export async function lockAdmins(db: Db) {
  return db
    .selectFrom('users')
    .select(['id', 'suspendedAt'])
    .where('role', '=', 'admin')
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** The user under its row lock until the transaction ends. */
export async function lockUser(db: Db, id: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'role', 'suspendedAt', 'suspendedBy', 'suspendedReason'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}
export type LockedUser = NonNullable<Awaited<ReturnType<typeof lockUser>>>;

/**
 * Stamps or clears the suspension. No version bump: it is not part of the profile form, whose edits
 * must not turn stale (and a suspended user makes none).
 */
export async function setSuspension(
  db: Db,
  id: string,
  suspension: { at: Date; by: string; reason: string } | null,
  now: Date,
) {
  await db
    .updateTable('users')
    .set({
      suspendedAt: suspension?.at ?? null,
      suspendedBy: suspension?.by ?? null,
      suspendedReason: suspension?.reason ?? null,
      updatedAt: now,
    })
    .where('id', '=', id)
    .execute();
}

/** A role change between customer and vendor; no version bump, as makeVendorAccount. */
export async function setRole(db: Db, id: string, role: 'customer' | 'vendor', now: Date) {
  await db.updateTable('users').set({ role, updatedAt: now }).where('id', '=', id).execute();
}

export async function countListingsOwnedBy(db: Db, userId: string): Promise<number> {
  return countOf(db.selectFrom('vendors').where('ownerId', '=', userId));
}

// ---------------------------------------------------------------- Reports

function reportsWithParties(db: Db) {
  return db
    .selectFrom('threadReports as r')
    .innerJoin('messageThreads as t', 't.id', 'r.threadId')
    .innerJoin('vendors as v', 'v.id', 't.vendorId')
    .innerJoin('users as reporter', 'reporter.id', 'r.reporterId')
    .leftJoin('users as reported', 'reported.id', 'r.reportedId');
}

function adminReportColumns(q: ReturnType<typeof reportsWithParties>) {
  return q.select([
    'r.id',
    'r.threadId',
    't.subject',
    'r.reason',
    'r.status',
    'r.createdAt',
    'r.resolvedAt',
    'reporter.id as reporterId',
    'reporter.email as reporterEmail',
    'reporter.name as reporterName',
    'reporter.suspendedAt as reporterSuspendedAt',
    'reported.id as reportedId',
    'reported.email as reportedEmail',
    'reported.name as reportedName',
    'reported.suspendedAt as reportedSuspendedAt',
  ]);
}
export type AdminReportRow = NonNullable<Awaited<ReturnType<typeof adminReportById>>>;

/** Reports newest first (thread_reports_status_idx's order within a status). */
export async function adminReportPage(db: Db, filter: { status?: ReportStatus | undefined; page: number }) {
  const only = (q: ReturnType<typeof reportsWithParties>) =>
    filter.status ? q.where('r.status', '=', filter.status) : q;
  const ordered = adminReportColumns(only(reportsWithParties(db)))
    .orderBy('r.createdAt', 'desc')
    .orderBy('r.id', 'desc');
  let matching = db.selectFrom('threadReports as r');
  if (filter.status) matching = matching.where('r.status', '=', filter.status);
  return pageOf(ordered, matching.select(countAll), filter.page);
}

export async function adminReportById(db: Db, id: string) {
  return adminReportColumns(reportsWithParties(db)).where('r.id', '=', id).executeTakeFirst();
}

/**
 * The conversation of each report as it stood when the report was filed: its latest messages up to
 * then (at most `perReport`), oldest first, each marked when the report is about it. One walk of
 * messages_thread_created_idx per report, however long the conversation; what was written after the
 * report (by a listing's next owner, say) is no part of it.
 */
export async function reportMessagesOf(db: Db, reportIds: readonly string[], perReport: number) {
  const ids = [...new Set(reportIds)];
  if (ids.length === 0) return [];
  const { rows } = await sql<{
    reportId: string;
    id: string;
    senderId: string | null;
    senderName: string | null;
    text: string;
    createdAt: Date;
    reported: boolean;
  }>`
    select r.id as report_id, m.id, m.sender_id, s.name as sender_name, m.message_text as text,
      m.created_at,
      exists (select 1 from thread_report_messages rm where rm.report_id = r.id and rm.message_id = m.id)
        as reported
    from thread_reports r
    cross join lateral (
      select id, sender_id, message_text, created_at from messages
      where thread_id = r.thread_id and created_at <= r.created_at
      order by created_at desc, id desc
      limit ${perReport}
    ) m
    left join users s on s.id = m.sender_id
    where r.id = any(${ids}::uuid[])
    order by r.id, m.created_at, m.id`.execute(db);
  return rows;
}

/** The report under its row lock, with whom it is against (named when it was filed). */
export async function lockReport(db: Db, id: string) {
  return db
    .selectFrom('threadReports as r')
    .select(['r.id', 'r.status', 'r.reportedId'])
    .where('r.id', '=', id)
    .forUpdate('r')
    .executeTakeFirst();
}

export async function closeReport(
  db: Db,
  id: string,
  close: { status: 'resolved' | 'dismissed'; by: string; at: Date },
) {
  await db
    .updateTable('threadReports')
    .set({ status: close.status, resolvedAt: close.at, resolvedBy: close.by })
    .where('id', '=', id)
    .execute();
}
