import { z } from 'zod';

/** A user's secret calendar subscription address (issue 28). */

/** The path of a feed under the site's origin; the token is the only secret in it. */
export const calendarFeedPath = (token: string) => `/calendar/${token}.ics`;

/** Titles of the candle-lighting and havdalah items of a feed (followed by the place's name). */
export const FEED_TEXTS = {
  candleLighting: 'Candle-lighting',
  havdalah: 'Havdalah',
} as const;

export const createFeedInput = z
  .object({
    /** Also carry candle-lighting and havdalah at the user's home place. */
    includeTimes: z.boolean().optional(),
  })
  .strict()
  .optional();
export type CreateFeedInput = z.input<typeof createFeedInput>;

export const feedUrlDto = z.object({
  /** The absolute address a calendar app subscribes to; shown only in this answer. */
  url: z.string().meta({ example: 'https://simchahub.example/calendar/3Yw…Qk.ics' }),
});
export type FeedUrlDto = z.infer<typeof feedUrlDto>;

export const feedStatusDto = z.object({
  active: z.boolean(),
  includeTimes: z.boolean(),
  /** When the current address was made; null without one. */
  createdAt: z.date().nullable(),
});
export type FeedStatusDto = z.infer<typeof feedStatusDto>;
