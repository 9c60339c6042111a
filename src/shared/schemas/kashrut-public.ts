import { z } from 'zod';
import { KASHRUT_FILTER_WORDS, KASHRUT_LEVEL_VALUES, KASHRUT_NOTICE_DAYS } from '../kashrut';

/*
 * The kashrut schemas the listing schemas (vendors.ts) need: what a profile shows and the
 * marketplace's filter. Apart from the owner's and admins' schemas (kashrut.ts), so that the
 * browser's listing forms do not carry those.
 */

export const kashrutFields = {
  agency: z.string(),
  agencyOther: z.string().nullable(),
  /** The agency as people read it (the name typed for 'other'). */
  agencyLabel: z.string(),
  level: z.enum(KASHRUT_LEVEL_VALUES),
  chalavYisrael: z.boolean(),
  pasYisrael: z.boolean(),
  glatt: z.boolean(),
  mehadrin: z.boolean(),
  shomerShabbat: z.boolean(),
};

/**
 * What a listing's profile shows. verifiedOn (the day, in the listing's zone) only while the
 * verification holds: verified and the expiry date not yet come; otherwise it is the business's own
 * statement.
 */
export const publicKashrutDto = z.object({
  ...kashrutFields,
  /** The level and the standards as people read them ('Meat'; 'Glatt', 'Shomer Shabbat'). */
  levelLabel: z.string(),
  standards: z.array(z.string()),
  verified: z.boolean(),
  verifiedOn: z.string().nullable(),
});
export type PublicKashrutDto = z.infer<typeof publicKashrutDto>;

/**
 * A listing's badge in the marketplace's lists: its supervision is verified and the expiry date has
 * not come at the listing's place. `until` is the instant it stops holding (midnight starting the
 * expiry day in the listing's zone, UTC without one); a kept answer read later shows no badge past it.
 */
export const kashrutBadgeDto = z.object({
  agency: z.string(),
  /** The name typed for agency 'other', else null. */
  agencyOther: z.string().nullable(),
  until: z.string().meta({ example: '2027-03-10T08:00:00Z' }),
});
export type KashrutBadgeDto = z.infer<typeof kashrutBadgeDto>;

/**
 * The marketplace's `kashrut=` parameter, repeated for several words: agency codes (any of them),
 * levels (any of them) and flags (all of them), and the groups together.
 */
export const kashrutFilterParam = z
  .preprocess(
    (v) => (v === undefined || Array.isArray(v) ? v : [v]),
    z
      .array(
        z.enum(KASHRUT_FILTER_WORDS, { error: `kashrut must be one of ${KASHRUT_FILTER_WORDS.join(', ')}` }),
      )
      .max(20)
      .optional(),
  )
  .meta({
    description: `Verified, unexpired kashrut only. Repeat for several words: agency codes match any of them (kashrut=ou&kashrut=ok: OU or OK), levels any of them (meat, dairy, pareve), and flags all of them (chalav-yisrael, pas-yisrael, glatt, mehadrin, shomer-shabbat); the groups together (kashrut=ou&kashrut=chalav-yisrael: OU and chalav Yisrael). The owner is told ${KASHRUT_NOTICE_DAYS} days before a certificate expires, and it stops matching on its expiry day.`,
  });
