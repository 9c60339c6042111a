import { z } from 'zod';
import { RESPONSE_FIGURES_DAYS, responseRateText, responseTimeText } from '../responsiveness';
import { oneOf, queryNumber } from './common';

export const ANALYTICS_WINDOWS = [30, 90] as const;

/** Requests a listing needs before its public profile tells how fast it answers. */
export const RESPONSIVENESS_MIN_REQUESTS = 5;
/** A request counts as answered in time when the first answer came within this many business minutes. */
export const RESPONSE_WINDOW_MINUTES = 24 * 60;

/** GET /api/vendors/profile/analytics?days=30|90[&vendorId=] (the owner only). */
export const analyticsInput = z
  .object({
    days: queryNumber(
      'days',
      z.number().refine((v) => v === 30 || v === 90, 'days must be 30 or 90'),
      30,
    ),
    vendorId: z.uuid({ error: 'Listing not found' }).optional(),
  })
  .strict();

/** What a listing's visitors did, counted per day and over the whole window alike. */
const visitCounts = {
  views: z.number().int(),
  uniqueVisitors: z.number().int(),
  contactReveals: z.number().int(),
};

export const analyticsDayDto = z.object({
  /** Civil date 'YYYY-MM-DD' (UTC); every day of the window is present, quiet days with zeros. */
  day: z.string(),
  ...visitCounts,
  requests: z.number().int(),
});

export const analyticsDto = z.object({
  vendorId: z.uuid(),
  days: z.number().int(),
  ...visitCounts,
  /** Contact reveals by kind: phone, e-mail and website clicks. */
  reveals: z.object({ phone: z.number().int(), email: z.number().int(), website: z.number().int() }),
  requests: z.number().int(),
  /**
   * Share (0 to 1) of the requests of the last `responseWindowDays` days answered within 24
   * business hours, among those answered or whose 24 hours have passed; null with no such request.
   * The same figure as the public profile's, whatever `days` is.
   */
  responseRate: z.number().nullable(),
  /** Median business minutes to the first answer over the same requests; null when none was answered. */
  medianResponseMinutes: z.number().nullable(),
  /** The days of requests the response figures look at (90). */
  responseWindowDays: z.number().int(),
  /** Quotes the listing sent in the window (issue 29), replaced ones included. */
  quotesSent: z.number().int(),
  /** Of those, the ones the family accepted. */
  quotesAccepted: z.number().int(),
  /**
   * Share (0 to 1) of the window's quotes accepted, among those accepted, declined or expired (open
   * and replaced quotes are left out); null with no such quote.
   */
  acceptanceRate: z.number().nullable(),
  /**
   * The listing's own booked money, a decimal string: the window's accepted quotes whose booking was
   * not cancelled, each at its price or the lowest of its range.
   */
  bookedRevenue: z.string(),
  daily: z.array(analyticsDayDto),
});
export type AnalyticsDto = z.infer<typeof analyticsDto>;

/** How fast a listing answers, shown on its public profile once it has enough requests. */
export const responsivenessDto = z.object({
  requests: z.number().int(),
  responseRate: z.number(),
  medianResponseMinutes: z.number().nullable(),
});
export type ResponsivenessDto = z.infer<typeof responsivenessDto>;

export const CONTACT_KINDS = ['phone', 'email', 'website'] as const;
/** POST /api/vendors/{id}/contact-reveal: a signed-in user clicked Call, Email or Website. */
export const contactRevealInput = z
  .object({
    id: z.uuid({ error: 'Vendor not found' }),
    kind: oneOf('kind', CONTACT_KINDS),
  })
  .strict();

export { RESPONSE_FIGURES_DAYS, responseRateText, responseTimeText };
