import { z } from 'zod';
import {
  adminReviewDecisionDto,
  adminReviewHideInput,
  adminReviewReportDismissInput,
  adminReviewReportsDto,
  adminReviewReportsInput,
  adminReviewUnhideInput,
  myListingReviewsInput,
  ownerReviewPageDto,
  reviewableDto,
  reviewableInput,
  reviewCreateInput,
  reviewDto,
  reviewPageDto,
  reviewReplyInput,
  reviewReportInput,
  vendorReviewsInput,
} from '../../../shared/schemas/reviews';
import { idempotent } from '../../platform/idempotency/idempotency';
import {
  adminProcedure,
  authedProcedure,
  publicProcedure,
  router,
  serve,
  serveDb,
  vendorProcedure,
} from '../../platform/trpc/init';
import {
  adminReviewReports,
  createReview,
  dismissReviewReport,
  hideReview,
  myListingReviews,
  replyToReview,
  reportReview,
  reviewable,
  unhideReview,
  vendorReviews,
} from './reviews.service';

/** Reviews from real clients only (issue 29). */
export const reviewsRouter = router({
  create: authedProcedure
    .input(reviewCreateInput)
    .use(idempotent)
    .output(reviewDto)
    .mutation(serve(createReview)),
  forVendor: publicProcedure.input(vendorReviewsInput).output(reviewPageDto).query(serveDb(vendorReviews)),
  reviewable: authedProcedure.input(reviewableInput).output(z.array(reviewableDto)).query(serve(reviewable)),
  mine: vendorProcedure
    .input(myListingReviewsInput)
    .output(ownerReviewPageDto)
    .query(serve(myListingReviews)),
  reply: authedProcedure.input(reviewReplyInput).output(reviewDto).mutation(serve(replyToReview)),
  report: authedProcedure
    .input(reviewReportInput)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(serve(reportReview)),
});

/** The admin's side of review reports: read them with the review, hide (with a reason), unhide, dismiss. */
export const adminReviewsRouter = router({
  reports: adminProcedure
    .input(adminReviewReportsInput)
    .output(adminReviewReportsDto)
    .query(serveDb(adminReviewReports)),
  hide: adminProcedure.input(adminReviewHideInput).output(adminReviewDecisionDto).mutation(serve(hideReview)),
  unhide: adminProcedure
    .input(adminReviewUnhideInput)
    .output(adminReviewDecisionDto)
    .mutation(serve(unhideReview)),
  dismissReport: adminProcedure
    .input(adminReviewReportDismissInput)
    .output(adminReviewDecisionDto)
    .mutation(serve(dismissReviewReport)),
});
