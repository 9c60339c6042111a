import { describe, expect, it } from 'vitest';
import { countdownTo } from './countdown';

describe('countdownTo', () => {
  const now = new Date(2027, 0, 10, 9, 30);

  it('splits the time left into days, hours and minutes', () => {
    expect(countdownTo(new Date(2027, 0, 12, 18, 45), now)).toEqual({
      kind: 'before',
      days: 2,
      hours: 9,
      minutes: 15,
    });
  });

  it('counts to midnight of the day when the event has no time', () => {
    expect(countdownTo(new Date(2027, 0, 11), now)).toEqual({
      kind: 'before',
      days: 0,
      hours: 14,
      minutes: 30,
    });
  });

  it('reads today for the whole day of the event, before and after its start', () => {
    expect(countdownTo(new Date(2027, 0, 10, 18, 0), now)).toEqual({ kind: 'today' });
    expect(countdownTo(new Date(2027, 0, 10, 8, 0), now)).toEqual({ kind: 'today' });
  });

  it('says the simcha has taken place from the next day on', () => {
    expect(countdownTo(new Date(2027, 0, 9, 23, 59), now)).toEqual({ kind: 'past' });
  });
});
