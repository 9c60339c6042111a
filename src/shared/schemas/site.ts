import { z } from 'zod';

/**
 * The figures the landing page and the sign-in screens show, counted from the database. A zero
 * means nothing was counted: the page then says nothing rather than show a number.
 */
/** A review the landing page quotes: its words, stars, the writer's first name and the business. */
export const testimonialDto = z.object({
  id: z.uuid(),
  rating: z.number().int(),
  text: z.string(),
  authorFirstName: z.string(),
  vendorId: z.uuid(),
  businessName: z.string(),
});
export type TestimonialDto = z.infer<typeof testimonialDto>;

export const siteFiguresDto = z.object({
  /** Customer accounts not suspended. */
  families: z.number().int().min(0),
  /** Listings the public can see (not hidden). */
  vendors: z.number().int().min(0),
  /** Public listings per category, for every category that has any. */
  categories: z.record(z.string(), z.number().int().min(0)),
  /**
   * The mean of the stars of every visible review of public listings, one decimal; null when there
   * is none.
   */
  rating: z.object({ average: z.string(), reviews: z.number().int().min(1) }).nullable(),
  /**
   * The newest visible reviews of 4 or 5 stars of public listings, for the landing page's
   * testimonials (at most TESTIMONIALS_SHOWN); none while there are none.
   */
  testimonials: z.array(testimonialDto),
});
export type SiteFiguresDto = z.infer<typeof siteFiguresDto>;
