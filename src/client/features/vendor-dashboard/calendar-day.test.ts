import { describe, expect, it } from 'vitest';
import type { MyAvailabilityDto } from '../../../shared/schemas/availability';
import type { MessageId } from '../../i18n/catalogue';
import en from '../../i18n/en';
import he from '../../i18n/he';
import { DAY_LOOK, DAY_STATES, dayState, restName, restOn } from './calendar-day';

/** The English catalogue as a translator (plain texts: the legend's words have no arguments). */
const inEnglish = (id: MessageId) => en[id];
const inHebrew = (id: MessageId) => he[id];

const calendar = (over: Partial<MyAvailabilityDto> = {}): MyAvailabilityDto => ({
  vendorId: '00000000-0000-4000-8000-000000000001',
  version: 3,
  timeZone: 'America/New_York',
  today: '2027-06-01',
  dailyCapacity: 2,
  calendarStated: true,
  from: '2027-06-01',
  to: '2027-06-30',
  entries: [
    { day: '2027-06-02', part: 'day', status: 'closed', capacity: null, note: null },
    { day: '2027-06-03', part: 'day', status: 'held', capacity: null, note: null },
    { day: '2027-06-04', part: 'day', status: 'booked', capacity: null, note: 'By phone' },
    { day: '2027-06-06', part: 'day', status: 'open', capacity: 3, note: null },
    { day: '2027-06-07', part: 'evening', status: 'closed', capacity: null, note: null },
  ],
  days: [
    { day: '2027-06-02', capacity: 0, taken: 0 },
    { day: '2027-06-03', capacity: 2, taken: 1 },
    { day: '2027-06-04', capacity: 2, taken: 1 },
    { day: '2027-06-06', capacity: 3, taken: 1 },
    { day: '2027-06-08', capacity: 2, taken: 2 },
  ],
  restDays: [{ day: '2027-06-05', name: 'Shabbat' }],
  ...over,
});

describe("a day of the owner's calendar", () => {
  it("reads the owner's whole-day mark first, then whether any room is left", () => {
    const data = calendar();
    expect(dayState('2027-06-02', data)).toBe('closed');
    expect(dayState('2027-06-03', data)).toBe('held');
    expect(dayState('2027-06-04', data)).toBe('booked');
    // Open with room left, a part closed, or nothing marked: free.
    expect(dayState('2027-06-06', data)).toBe('free');
    expect(dayState('2027-06-07', data)).toBe('free');
    expect(dayState('2027-06-09', data)).toBe('free');
    // Booked by families up to its capacity.
    expect(dayState('2027-06-08', data)).toBe('booked');
  });

  it('is not stated until the owner states the calendar', () => {
    const data = calendar({ calendarStated: false, entries: [], days: [] });
    expect(dayState('2027-06-09', data)).toBe('not_stated');
  });

  it('names Shabbat and Yom Tov at the listing', () => {
    expect(restOn('2027-06-05', calendar())).toBe('Shabbat');
    expect(restOn('2027-06-06', calendar())).toBeNull();
  });

  it("names Shabbat and Yom Tov in the page's language, and an unknown name as it came", () => {
    expect(restName(inEnglish, 'en', 'Shabbat')).toBe('Shabbat');
    expect(restName(inHebrew, 'he', 'Shabbat')).toBe('שבת');
    expect(restName(inEnglish, 'en', 'Passover')).toBe('Passover');
    expect(restName(inHebrew, 'he', 'Passover')).toBe('פסח');
    expect(restName(inHebrew, 'he', 'Some Feast')).toBe('Some Feast');
  });

  it('has plain words for every colour of the legend, in English and Hebrew', () => {
    expect(DAY_STATES.map((s) => inEnglish(DAY_LOOK[s].label))).toEqual([
      'Free',
      'Booked',
      'Held',
      'Closed',
      'Not stated',
    ]);
    for (const state of DAY_STATES) {
      expect(inEnglish(DAY_LOOK[state].meaning).length).toBeGreaterThan(10);
      expect(inHebrew(DAY_LOOK[state].meaning)).toMatch(/[\u05d0-\u05ea]{2}/);
      expect(inHebrew(DAY_LOOK[state].label)).toMatch(/[\u05d0-\u05ea]/);
    }
  });
});
