import { toCivilDate } from '../../../shared/jewish-calendar';

export type Countdown =
  | { kind: 'before'; days: number; hours: number; minutes: number }
  | { kind: 'today' }
  | { kind: 'past' };

/**
 * Time left until an event at `date` (its local day and time). The whole day of the event reads
 * 'Today!' even after the start time has passed; only from the next day has it taken place.
 */
export function countdownTo(date: Date, now: Date): Countdown {
  const day = toCivilDate(date);
  const today = toCivilDate(now);
  if (day === today) return { kind: 'today' };
  if (day < today) return { kind: 'past' };
  const totalMinutes = Math.max(0, Math.floor((date.getTime() - now.getTime()) / 60_000));
  return {
    kind: 'before',
    days: Math.floor(totalMinutes / (24 * 60)),
    hours: Math.floor((totalMinutes % (24 * 60)) / 60),
    minutes: totalMinutes % 60,
  };
}
