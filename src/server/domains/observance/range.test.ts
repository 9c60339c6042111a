import { describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/jewish-calendar';
import { DEFAULT_OBSERVANCE } from '../../../shared/schemas/observance';
import { BROOKLYN, JERUSALEM } from './test-places';
import { type JudgedPlace, judgeRange, judgeSlot, type Observance, observanceFor } from './tiers';

/**
 * judgeRange (a start time and length on every date of a range, the rest blocks computed once)
 * answers what judgeSlot answers date by date.
 */

const atPlace = (p: JudgedPlace, custom: Observance['custom'] = 'ashkenazi'): Observance =>
  observanceFor({ ...DEFAULT_OBSERVANCE, weddingCustom: custom }, p, p);

const FROM = '2026-09-01';
const TO = addDays(FROM, 399);

const cases: [JudgedPlace, Observance['custom'], string | null, number | null][] = [
  [BROOKLYN, 'ashkenazi', '19:30', 240],
  [BROOKLYN, 'sephardi', '15:00', null],
  [BROOKLYN, 'ashkenazi', '22:00', 2880],
  // Clocks changing: 02:30 skipped in March, 01:30 twice in November.
  [BROOKLYN, 'ashkenazi', '02:30', 60],
  [BROOKLYN, 'sephardi', '01:30', 1500],
  [JERUSALEM, 'ashkenazi', '19:30', 240],
  [JERUSALEM, 'sephardi', '15:00', 240],
  [JERUSALEM, 'ashkenazi', '02:30', 30],
  [JERUSALEM, 'none', null, null],
];

describe('judgeRange', () => {
  it.each(cases.map(([p, custom, time, minutes]) => ({ name: p.name, p, custom, time, minutes })))(
    'answers as judgeSlot on every date of 400 days: $name, $custom custom, at $time for $minutes minutes',
    ({ p, custom, time, minutes }) => {
      const observance = atPlace(p, custom);
      const range = judgeRange(FROM, TO, time, minutes, p, observance);
      expect(range).toHaveLength(400);
      const levels = new Set<string | null>();
      let date = FROM;
      for (const day of range) {
        expect(day.date).toBe(date);
        const one = judgeSlot({ date, time, durationMinutes: minutes }, p, observance);
        expect(day.judgement, date).toEqual(one);
        levels.add(one.conflict.level);
        date = addDays(date, 1);
      }
      // The year holds every tier.
      expect([...levels].sort()).toEqual(['custom', 'forbidden', 'info', null].sort());
    },
  );
});
