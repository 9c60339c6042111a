import { z } from 'zod';
import { rowVersionDto } from './common';
import { eventHeadline } from './events';
import { conflictDto } from './observance';
import { placeDto } from './places';

/**
 * The event as every answer shows it. Kept apart from events.ts, whose input schemas the browser's
 * forms import: the browser needs this shape only as a type, so its conflict and place schemas stay
 * out of the pages' JavaScript.
 */
export const eventDto = z.object({
  id: z.uuid(),
  ...eventHeadline,
  /** The event's civil date at its place ('YYYY-MM-DD'). */
  localDate: z.string().meta({ example: '2026-12-19' }),
  placeId: z.number().int().nullable(),
  /** The event's own place; null when it has none (then the owner's home place is used). */
  place: placeDto.nullable(),
  endTime: z.string().nullable(),
  durationMinutes: z.number().int().nullable(),
  /** The main event this is a sub-event of; null: a main event. */
  parentEventId: z.uuid().nullable(),
  /** The spec's flag and reason: Shabbat and Yom Tov by the clock of the event's place (decision 034). */
  hasConflict: z.boolean(),
  conflictReason: z.string().nullable(),
  conflict: conflictDto,
  notes: z.string().nullable(),
  imageUrl: z.string().nullable(),
  isPublic: z.boolean(),
  shareId: z.uuid(),
  createdAt: z.date(),
  version: rowVersionDto,
  completedTasks: z.number().int(),
  totalTasks: z.number().int(),
  /** Sum of paid deposits, decimal string. */
  paidAmount: z.string(),
  /** Sum of all deposits, decimal string. */
  totalDeposits: z.string(),
});
export type EventDto = z.infer<typeof eventDto>;
