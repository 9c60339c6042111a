import { z } from 'zod';

/**
 * The figures the landing page and the sign-in screens show, counted from the database. A zero
 * means nothing was counted: the page then says nothing rather than show a number.
 */
export const siteFiguresDto = z.object({
  /** Customer accounts not suspended. */
  families: z.number().int().min(0),
  /** Listings the public can see (not hidden). */
  vendors: z.number().int().min(0),
  /** Public listings per category, for every category that has any. */
  categories: z.record(z.string(), z.number().int().min(0)),
  /**
   * The mean of every review's stars across public listings with reviews (each listing's rating
   * weighted by its number of reviews), one decimal; null when no listing has a review.
   */
  rating: z.object({ average: z.string(), reviews: z.number().int().min(1) }).nullable(),
});
export type SiteFiguresDto = z.infer<typeof siteFiguresDto>;
