import { describe, expect, it } from 'vitest';
import { placeLabel, placeShortLabel } from './place-picker';
import { lengthBetween } from './use-slot-check';

describe('the length an end time gives', () => {
  it('counts the minutes to the end, past midnight into the next day', () => {
    expect(lengthBetween('18:00', '23:00')).toBe(300);
    expect(lengthBetween('20:00', '01:30')).toBe(330);
  });

  it('gives none without both times, or when they are the same', () => {
    expect(lengthBetween(null, '23:00')).toBeNull();
    expect(lengthBetween('18:00', '')).toBeNull();
    expect(lengthBetween('18:00', '18:00')).toBeNull();
    expect(lengthBetween('18:00', '25:00')).toBeNull();
  });
});

describe("a place's names", () => {
  const brooklyn = { name: 'Brooklyn', region: 'New York', countryName: 'United States' };
  const singapore = { name: 'Singapore', region: null, countryName: 'Singapore' };

  it('names the region and country in the list, the region alone on a line', () => {
    expect(placeLabel(brooklyn)).toBe('Brooklyn, New York, United States');
    expect(placeShortLabel(brooklyn)).toBe('Brooklyn, New York');
  });

  it('falls back to the country where the place has no region', () => {
    expect(placeLabel(singapore)).toBe('Singapore, Singapore');
    expect(placeShortLabel(singapore)).toBe('Singapore, Singapore');
  });
});
