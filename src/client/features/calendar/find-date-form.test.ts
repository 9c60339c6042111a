import { describe, expect, it } from 'vitest';
import { CALENDAR_MESSAGES } from '../../../shared/schemas/calendar';
import { blankFindDate, findDateForm, LENGTH_MESSAGE, planEventHref } from './find-date-form';

describe('the Find a date form', () => {
  it("sends calendar.dates' input: hours as minutes, no place for the home place, no type for Any", () => {
    const parsed = findDateForm.safeParse({ ...blankFindDate('2026-12-01'), hours: '4.5', eventType: '' });
    expect(parsed.success && parsed.data).toEqual({
      from: '2026-12-01',
      to: '2027-06-01',
      time: '19:00',
      durationMinutes: 270,
    });
    const there = findDateForm.safeParse({ ...blankFindDate('2026-12-01'), placeId: 281184 });
    expect(there.success && there.data).toMatchObject({
      placeId: 281184,
      eventType: 'Wedding',
      durationMinutes: 240,
    });
  });

  it("refuses a blank length, a range backwards or over 400 days, with the shared schema's messages", () => {
    const issues = (values: Partial<ReturnType<typeof blankFindDate>>) => {
      const parsed = findDateForm.safeParse({ ...blankFindDate('2026-12-01'), ...values });
      return parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.message]);
    };
    expect(issues({ hours: '' })).toEqual([['hours', LENGTH_MESSAGE]]);
    expect(issues({ hours: '49' })).toEqual([['hours', LENGTH_MESSAGE]]);
    expect(issues({ to: '2026-11-30' })).toEqual([['to', CALENDAR_MESSAGES.toBeforeFrom]]);
    expect(issues({ to: '2028-01-05' })).toEqual([['to', CALENDAR_MESSAGES.tooLong(400)]]);
  });

  it('links a date found to the create dialog of the events page, filled in', () => {
    expect(planEventHref('2026-12-19', '19:30', 'Wedding')).toBe(
      '/events?new=1&date=2026-12-19&time=19%3A30&type=Wedding',
    );
    expect(planEventHref('2026-12-19', '19:30', null)).toBe('/events?new=1&date=2026-12-19&time=19%3A30');
  });
});
