import { describe, expect, it } from 'vitest';
import { toCivilDate } from '../../../shared/jewish-calendar';
import { upcomingThenPast } from './format';

const day = 24 * 3600_000;
const at = (offsetDays: number, title: string) => ({
  title,
  localDate: toCivilDate(new Date(Date.now() + offsetDays * day)),
});

describe("My Events' order", () => {
  it('puts upcoming events first, soonest first, and past events after them, most recent first', () => {
    const sortedByDate = [
      at(-2000, 'Purim 2020'),
      at(-30, 'Last month'),
      at(0, 'Today'),
      at(10, 'Soon'),
      at(90, 'Later'),
    ];
    expect(upcomingThenPast(sortedByDate).map((e) => e.title)).toEqual([
      'Today',
      'Soon',
      'Later',
      'Last month',
      'Purim 2020',
    ]);
  });
});
