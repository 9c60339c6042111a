import { TRPCError } from '@trpc/server';
import { ZodRealError, type z } from 'zod';
import type { UserDto } from '../../../shared/schemas/auth';
import {
  type AdminReviewReportDto,
  type adminReviewHideInput,
  type adminReviewReportDismissInput,
  type adminReviewReportsInput,
  type adminReviewUnhideInput,
  type myListingReviewsInput,
  type OwnerReviewDto,
  REVIEW_MESSAGES,
  REVIEWS_PAGE_SIZE,
  type ReviewableDto,
  type ReviewDto,
  type ReviewPageDto,
  type reviewableInput,
  type reviewCreateInput,
  type reviewReplyInput,
  type reviewReportInput,
  type vendorReviewsInput,
} from '../../../shared/schemas/reviews';
import { recordAudit } from '../../platform/audit';
import type { Db } from '../../platform/db/create-db';
import { isUniqueViolation } from '../../platform/db/db-errors';
import { inTransaction } from '../../platform/db/transaction';
import { appendLiveEvents, type NewLiveEvent } from '../../platform/live/live-events';
import { enqueueMail } from '../../platform/mail/outbox';
import type { Context } from '../../platform/trpc/context';
import { fieldError } from '../../platform/trpc/field-error';
import { findActiveCircle, listActiveMembers } from '../family/family.queries';
import { notify } from '../notifications/notifications.service';
import { reviewHiddenMail } from './reviews.mails';
import {
  adminReportRows,
  closeOpenReports,
  countOwnerReviews,
  findAuthor,
  findBookingForReview,
  findReview,
  insertReport,
  insertReview,
  lockReport,
  lockReview,
  lockVendor,
  ownerReviewsPage,
  recomputeRating,
  reviewableBookings,
  setHidden,
  setReply,
  shownListing,
  visibleReviewsPage,
} from './reviews.queries';

type Signed = Pick<Context, 'db' | 'now' | 'config'> & { user: UserDto };

/** Where the writer, the owner and the admin read reviews; bell items open them. */
const OWNER_REVIEWS_LINK = '/vendor-dashboard?tab=reviews';
const vendorLink = (vendorId: string) => `/vendor/${vendorId}`;
export const ADMIN_REVIEW_REPORTS_PAGE_SIZE = 25;

const notFound = (message: string = REVIEW_MESSAGES.notFound) =>
  new TRPCError({ code: 'NOT_FOUND', message });
const forbidden = (message: string) => new TRPCError({ code: 'FORBIDDEN', message });
const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });

/** 409 that forms also read as the message of one field. */
function fieldConflict(field: string, message: string) {
  return new TRPCError({
    code: 'CONFLICT',
    message,
    cause: new ZodRealError([{ code: 'custom', path: [field], message, input: undefined }]),
  });
}

type ReviewRow = {
  id: string;
  vendorId: string;
  rating: number;
  text: string;
  imageUrls: string[];
  authorFirstName: string | null;
  createdAt: Date;
  reply: string | null;
  repliedAt: Date | null;
};

function toReview(row: ReviewRow): ReviewDto {
  return {
    id: row.id,
    vendorId: row.vendorId,
    rating: row.rating,
    text: row.text,
    imageUrls: row.imageUrls,
    authorFirstName: row.authorFirstName,
    createdAt: row.createdAt,
    reply: row.reply,
    repliedAt: row.repliedAt,
  };
}

/**
 * Whether the user may write the review of a booking of `customerId`: they are that customer, or an
 * active member of the same family circle as the customer (read as the family domain reads it).
 */
async function writesForFamilyOf(db: Db, userId: string, customerId: string): Promise<boolean> {
  if (userId === customerId) return true;
  const [mine, theirs] = await Promise.all([findActiveCircle(db, userId), findActiveCircle(db, customerId)]);
  return mine !== undefined && theirs !== undefined && mine.id === theirs.id;
}

/** The customers whose bookings the user may review: themselves and their circle's active members. */
async function familyOf(db: Db, userId: string): Promise<string[]> {
  const circle = await findActiveCircle(db, userId);
  if (!circle) return [userId];
  const members = await listActiveMembers(db, circle.id, circle.label);
  return [...new Set([userId, ...members.map((m) => m.id)])];
}

async function oneReview(db: Db, id: string): Promise<ReviewDto> {
  const row = await findReview(db, id);
  if (!row) throw notFound();
  return toReview(row);
}

/**
 * POST /api/reviews: the customer of a completed booking, or a member of their family circle,
 * reviews the listing once. The listing's rating is recomputed in the same transaction.
 */
export async function createReview(
  ctx: Signed,
  input: z.output<typeof reviewCreateInput>,
): Promise<ReviewDto> {
  const now = ctx.now();
  const id = await inTransaction(ctx.db, async (trx) => {
    const booking = await findBookingForReview(trx, input.bookingId, now);
    if (!booking) throw fieldError('bookingId', REVIEW_MESSAGES.bookingNotFound);
    if (!(await writesForFamilyOf(trx, ctx.user.id, booking.customerId))) {
      throw forbidden(REVIEW_MESSAGES.notYourBooking);
    }
    if (booking.status === 'cancelled') throw fieldError('bookingId', REVIEW_MESSAGES.cancelled);
    if (!booking.completed) throw fieldError('bookingId', REVIEW_MESSAGES.notCompleted);
    const listing = await lockVendor(trx, booking.vendorId);
    if (!listing) throw fieldError('bookingId', REVIEW_MESSAGES.bookingNotFound);
    let created: { id: string };
    try {
      // A second review breaks the unique booking_id; the transaction ends with the refusal.
      created = await insertReview(trx, {
        bookingId: booking.id,
        vendorId: booking.vendorId,
        authorId: ctx.user.id,
        rating: input.rating,
        text: input.text,
        imageUrls: input.imageUrls,
        createdAt: now,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldConflict('bookingId', REVIEW_MESSAGES.alreadyReviewed);
      throw error;
    }
    await recomputeRating(trx, booking.vendorId);
    const events: NewLiveEvent[] = [];
    if (listing.ownerId && listing.ownerId !== ctx.user.id) {
      events.push(
        await notify(trx, {
          userId: listing.ownerId,
          kind: 'review',
          about: { code: 'review.new', params: { rating: input.rating, business: listing.businessName } },
          body: input.text,
          link: OWNER_REVIEWS_LINK,
        }),
      );
    }
    await appendLiveEvents(trx, events);
    return created.id;
  });
  return oneReview(ctx.db, id);
}

/** GET /api/vendors/{id}/reviews: a shown listing's visible reviews, newest first. */
export async function vendorReviews(
  db: Db,
  input: z.output<typeof vendorReviewsInput>,
): Promise<ReviewPageDto> {
  const listing = await shownListing(db, input.id);
  if (!listing) throw notFound(REVIEW_MESSAGES.listingNotFound);
  const rows = await visibleReviewsPage(
    db,
    input.id,
    REVIEWS_PAGE_SIZE,
    (input.page - 1) * REVIEWS_PAGE_SIZE,
  );
  return {
    items: rows.map(toReview),
    // The stored count is kept from the same visible reviews, in the transaction that changes them.
    total: listing.reviewCount,
    page: input.page,
    pageSize: REVIEWS_PAGE_SIZE,
    rating: listing.rating,
    reviewCount: listing.reviewCount,
  };
}

/** The vendor dashboard's Reviews: every review of the caller's listings, hidden ones marked. */
export async function myListingReviews(
  ctx: Signed,
  input: z.output<typeof myListingReviewsInput>,
): Promise<{ items: OwnerReviewDto[]; total: number; page: number; pageSize: number }> {
  const rows = await ownerReviewsPage(
    ctx.db,
    ctx.user.id,
    REVIEWS_PAGE_SIZE,
    (input.page - 1) * REVIEWS_PAGE_SIZE,
  );
  const total = rows[0]?.total ?? (input.page > 1 ? await countOwnerReviews(ctx.db, ctx.user.id) : 0);
  return {
    items: rows.map((r) => ({ ...toReview(r), businessName: r.businessName, hidden: r.hidden })),
    total,
    page: input.page,
    pageSize: REVIEWS_PAGE_SIZE,
  };
}

/** POST /api/reviews/{id}/reply: the listing's owner answers once, publicly. */
export async function replyToReview(
  ctx: Signed,
  input: z.output<typeof reviewReplyInput>,
): Promise<ReviewDto> {
  const now = ctx.now();
  await inTransaction(ctx.db, async (trx) => {
    const review = await findReview(trx, input.id);
    if (!review) throw notFound();
    if (!review.ownerId || review.ownerId !== ctx.user.id) throw forbidden(REVIEW_MESSAGES.notYourListing);
    if (review.reply !== null) throw fieldConflict('text', REVIEW_MESSAGES.alreadyReplied);
    const done = await setReply(trx, input.id, input.text, ctx.user.id, now);
    if (!done) throw fieldConflict('text', REVIEW_MESSAGES.alreadyReplied);
    if (review.authorId && !review.hidden) {
      await appendLiveEvents(trx, [
        await notify(trx, {
          userId: review.authorId,
          kind: 'review',
          about: { code: 'review.replied', params: { business: review.businessName } },
          body: input.text,
          link: vendorLink(review.vendorId),
        }),
      ]);
    }
  });
  return oneReview(ctx.db, input.id);
}

/** POST /api/reviews/{id}/report: anyone signed in, once while their report is open. */
export async function reportReview(
  ctx: Signed,
  input: z.output<typeof reviewReportInput>,
): Promise<{ ok: true }> {
  const review = await findReview(ctx.db, input.id);
  if (!review || review.hidden) throw notFound();
  if (review.authorId === ctx.user.id) throw forbidden(REVIEW_MESSAGES.ownReview);
  try {
    await insertReport(ctx.db, input.id, ctx.user.id, input.reason);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(REVIEW_MESSAGES.alreadyReported);
    throw error;
  }
  return { ok: true };
}

/** The bookings the caller (or their family circle) may review now. */
export async function reviewable(
  ctx: Signed,
  input: z.output<typeof reviewableInput>,
): Promise<ReviewableDto[]> {
  if (ctx.user.role !== 'customer') return [];
  return reviewableBookings(ctx.db, await familyOf(ctx.db, ctx.user.id), ctx.now(), input.vendorId);
}

// ---------------------------------------------------------------- The admin's side

function toAdminReport(row: Awaited<ReturnType<typeof adminReportRows>>[number]): AdminReviewReportDto {
  return {
    id: row.id,
    reason: row.reason,
    status: row.status,
    createdAt: row.createdAt,
    resolvedAt: row.resolvedAt,
    reporter:
      row.reporterId && row.reporterName !== null && row.reporterEmail !== null
        ? { id: row.reporterId, name: row.reporterName, email: row.reporterEmail }
        : null,
    review: {
      id: row.reviewId,
      vendorId: row.vendorId,
      businessName: row.businessName,
      rating: row.rating,
      text: row.text,
      imageUrls: row.imageUrls,
      authorName: row.authorName,
      authorEmail: row.authorEmail,
      createdAt: row.reviewCreatedAt,
      reply: row.reply,
      hidden: row.hidden,
      hiddenReason: row.hiddenReason,
    },
  };
}

/** The admin's Reports: review reports, newest first, of one status or all. */
export async function adminReviewReports(db: Db, input: z.output<typeof adminReviewReportsInput>) {
  const size = ADMIN_REVIEW_REPORTS_PAGE_SIZE;
  const rows = await adminReportRows(db, { status: input.status }, size, (input.page - 1) * size);
  return { items: rows.map(toAdminReport), total: rows[0]?.total ?? 0, page: input.page, pageSize: size };
}

/**
 * Hides or shows a review: the listing's row locked first, then the review's; the rating
 * recomputed and the audit row written in the same transaction. Hiding resolves the review's open
 * reports and tells the writer by a bell item and a mail.
 */
async function setVisibility(
  ctx: Signed,
  reviewId: string,
  hide: { reason: string } | null,
  /** The admin's note on showing it again, for the audit log. */
  note: string | null = null,
): Promise<{ reviewId: string; hidden: boolean; closedReports: number }> {
  const now = ctx.now();
  return inTransaction(ctx.db, async (trx) => {
    const peek = await findReview(trx, reviewId);
    if (!peek) throw notFound();
    const listing = await lockVendor(trx, peek.vendorId);
    const review = await lockReview(trx, reviewId);
    if (!listing || !review) throw notFound();
    if (hide && review.hidden) throw conflict(REVIEW_MESSAGES.alreadyHidden);
    if (!hide && !review.hidden) throw conflict(REVIEW_MESSAGES.notHidden);
    await setHidden(trx, reviewId, hide ? { by: ctx.user.id, at: now, reason: hide.reason } : null);
    const closedReports = hide
      ? await closeOpenReports(trx, reviewId, { status: 'resolved', by: ctx.user.id, at: now })
      : 0;
    await recomputeRating(trx, review.vendorId);
    await recordAudit(trx, {
      actor: ctx.user,
      action: hide ? 'review.hide' : 'review.unhide',
      targetType: 'review',
      targetId: reviewId,
      reason: hide?.reason ?? note,
      before: { hidden: review.hidden },
      after: { hidden: Boolean(hide), vendorId: review.vendorId, ...(hide ? { closedReports } : {}) },
    });
    if (hide && review.authorId) {
      const author = await findAuthor(trx, review.authorId);
      await appendLiveEvents(trx, [
        await notify(trx, {
          userId: review.authorId,
          kind: 'review',
          about: { code: 'review.hidden', params: { listing: listing.businessName } },
          body: hide.reason,
          link: vendorLink(review.vendorId),
        }),
      ]);
      if (author) {
        await enqueueMail(trx, {
          kind: 'review-hidden',
          to: author.email,
          userId: author.id,
          notification: true,
          ...reviewHiddenMail({
            name: author.name,
            listingName: listing.businessName,
            reason: hide.reason,
            listingUrl: `${ctx.config.appUrl}${vendorLink(review.vendorId)}`,
            language: author.language,
          }),
        });
      }
    }
    return { reviewId, hidden: Boolean(hide), closedReports };
  });
}

export function hideReview(ctx: Signed, input: z.output<typeof adminReviewHideInput>) {
  return setVisibility(ctx, input.id, { reason: input.reason });
}

export function unhideReview(ctx: Signed, input: z.output<typeof adminReviewUnhideInput>) {
  return setVisibility(ctx, input.id, null, input.reason || null);
}

/** Dismisses one open report: the review stays as it is. */
export async function dismissReviewReport(
  ctx: Signed,
  input: z.output<typeof adminReviewReportDismissInput>,
) {
  const now = ctx.now();
  return inTransaction(ctx.db, async (trx) => {
    const report = await lockReport(trx, input.id);
    if (!report) throw notFound(REVIEW_MESSAGES.reportNotFound);
    if (report.status !== 'open') throw conflict(REVIEW_MESSAGES.reportNotOpen);
    await closeOpenReports(
      trx,
      report.reviewId,
      { status: 'dismissed', by: ctx.user.id, at: now },
      report.id,
    );
    await recordAudit(trx, {
      actor: ctx.user,
      action: 'review.dismiss_report',
      targetType: 'review',
      targetId: report.reviewId,
      reason: input.reason || null,
      after: { reportId: report.id, status: 'dismissed' },
    });
    const review = await lockReview(trx, report.reviewId);
    return { reviewId: report.reviewId, hidden: review?.hidden ?? false, closedReports: 1 };
  });
}
