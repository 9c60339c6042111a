import { z } from 'zod';
import { civilDateSchema } from './common';
import { durationMinutesSchema } from './events';
import { observanceAboutDto } from './observance-about';
import {
  CONFLICT_LEVELS,
  type Custom,
  DEFAULT_CANDLE_MINUTES,
  DEFAULT_CUSTOM,
  DEFAULT_HAVDALAH,
  type HavdalahSetting,
  JERUSALEM_CANDLE_MINUTES,
  observanceFields,
} from './observance-fields';

/**
 * Observance settings (issue 28, decision 034): how a family keeps the calendar. Stored per user;
 * `null` means "by the place": Israel when the home place is in Israel, 40 candle-lighting minutes
 * in Jerusalem and 18 elsewhere.
 */

export * from './observance-about';
export * from './observance-fields';

export const HAVDALAH_LABELS: Record<HavdalahSetting, string> = {
  'degrees-8.5': 'Nightfall: the sun 8.5° below the horizon',
  'minutes-42': '42 minutes after sunset',
  'minutes-50': '50 minutes after sunset',
  'minutes-72': '72 minutes after sunset (Rabbeinu Tam)',
};

export const CUSTOM_LABELS: Record<Custom, string> = {
  ashkenazi: 'Ashkenazi',
  sephardi: 'Sephardi',
  none: 'None',
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
  /** `reason` by code, when it has one (null without a reason, and for requests stored before codes). */
  about: observanceAboutDto.nullable().optional(),
  startsAt: z.date().nullable(),
  endsAt: z.date().nullable(),
  place: conflictPlaceDto.nullable(),
});
export type ConflictDto = z.infer<typeof conflictDto>;

/** A slot to judge before it is saved (the event form and the request dialog, as the family types). */
export const slotCheckInput = z.object({
  date: civilDateSchema('Date'),
  time: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must be HH:MM')
    .nullable(),
  durationMinutes: durationMinutesSchema.nullable(),
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
