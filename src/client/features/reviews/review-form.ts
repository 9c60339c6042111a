import { z } from 'zod';
import { safeString } from '../../../shared/schemas/common';
import { REVIEW_MESSAGES, REVIEW_TEXT_MAX, REVIEW_TEXT_MIN } from '../../../shared/schemas/reviews';

/** The Write a review form: the server checks the same with the same words. */
export const reviewForm = z.object({
  rating: z.number().int().min(1, REVIEW_MESSAGES.ratingRange).max(5, REVIEW_MESSAGES.ratingRange),
  text: safeString(/* value: the field's English name, translated by its label code */ 'Review', {
    max: REVIEW_TEXT_MAX,
    maxMessage: REVIEW_MESSAGES.textTooLong,
  }).min(REVIEW_TEXT_MIN, REVIEW_MESSAGES.textTooShort),
});
export type ReviewFormValues = z.input<typeof reviewForm>;

/** The owner's reply. */
export const replyForm = z.object({
  text: safeString(/* value: the field's English name, translated by its label code */ 'Reply', {
    max: REVIEW_TEXT_MAX,
    maxMessage: REVIEW_MESSAGES.replyTooLong,
  }).min(1, REVIEW_MESSAGES.replyRequired),
});
export type ReplyFormValues = z.input<typeof replyForm>;

/** A report's reason. */
export const reportForm = z.object({
  reason: safeString(/* value: the field's English name, translated by its label code */ 'Reason', {
    max: 1000,
  }).min(1, REVIEW_MESSAGES.reasonRequired),
});
export type ReportFormValues = z.input<typeof reportForm>;
