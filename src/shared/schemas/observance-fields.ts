import { z } from 'zod';

/**
 * The observance settings' values and their schema fields, apart from the rest of observance.ts
 * (labels, conflict shapes): the user's schema needs only these, and every page that signs in
 * loads the user's schema.
 */

export const CANDLE_MINUTES = [18, 20, 22, 30, 40] as const;
export type CandleMinutes = (typeof CANDLE_MINUTES)[number];
export const DEFAULT_CANDLE_MINUTES = 18;
export const JERUSALEM_CANDLE_MINUTES = 40;

/** Havdalah: the sun 8.5° below the horizon (three small stars), or fixed minutes after sunset. */
export const HAVDALAH_RULES = ['degrees-8.5', 'minutes-42', 'minutes-50', 'minutes-72'] as const;
export type HavdalahSetting = (typeof HAVDALAH_RULES)[number];
export const DEFAULT_HAVDALAH: HavdalahSetting = 'degrees-8.5';

/** Whose customs decide the Omer and the Three Weeks: Ashkenazi, Sephardi, or no such warnings. */
export const CUSTOMS = ['ashkenazi', 'sephardi', 'none'] as const;
export type Custom = (typeof CUSTOMS)[number];
export const DEFAULT_CUSTOM: Custom = 'ashkenazi';

export const SCHEDULES = ['israel', 'diaspora'] as const;
export type Schedule = (typeof SCHEDULES)[number];

export const OBSERVANCE_MESSAGES = {
  badSchedule: "Calendar must be 'israel' or 'diaspora'",
  badCandles: `Candle-lighting minutes must be one of ${CANDLE_MINUTES.join(', ')}`,
  badHavdalah: `Havdalah must be one of ${HAVDALAH_RULES.join(', ')}`,
  badCustom: `Custom must be one of ${CUSTOMS.join(', ')}`,
} as const;

/** The settings as stored on the user and as a caller sends them (each may be absent on an update). */
export const observanceFields = {
  /** Israel or the Diaspora; null: from the home place. */
  observanceSchedule: z.enum(SCHEDULES, { error: OBSERVANCE_MESSAGES.badSchedule }).nullable(),
  /** Minutes before sunset; null: 40 in Jerusalem, 18 elsewhere. */
  candleMinutes: z
    .number({ error: OBSERVANCE_MESSAGES.badCandles })
    .refine((n) => (CANDLE_MINUTES as readonly number[]).includes(n), OBSERVANCE_MESSAGES.badCandles)
    .nullable(),
  havdalah: z.enum(HAVDALAH_RULES, { error: OBSERVANCE_MESSAGES.badHavdalah }),
  weddingCustom: z.enum(CUSTOMS, { error: OBSERVANCE_MESSAGES.badCustom }),
};

/** The tiers of a conflict (decision 034), most serious first. */
export const CONFLICT_LEVELS = ['forbidden', 'custom', 'info'] as const;
export type ConflictLevel = (typeof CONFLICT_LEVELS)[number];
