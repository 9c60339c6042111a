import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import {
  ADMIN_MESSAGES,
  type AdminReportDto,
  type AdminUserDto,
  type AdminVendorDto,
  type adminReportDismissInput,
  type adminReportSuspendInput,
  type adminReportsDto,
  type adminReportsInput,
  type adminRoleInput,
  type adminSuspendInput,
  type adminVendorPatchInput,
  MODERATION_MESSAGES,
} from '../../../shared/schemas/admin';
import type { UserDto } from '../../../shared/schemas/auth';
import { type AuditAction, type AuditEntry, recordAudit } from '../../platform/audit';
import type { Db } from '../../platform/db/create-db';
import { inTransaction } from '../../platform/db/transaction';
import { appendLiveEvents } from '../../platform/live/live-events';
import { enqueueMail } from '../../platform/mail/outbox';
import type { Context } from '../../platform/trpc/context';
import { deleteSessionsOfUser } from '../auth/sessions';
import { notify } from '../notifications/notifications.service';
import { listingVisibilityMail } from './moderation.mails';
import {
  type AdminReportRow,
  adminListingById,
  adminListingPage,
  adminReportById,
  adminReportPage,
  adminUserById,
  adminUserPage,
  closeReport,
  countListingsOwnedBy,
  type LockedUser,
  lockAdmins,
  lockListingForModeration,
  lockReport,
  lockUser,
  peekUserRole,
  reportMessagesOf,
  setListingModeration,
  setRole,
  setSuspension,
} from './moderation.queries';

export { MODERATION_MESSAGES };

type AuthedContext = Context & { user: UserDto };

type Out<T extends z.ZodType> = z.output<T>;

/** The conversation an admin reads with a report: its latest messages when the report was filed. */
export const REPORT_MESSAGES_SHOWN = 20;

const notFound = (message: string) => new TRPCError({ code: 'NOT_FOUND', message });
const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });
const badRequest = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });

// ---------------------------------------------------------------- Vendors tab

/** The Vendors tab's list: a page of every listing, hidden ones too. */
export const listVendors = adminListingPage;

async function oneAdminListing(db: Db, id: string): Promise<AdminVendorDto> {
  const row = await adminListingById(db, id);
  if (!row) throw notFound(ADMIN_MESSAGES.listingNotFound);
  return row;
}

/** The owner's dashboard, on the listing the notice is about. */
const listingLink = (vendorId: string) => `/vendor-dashboard?listing=${vendorId}`;

/** The owner's bell item and (unless they turned mail off) a mail, in the decision's transaction. */
async function tellOwnerOfVisibility(
  trx: Db,
  ctx: AuthedContext,
  listing: { id: string; businessName: string; ownerId: string },
  hidden: boolean,
  reason: string | null,
) {
  const owner = await trx
    .selectFrom('users')
    .select(['email', 'name', 'language'])
    .where('id', '=', listing.ownerId)
    .executeTakeFirstOrThrow();
  const mail = listingVisibilityMail({
    name: owner.name,
    listingName: listing.businessName,
    hidden,
    reason,
    dashboardUrl: `${ctx.config.appUrl}${listingLink(listing.id)}`,
    language: owner.language,
  });
  const event = await notify(trx, {
    userId: listing.ownerId,
    kind: 'admin_notice',
    about: { code: hidden ? 'listing.hidden' : 'listing.visible', params: { listing: listing.businessName } },
    body: reason ?? '',
    link: listingLink(listing.id),
  });
  await enqueueMail(trx, {
    kind: hidden ? 'listing-hidden' : 'listing-unhidden',
    to: owner.email,
    userId: listing.ownerId,
    notification: true,
    ...mail,
  });
  return event;
}

/**
 * Verifies or unverifies, hides or unhides a listing, under the listing's lock. A field already as
 * asked is left out (no audit row); when nothing at all would change the request is refused, so the
 * slower of two admins hiding the same listing hears that it is already hidden.
 */
export async function updateVendorModeration(
  ctx: AuthedContext,
  input: Out<typeof adminVendorPatchInput>,
): Promise<AdminVendorDto> {
  const admin = ctx.user;
  return inTransaction(ctx.db, async (trx) => {
    const now = ctx.now();
    const listing = await lockListingForModeration(trx, input.id);
    if (!listing) throw notFound(ADMIN_MESSAGES.listingNotFound);
    const reason = input.reason || null;
    const verify =
      input.verified !== undefined && input.verified !== listing.verified ? input.verified : undefined;
    const hide = input.hidden !== undefined && input.hidden !== listing.hidden ? input.hidden : undefined;
    if (verify === undefined && hide === undefined) {
      if (input.hidden !== undefined) {
        throw conflict(input.hidden ? MODERATION_MESSAGES.alreadyHidden : MODERATION_MESSAGES.notHidden);
      }
      throw conflict(input.verified ? MODERATION_MESSAGES.alreadyVerified : MODERATION_MESSAGES.notVerified);
    }
    await setListingModeration(
      trx,
      listing.id,
      {
        verified: verify,
        // The schema refuses a hide without a reason.
        hidden:
          hide === undefined ? undefined : hide ? { by: admin.id, at: now, reason: reason ?? '' } : null,
      },
      now,
    );
    /** Each field changed gets its own audit row on the listing, with the one reason given. */
    const auditListing = (change: Pick<AuditEntry, 'action' | 'before' | 'after'>) =>
      recordAudit(trx, { actor: admin, targetType: 'vendor', targetId: listing.id, reason, ...change });
    if (verify !== undefined) {
      await auditListing({
        action: verify ? 'vendor.verify' : 'vendor.unverify',
        before: { verified: listing.verified },
        after: { verified: verify },
      });
    }
    if (hide !== undefined) {
      await auditListing({
        action: hide ? 'vendor.hide' : 'vendor.unhide',
        before: { hidden: listing.hidden, hiddenReason: listing.hiddenReason },
        after: { hidden: hide, hiddenReason: hide ? reason : null },
      });
      if (listing.ownerId) {
        const event = await tellOwnerOfVisibility(
          trx,
          ctx,
          { id: listing.id, businessName: listing.businessName, ownerId: listing.ownerId },
          hide,
          reason,
        );
        await appendLiveEvents(trx, [event]);
      }
    }
    return oneAdminListing(trx, listing.id);
  });
}

// ---------------------------------------------------------------- Users tab

/** The Users tab's list: a page of accounts. */
export const listUsers = adminUserPage;

/** The user under their row lock; one that does not exist is NOT_FOUND. */
async function lockExistingUser(trx: Db, id: string) {
  const user = await lockUser(trx, id);
  if (!user) throw notFound(ADMIN_MESSAGES.userNotFound);
  return user;
}

async function oneAdminUser(db: Db, id: string): Promise<AdminUserDto> {
  const row = await adminUserById(db, id);
  if (!row) throw notFound(ADMIN_MESSAGES.userNotFound);
  return row;
}

/**
 * Suspends a user in the caller's transaction, under the rules every suspension follows (from the
 * Users tab and from a report): never oneself, never the last admin who is not suspended, never
 * twice. Every session of the user is deleted with it, so the next request with an old cookie is
 * signed out, and their open event streams are told to check their session at once.
 *
 * When the user is an admin, every admin row is locked first, in id order, and the rule is decided
 * on them: two admins suspending each other at once cannot both succeed and leave no admin.
 */
async function suspendInTransaction(
  trx: Db,
  admin: UserDto,
  userId: string,
  reason: string,
  now: Date,
): Promise<void> {
  if (userId === admin.id) throw badRequest(ADMIN_MESSAGES.cannotSuspendSelf);
  let admins = (await peekUserRole(trx, userId)) === 'admin' ? await lockAdmins(trx) : null;
  const user = await lockExistingUser(trx, userId);
  if (user.suspendedAt) throw conflict(ADMIN_MESSAGES.alreadySuspended);
  if (user.role === 'admin') {
    // Made an admin (by the command) after the peek: locked now, later than the usual order.
    admins ??= await lockAdmins(trx);
    const othersActive = admins.filter((a) => a.id !== user.id && a.suspendedAt === null);
    if (othersActive.length === 0) throw conflict(ADMIN_MESSAGES.cannotSuspendLastAdmin);
  }
  await setSuspension(trx, user.id, { at: now, by: admin.id, reason }, now);
  await deleteSessionsOfUser(trx, user.id, null, now);
  await recordAudit(trx, {
    actor: admin,
    action: 'user.suspend',
    targetType: 'user',
    targetId: user.id,
    reason,
    before: { suspendedAt: null, suspendedBy: null, suspendedReason: null },
    after: { suspendedAt: now, suspendedBy: admin.id, suspendedReason: reason },
  });
}

export async function suspendUser(
  ctx: AuthedContext,
  input: Out<typeof adminSuspendInput>,
): Promise<AdminUserDto> {
  return inTransaction(ctx.db, async (trx) => {
    await suspendInTransaction(trx, ctx.user, input.id, input.reason, ctx.now());
    return oneAdminUser(trx, input.id);
  });
}

/**
 * An admin's change to a user under the user's row lock (`change` refuses, or writes and says what
 * it changed), with its audit row on the user; answers the user as the Users tab shows them now.
 */
async function changeUserAudited(
  ctx: AuthedContext,
  userId: string,
  change: (
    trx: Db,
    user: LockedUser,
    now: Date,
  ) => Promise<Omit<AuditEntry, 'actor' | 'targetType' | 'targetId'>>,
): Promise<AdminUserDto> {
  return inTransaction(ctx.db, async (trx) => {
    const user = await lockExistingUser(trx, userId);
    const audit = await change(trx, user, ctx.now());
    await recordAudit(trx, { actor: ctx.user, targetType: 'user', targetId: user.id, ...audit });
    return oneAdminUser(trx, user.id);
  });
}

export async function reinstateUser(
  ctx: AuthedContext,
  input: Out<typeof adminSuspendInput>,
): Promise<AdminUserDto> {
  return changeUserAudited(ctx, input.id, async (trx, user, now) => {
    if (!user.suspendedAt) throw conflict(ADMIN_MESSAGES.notSuspended);
    await setSuspension(trx, user.id, null, now);
    return {
      action: 'user.reinstate',
      reason: input.reason,
      before: {
        suspendedAt: user.suspendedAt,
        suspendedBy: user.suspendedBy,
        suspendedReason: user.suspendedReason,
      },
      after: { suspendedAt: null, suspendedBy: null, suspendedReason: null },
    };
  });
}

/**
 * Between customer and vendor only: admins are made and unmade by the create-admin command. A vendor
 * who still owns listings stays a vendor: the listings would be left with an owner who cannot reach
 * the vendor dashboard. A customer given a listing meanwhile (claim approval, new listing) is
 * promoted by that transaction after this one, as its promotion waits for the user's lock.
 */
export async function setUserRole(
  ctx: AuthedContext,
  input: Out<typeof adminRoleInput>,
): Promise<AdminUserDto> {
  return changeUserAudited(ctx, input.id, async (trx, user, now) => {
    if (user.role === 'admin') throw badRequest(ADMIN_MESSAGES.adminRoleByCommand);
    if (user.role === input.role) throw conflict(ADMIN_MESSAGES.sameRole);
    if (input.role === 'customer') {
      const owned = await countListingsOwnedBy(trx, user.id);
      if (owned > 0) throw conflict(ADMIN_MESSAGES.ownsListings(owned));
    }
    await setRole(trx, user.id, input.role, now);
    return {
      action: 'user.role',
      reason: input.reason || null,
      before: { role: user.role },
      after: { role: input.role },
    };
  });
}

// ---------------------------------------------------------------- Reports

type ReportMessage = Awaited<ReturnType<typeof reportMessagesOf>>[number];

/** A party of a report as admins see it: whether they are suspended now, not since when. */
function reportParty(id: string, email: string, name: string, suspendedAt: Date | null) {
  return { id, email, name, suspended: suspendedAt !== null };
}

/** The report's own columns as read, with its two parties and the conversation as it stood then. */
function toAdminReport(row: AdminReportRow, messages: ReportMessage[]): AdminReportDto {
  const {
    reporterId,
    reporterEmail,
    reporterName,
    reporterSuspendedAt,
    reportedId,
    reportedEmail,
    reportedName,
    reportedSuspendedAt,
    ...report
  } = row;
  return {
    ...report,
    reporter: reportParty(reporterId, reporterEmail, reporterName, reporterSuspendedAt),
    reported:
      reportedId && reportedEmail !== null && reportedName !== null
        ? reportParty(reportedId, reportedEmail, reportedName, reportedSuspendedAt)
        : null,
    messages: messages.map((m) => ({
      id: m.id,
      senderId: m.senderId,
      senderName: m.senderName ?? 'A deleted account',
      text: m.text,
      createdAt: m.createdAt,
      reported: m.reported,
    })),
  };
}

async function withMessages(db: Db, rows: AdminReportRow[]): Promise<AdminReportDto[]> {
  const messages = await reportMessagesOf(
    db,
    rows.map((r) => r.id),
    REPORT_MESSAGES_SHOWN,
  );
  const byReport = new Map<string, ReportMessage[]>();
  for (const m of messages) {
    const list = byReport.get(m.reportId) ?? [];
    list.push(m);
    byReport.set(m.reportId, list);
  }
  return rows.map((r) => toAdminReport(r, byReport.get(r.id) ?? []));
}

export async function listReports(
  db: Db,
  input: Out<typeof adminReportsInput>,
): Promise<Out<typeof adminReportsDto>> {
  const page = await adminReportPage(db, input);
  return { ...page, items: await withMessages(db, page.items) };
}

async function oneAdminReport(db: Db, id: string): Promise<AdminReportDto> {
  const row = await adminReportById(db, id);
  if (!row) throw notFound(ADMIN_MESSAGES.reportNotFound);
  const [dto] = await withMessages(db, [row]);
  return dto as AdminReportDto;
}

/** The open report under its lock; anything else is refused before a decision is made. */
async function lockOpenReport(trx: Db, id: string) {
  const report = await lockReport(trx, id);
  if (!report) throw notFound(ADMIN_MESSAGES.reportNotFound);
  if (report.status !== 'open') throw conflict(ADMIN_MESSAGES.reportNotOpen);
  return report;
}

/**
 * Closes an open report as `status` with its audit row (`action`; `after` gets the new status and
 * `more`), and answers the report as admins see it now.
 */
async function closeAudited(
  trx: Db,
  admin: UserDto,
  reportId: string,
  close: {
    status: 'dismissed' | 'resolved';
    action: AuditAction;
    reason: string | null;
    at: Date;
    more?: Record<string, unknown>;
  },
): Promise<AdminReportDto> {
  await closeReport(trx, reportId, { status: close.status, by: admin.id, at: close.at });
  await recordAudit(trx, {
    actor: admin,
    action: close.action,
    targetType: 'report',
    targetId: reportId,
    reason: close.reason,
    before: { status: 'open' },
    after: { status: close.status, ...close.more },
  });
  return oneAdminReport(trx, reportId);
}

export async function dismissReport(
  ctx: AuthedContext,
  input: Out<typeof adminReportDismissInput>,
): Promise<AdminReportDto> {
  return inTransaction(ctx.db, async (trx) => {
    const report = await lockOpenReport(trx, input.id);
    return closeAudited(trx, ctx.user, report.id, {
      status: 'dismissed',
      action: 'report.dismiss',
      reason: input.reason || null,
      at: ctx.now(),
    });
  });
}

/**
 * Suspends the reported party (by the same rules as the Users tab) and resolves the report: two
 * audit rows, the suspension's on the user and the resolution's on the report, with the action.
 */
export async function suspendReportedSender(
  ctx: AuthedContext,
  input: Out<typeof adminReportSuspendInput>,
): Promise<AdminReportDto> {
  return inTransaction(ctx.db, async (trx) => {
    const now = ctx.now();
    const report = await lockOpenReport(trx, input.id);
    if (!report.reportedId) throw conflict(MODERATION_MESSAGES.nobodyToSuspend);
    await suspendInTransaction(trx, ctx.user, report.reportedId, input.reason, now);
    return closeAudited(trx, ctx.user, report.id, {
      status: 'resolved',
      action: 'report.suspend_sender',
      reason: input.reason,
      at: now,
      more: { suspendedUserId: report.reportedId },
    });
  });
}
