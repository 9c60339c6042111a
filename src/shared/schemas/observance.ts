import { z } from 'zod';

/**
 * Observance settings (issue 28, decision 034): how a family keeps the calendar. Stored per user;
 * `null` means "by the place": Israel when the home place is in Israel, 40 candle-lighting minutes
 * in Jerusalem and 18 elsewhere.
 */

export const CANDLE_MINUTES = [18, 20, 22, 30, 40] as const;
export type CandleMinutes = (typeof CANDLE_MINUTES)[number];
export const DEFAULT_CANDLE_MINUTES = 18;
export const JERUSALEM_CANDLE_MINUTES = 40;

/** Havdalah: the sun 8.5° below the horizon (three small stars), or fixed minutes after sunset. */
export const HAVDALAH_RULES = ['degrees-8.5', 'minutes-42', 'minutes-50', 'minutes-72'] as const;
export type HavdalahSetting = (typeof HAVDALAH_RULES)[number];
export const DEFAULT_HAVDALAH: HavdalahSetting = 'degrees-8.5';
export const HAVDALAH_LABELS: Record<HavdalahSetting, string> = {
  'degrees-8.5': 'Nightfall: the sun 8.5° below the horizon',
  'minutes-42': '42 minutes after sunset',
  'minutes-50': '50 minutes after sunset',
  'minutes-72': '72 minutes after sunset (Rabbeinu Tam)',
};

/** Whose customs decide the Omer and the Three Weeks: Ashkenazi, Sephardi, or no such warnings. */
export const CUSTOMS = ['ashkenazi', 'sephardi', 'none'] as const;
export type Custom = (typeof CUSTOMS)[number];
export const DEFAULT_CUSTOM: Custom = 'ashkenazi';
export const CUSTOM_LABELS: Record<Custom, string> = {
  ashkenazi: 'Ashkenazi',
  sephardi: 'Sephardi',
  none: 'None',
};

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

export const observanceSettings = z.object(observanceFields);
export type ObservanceSettings = z.infer<typeof observanceSettings>;

export const DEFAULT_OBSERVANCE: ObservanceSettings = {
  observanceSchedule: null,
  candleMinutes: null,
  havdalah: DEFAULT_HAVDALAH,
  weddingCustom: DEFAULT_CUSTOM,
};

/** What a place needs to settle the defaults. */
export interface DefaultingPlace {
  name: string;
  country: string;
}

export function isJerusalem(place: DefaultingPlace | null | undefined): boolean {
  return place?.country === 'IL' && place.name === 'Jerusalem';
}

/** Israel's calendar: as set, else when the place is in Israel. */
export function keepsIsraeliCalendar(settings: ObservanceSettings, place: DefaultingPlace | null): boolean {
  return settings.observanceSchedule === null
    ? place?.country === 'IL'
    : settings.observanceSchedule === 'israel';
}

/** Candle-lighting minutes: as set, else Jerusalem's 40 there and 18 elsewhere. */
export function candleMinutesAt(settings: ObservanceSettings, place: DefaultingPlace | null): number {
  return settings.candleMinutes ?? (isJerusalem(place) ? JERUSALEM_CANDLE_MINUTES : DEFAULT_CANDLE_MINUTES);
}

export const CONFLICT_LEVELS = ['forbidden', 'custom', 'info'] as const;
export type ConflictLevel = (typeof CONFLICT_LEVELS)[number];

/** The place a judgement used: a city of the place search (`id`), or a listing's own position (null id). */
export const conflictPlaceDto = z.object({
  id: z.number().int().nullable(),
  name: z.string(),
  region: z.string().nullable(),
  country: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  timeZone: z.string().meta({ example: 'America/New_York' }),
});

/**
 * The three tiers (decision 034): `forbidden` (between candle-lighting and havdalah of Shabbat or Yom
 * Tov at the place), `custom` (days avoided by the family's custom), `info` (worth knowing), or null.
 * `startsAt`/`endsAt` bound what the reason is about; `place` is the place whose clock was used.
 */
export const conflictDto = z.object({
  level: z.enum(CONFLICT_LEVELS).nullable(),
  reason: z.string().nullable(),
  startsAt: z.date().nullable(),
  endsAt: z.date().nullable(),
  place: conflictPlaceDto.nullable(),
});
export type ConflictDto = z.infer<typeof conflictDto>;

/** A slot to judge before it is saved (the event form and the request dialog, as the family types). */
export const slotCheckInput = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be YYYY-MM-DD'),
  time: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must be HH:MM')
    .nullable(),
  durationMinutes: z
    .number()
    .int()
    .min(1, 'Duration must be a whole number of minutes from 1 to 2880 (48 hours)')
    .max(2880, 'Duration must be a whole number of minutes from 1 to 2880 (48 hours)')
    .nullable(),
  /** The event's city; null: the caller's home place. */
  placeId: z.number().int().positive().nullable(),
});
export type SlotCheckInput = z.infer<typeof slotCheckInput>;

export const slotJudgementDto = z.object({
  hasConflict: z.boolean(),
  conflictReason: z.string().nullable(),
  conflict: conflictDto,
});
export type SlotJudgementDto = z.infer<typeof slotJudgementDto>;
