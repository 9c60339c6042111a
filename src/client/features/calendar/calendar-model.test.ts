import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en';
import type { Translate } from '../../i18n/use-t';
import { setFormatLocale } from '../../lib/intl';
import {
  buildDays,
  type CalendarView,
  dayNotes,
  headingFor,
  shiftAnchor,
  timesRange,
  toCalendarEvents,
} from './calendar-model';

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

/** The English catalogue's translator, as the page's in English. */
const intl = createIntl({ locale: 'en', messages: en });
const english: Translate = (id, values) => intl.formatMessage({ id }, values);

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

describe('events and times on the days', () => {
  const judged = (id: string, localDate: string, level: 'forbidden' | 'custom' | 'info' | null) => ({
    id,
    title: id,
    type: 'Wedding',
    date: new Date(`${localDate}T12:00:00Z`),
    localDate,
    time: '18:00',
    venue: null,
    hasConflict: level === 'forbidden' || level === 'custom',
    conflictReason: level ? 'Shabbat' : null,
    conflict: {
      level,
      reason: level ? `${level} reason` : null,
      about: level ? { code: 'restDayNoPlace', params: { name: 'Shabbat', date: localDate } } : null,
    },
  });

  it('takes the tier from the server and marks the day by its gravest event', () => {
    const events = toCalendarEvents([
      judged('a', '2026-12-18', 'info'),
      judged('b', '2026-12-18', 'forbidden'),
      judged('c', '2026-12-20', 'info'),
      judged('d', '2026-12-21', 'custom'),
    ]);
    expect(events.find((e) => e.id === 'b')?.conflict).toEqual({
      level: 'forbidden',
      reason: 'forbidden reason',
      // The reason by code goes with it, for the page's language.
      about: { code: 'restDayNoPlace', params: { name: 'Shabbat', date: '2026-12-18' } },
      hasConflict: true,
      legacyReason: 'Shabbat',
    });
    const days = buildDays({
      view: 'week',
      anchor: '2026-12-18',
      today: '2026-12-01',
      events,
      familyEvents: [],
    });
    const friday = days.find((d) => d.date === '2026-12-18');
    expect(friday?.conflictLevel).toBe('forbidden');
    expect(friday?.hasConflict).toBe(true);
    // A week later: only worth knowing, so no conflict mark.
    const next = buildDays({
      view: 'week',
      anchor: '2026-12-20',
      today: '2026-12-01',
      events,
      familyEvents: [],
    });
    expect(next.find((d) => d.date === '2026-12-20')).toMatchObject({
      conflictLevel: 'info',
      hasConflict: false,
    });
    expect(next.find((d) => d.date === '2026-12-21')).toMatchObject({
      conflictLevel: 'custom',
      hasConflict: true,
    });
  });

  it('shows no tier with Shabbat warnings off', () => {
    const [event] = toCalendarEvents([judged('b', '2026-12-18', 'forbidden')], false);
    expect(event?.conflict.level).toBeNull();
    expect(event?.conflict.hasConflict).toBe(false);
  });

  it('gives each day its candle-lighting, havdalah, spans and marks at the home place', () => {
    const times = {
      place: {
        id: 5110302,
        name: 'Brooklyn',
        region: 'New York',
        country: 'US',
        latitude: 40.65,
        longitude: -73.95,
        timeZone: 'America/New_York',
      },
      days: [
        { date: '2026-12-18', candleLighting: new Date('2026-12-18T21:12:00Z'), havdalah: null, marks: [] },
        {
          date: '2026-12-19',
          candleLighting: null,
          havdalah: new Date('2026-12-19T22:16:00Z'),
          marks: [{ level: 'info' as const, reason: 'Motzei Shabbat' }],
        },
      ],
      blocks: [
        {
          startsAt: new Date('2026-12-18T21:12:00Z'),
          endsAt: new Date('2026-12-19T22:16:00Z'),
          name: 'Shabbat',
        },
      ],
    };
    const days = buildDays({
      view: 'week',
      anchor: '2026-12-18',
      today: '2026-12-01',
      events: [],
      familyEvents: [],
      times,
    });
    const friday = days.find((d) => d.date === '2026-12-18');
    const saturday = days.find((d) => d.date === '2026-12-19');
    expect(friday?.times?.candleLighting).toBe('16:12');
    expect(friday?.times?.spans.map((s) => [s.from, s.until])).toEqual([['16:12', null]]);
    expect(saturday?.times?.havdalah).toBe('17:16');
    expect(saturday?.times?.marks).toEqual([{ level: 'info', reason: 'Motzei Shabbat' }]);
    expect(dayNotes(english, friday as NonNullable<typeof friday>, false, 'en')).toContain(
      'candle-lighting 16:12',
    );
    expect(days.find((d) => d.date === '2026-12-14')?.times).toBeNull();
    // Warnings off: the clock stays, the marks go.
    const quiet = buildDays({
      view: 'week',
      anchor: '2026-12-18',
      today: '2026-12-01',
      events: [],
      familyEvents: [],
      times,
      warnings: false,
    });
    expect(quiet.find((d) => d.date === '2026-12-19')?.times).toMatchObject({ havdalah: '17:16', marks: [] });
  });

  it('asks calendar.times for the visible days, and a day either side of the day view', () => {
    expect(timesRange('month', '2026-12-10')).toEqual({ from: '2026-11-29', to: '2027-01-09' });
    expect(timesRange('week', '2026-12-10')).toEqual({ from: '2026-12-06', to: '2026-12-12' });
    expect(timesRange('day', '2026-12-10')).toEqual({ from: '2026-12-09', to: '2026-12-11' });
  });
});

describe("the week view's heading", () => {
  it("is the week's first and last day as one range in the page's language", () => {
    // Some ICU versions put thin spaces around the dash of a range.
    const spaced = (text: string) => text.replace(/[\u2009\u202f\u00a0]/g, ' ');
    try {
      setFormatLocale('en-US');
      expect(spaced(headingFor('week', '2027-04-22'))).toBe('April 18 – 24, 2027');
      expect(spaced(headingFor('week', '2027-12-28'))).toBe('December 26, 2027 – January 1, 2028');
      setFormatLocale('he-IL');
      expect(spaced(headingFor('week', '2027-04-22'))).toBe('18–24 באפריל 2027');
      expect(spaced(headingFor('week', '2027-04-29'))).toBe('25 אפריל – 1 מאי 2027');
    } finally {
      setFormatLocale('en-US');
    }
  });
});
