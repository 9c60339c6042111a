import { z } from 'zod';
import { idempotencyKeyField, queryNumber, requiredText, safeString } from './common';

/** Reviews from real clients only (issue 29): the texts every side shows. */
export const REVIEW_MESSAGES = {
  notFound: 'Review not found',
  listingNotFound: 'Listing not found',
  bookingNotFound: 'Booking not found',
  /** 403: the caller is neither the booking's customer nor in their family circle. */
  notYourBooking: 'Only the family who booked this vendor can review this booking',
  /** A field message on bookingId: the event has not happened yet (or the booking was cancelled). */
  notCompleted: 'You can review this booking once the event has taken place',
  cancelled: 'A cancelled booking cannot be reviewed',
  alreadyReviewed: 'This booking already has a review',
  ratingRange: 'Rating must be a whole number from 1 to 5 stars',
  textTooShort: 'Please write at least 30 characters about your experience',
  textTooLong: 'Your review can be at most 5,000 characters',
  tooManyPhotos: 'You can add at most 6 photos',
  photoNotOurs: 'Photos must be images uploaded to SimchaHub',
  /** 403: only the listing's owner answers its reviews. */
  notYourListing: "Only the listing's owner can reply to its reviews",
  alreadyReplied: 'This review already has a reply',
  replyRequired: 'Please write a reply',
  replyTooLong: 'A reply can be at most 5,000 characters',
  reasonRequired: 'Please say why you are reporting this review',
  alreadyReported: 'You have already reported this review; an administrator will look at it',
  ownReview: 'You cannot report your own review',
  alreadyHidden: 'This review is already hidden',
  notHidden: 'This review is not hidden',
  reportNotFound: 'Report not found',
  reportNotOpen: 'This report has already been handled',
  hideReasonRequired: 'Please give a reason',
} as const;

export const REVIEW_TEXT_MIN = 30;
export const REVIEW_TEXT_MAX = 5000;
export const REVIEW_PHOTOS_MAX = 6;
export const REVIEWS_PAGE_SIZE = 10;

/** Our own uploads only: a review's photos come through the image upload path. */
const UPLOAD_URL = /^\/uploads\/[\w-]+\.(jpg|png|gif|webp)$/;

const id = (message: string) => z.uuid({ error: message });

/** POST /api/reviews. */
export const reviewCreateInput = z
  .object({
    bookingId: id(REVIEW_MESSAGES.bookingNotFound),
    rating: z
      .number({ error: REVIEW_MESSAGES.ratingRange })
      .int(REVIEW_MESSAGES.ratingRange)
      .min(1, REVIEW_MESSAGES.ratingRange)
      .max(5, REVIEW_MESSAGES.ratingRange),
    text: safeString('Review', { max: REVIEW_TEXT_MAX, maxMessage: REVIEW_MESSAGES.textTooLong }).min(
      REVIEW_TEXT_MIN,
      REVIEW_MESSAGES.textTooShort,
    ),
    imageUrls: z
      .array(z.string().trim().max(300).regex(UPLOAD_URL, REVIEW_MESSAGES.photoNotOurs))
      .max(REVIEW_PHOTOS_MAX, REVIEW_MESSAGES.tooManyPhotos)
      .default([]),
    idempotencyKey: idempotencyKeyField,
  })
  .strict();
export type ReviewCreateInput = z.input<typeof reviewCreateInput>;

/** GET /api/vendors/{id}/reviews?page=: public, newest first. */
export const vendorReviewsInput = z
  .object({
    id: id('Listing not found'),
    page: queryNumber('Page', z.number().int().min(1).max(10_000), 1),
  })
  .strict();

/** The vendor dashboard's Reviews: every listing the caller owns. */
export const myListingReviewsInput = z
  .object({ page: queryNumber('Page', z.number().int().min(1).max(10_000), 1) })
  .strict()
  .optional()
  .transform((v) => v ?? { page: 1 });

/** POST /api/reviews/{id}/reply. */
export const reviewReplyInput = z
  .object({
    id: id(REVIEW_MESSAGES.notFound),
    text: requiredText(REVIEW_TEXT_MAX, 'Reply', REVIEW_MESSAGES.replyRequired),
  })
  .strict();

/** POST /api/reviews/{id}/report. */
export const reviewReportInput = z
  .object({
    id: id(REVIEW_MESSAGES.notFound),
    reason: requiredText(1000, 'Reason', REVIEW_MESSAGES.reasonRequired),
  })
  .strict();

/** The bookings the caller may review now, optionally of one listing. */
export const reviewableInput = z
  .object({ vendorId: id('Listing not found').optional() })
  .strict()
  .optional()
  .transform((v) => v ?? {});

/** A review as anyone reads it: the writer by first name only. */
export const reviewDto = z.object({
  id: z.uuid(),
  vendorId: z.uuid(),
  rating: z.number().int(),
  text: z.string(),
  imageUrls: z.array(z.string()),
  /** The writer's first name; null once their account was deleted. */
  authorFirstName: z.string().nullable(),
  createdAt: z.date(),
  reply: z.string().nullable(),
  repliedAt: z.date().nullable(),
});
export type ReviewDto = z.infer<typeof reviewDto>;

/** A page of a listing's visible reviews, with the listing's computed rating. */
export const reviewPageDto = z.object({
  items: z.array(reviewDto),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The average of the visible reviews ("4.80"); "0.00" with none. */
  rating: z.string(),
  reviewCount: z.number().int(),
});
export type ReviewPageDto = z.infer<typeof reviewPageDto>;

/** A review on the owner's dashboard: which listing, and whether an admin hid it. */
export const ownerReviewDto = reviewDto.extend({
  businessName: z.string(),
  hidden: z.boolean(),
});
export const ownerReviewPageDto = z.object({
  items: z.array(ownerReviewDto),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type OwnerReviewDto = z.infer<typeof ownerReviewDto>;

export const reviewableDto = z.object({
  bookingId: z.uuid(),
  vendorId: z.uuid(),
  businessName: z.string(),
  /** The event's day (YYYY-MM-DD). */
  day: z.string(),
});
export type ReviewableDto = z.infer<typeof reviewableDto>;

// ---------------------------------------------------------------- The admin's review reports

export const REVIEW_REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;

export const adminReviewReportsInput = z
  .object({
    status: z
      .enum(REVIEW_REPORT_STATUSES, { error: 'Status must be one of open, resolved, dismissed' })
      .optional(),
    page: queryNumber('Page', z.number().int().min(1).max(10_000), 1),
  })
  .strict()
  .optional()
  .transform((v) => v ?? { page: 1 });

export const adminReviewReportDto = z.object({
  id: z.uuid(),
  reason: z.string(),
  status: z.enum(REVIEW_REPORT_STATUSES),
  createdAt: z.date(),
  resolvedAt: z.date().nullable(),
  reporter: z.object({ id: z.uuid(), name: z.string(), email: z.string() }).nullable(),
  review: z.object({
    id: z.uuid(),
    vendorId: z.uuid(),
    businessName: z.string(),
    rating: z.number().int(),
    text: z.string(),
    imageUrls: z.array(z.string()),
    authorName: z.string().nullable(),
    authorEmail: z.string().nullable(),
    createdAt: z.date(),
    reply: z.string().nullable(),
    hidden: z.boolean(),
    hiddenReason: z.string().nullable(),
  }),
});
export type AdminReviewReportDto = z.infer<typeof adminReviewReportDto>;
export const adminReviewReportsDto = z.object({
  items: z.array(adminReviewReportDto),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** POST /api/admin/reviews/{id}/hide: the reason is told to the writer. */
export const adminReviewHideInput = z
  .object({
    id: id(REVIEW_MESSAGES.notFound),
    reason: requiredText(1000, 'Reason', REVIEW_MESSAGES.hideReasonRequired),
  })
  .strict();
/** An admin's optional note on showing a review again or dismissing a report: kept in the audit log. */
const adminNote = safeString('Reason', { max: 1000 }).nullish();
/** POST /api/admin/reviews/{id}/unhide: notes optional. */
export const adminReviewUnhideInput = z
  .object({ id: id(REVIEW_MESSAGES.notFound), reason: adminNote })
  .strict();
/** POST /api/admin/review-reports/{id}/dismiss: notes optional, as a conversation report's. */
export const adminReviewReportDismissInput = z
  .object({ id: id(REVIEW_MESSAGES.reportNotFound), reason: adminNote })
  .strict();

/** What a hide, unhide or dismissal answers: the review's state and how many open reports were closed. */
export const adminReviewDecisionDto = z.object({
  reviewId: z.uuid(),
  hidden: z.boolean(),
  closedReports: z.number().int(),
});
