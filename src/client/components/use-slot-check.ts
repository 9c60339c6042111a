import type { SlotCheckInput, SlotJudgementDto } from '../../shared/schemas/observance';
import { trpc } from '../lib/trpc';
import { useDebounced } from './use-debounced';

const CHECK_DEBOUNCE_MS = 300;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export interface TypedSlot {
  /** A date input's 'YYYY-MM-DD'; anything else asks nothing. */
  date: string;
  /** A time input's 'HH:MM', or blank. */
  time: string | null | undefined;
  /** 'HH:MM' the event ends (earlier than the start: the next day), or blank. */
  endTime?: string | null;
  placeId: number | null;
}

function minutesOf(time: string): number {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
}

/** The length an end time gives a start time, as the server counts it; null without both. */
export function lengthBetween(time: string | null | undefined, endTime: string | null | undefined) {
  if (!time || !endTime || !TIME.test(time) || !TIME.test(endTime)) return null;
  const minutes = (minutesOf(endTime) - minutesOf(time) + 24 * 60) % (24 * 60);
  return minutes === 0 ? null : minutes;
}

/**
 * The tier the server gives a slot as it is typed (calendar.check, decision 034): asked once the
 * date is complete and the typing has paused. Undefined while there is nothing to judge or no
 * answer yet; the previous answer stays while the next is asked, so the notice does not flicker.
 */
export function useSlotCheck(slot: TypedSlot, enabled = true): SlotJudgementDto | undefined {
  const time = slot.time && TIME.test(slot.time) ? slot.time : null;
  const input: SlotCheckInput = {
    date: slot.date,
    time,
    durationMinutes: lengthBetween(time, slot.endTime),
    placeId: slot.placeId,
  };
  // Debounced as text: a new object each render would restart the pause for ever.
  const settled = JSON.parse(useDebounced(JSON.stringify(input), CHECK_DEBOUNCE_MS)) as typeof input;
  const complete = DATE.test(settled.date) && settled.date >= '1000-01-01';
  const check = trpc.calendar.check.useQuery(settled, {
    enabled: enabled && complete,
    placeholderData: (previous) => previous,
    staleTime: 60_000,
  });
  return enabled && DATE.test(slot.date) ? check.data : undefined;
}
