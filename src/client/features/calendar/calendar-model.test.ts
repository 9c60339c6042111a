import { describe, expect, it } from 'vitest';
import { buildDays, type CalendarView, shiftAnchor } from './calendar-model';

function page(view: CalendarView, anchor: string, today: string, step: 1 | -1, times = 1): string {
  let at = anchor;
  for (let i = 0; i < times; i++) at = shiftAnchor(view, at, step, today);
  return at;
}

function marks(anchor: string, today: string) {
  const days = buildDays({ view: 'month', anchor, today, events: [], familyEvents: [] });
  return {
    today: days.filter((d) => d.isToday).map((d) => d.date),
    selected: days.filter((d) => d.isSelected).map((d) => d.date),
  };
}

describe('paging the month view', () => {
  const today = '2026-11-27';

  it('marks today only on the real date, never on its day number in another month', () => {
    for (const step of [1, -1] as const) {
      for (let months = 1; months <= 14; months++) {
        const anchor = page('month', today, today, step, months);
        const { today: todays, selected } = marks(anchor, today);
        // The month grid shows a few days of the months around it: today may be one of them, as itself.
        expect(todays.every((d) => d === today)).toBe(true);
        expect(selected).toHaveLength(1);
        expect(selected[0]?.endsWith('-27')).toBe(false);
      }
    }
  });

  it('selects the 1st of another month and today again in today’s month', () => {
    expect(page('month', today, today, 1)).toBe('2026-12-01');
    expect(page('month', today, today, -1)).toBe('2026-10-01');
    expect(page('month', '2026-12-01', today, -1)).toBe(today);
    expect(page('month', today, today, 1, 14)).toBe('2028-01-01');
    expect(page('month', '2026-01-31', today, 1)).toBe('2026-02-01');
  });

  it('shows today in the trailing days of the previous month as today', () => {
    // November 30 2026 is in the first row of December's grid.
    const { today: todays, selected } = marks(page('month', '2026-11-30', '2026-11-30', 1), '2026-11-30');
    expect(todays).toEqual(['2026-11-30']);
    expect(selected).toEqual(['2026-12-01']);
  });

  it('keeps the weekday for week steps and the next day for day steps', () => {
    expect(shiftAnchor('week', today, 1, today)).toBe('2026-12-04');
    expect(shiftAnchor('day', today, -1, today)).toBe('2026-11-26');
  });
});
