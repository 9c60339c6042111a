import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../../shared/categories';
import { bookingsFilter, includesPlaceholder } from './format';

describe("the quote form's example of what it includes", () => {
  it("fits the listing's category", () => {
    expect(includesPlaceholder('Musicians')).toBe('For example: five musicians, four hours, sound system');
    expect(includesPlaceholder('Photographers')).toContain('coverage');
    expect(includesPlaceholder('Caterers')).toContain('dinner');
    expect(includesPlaceholder('Venues')).toContain('hall');
  });

  it('is generic for any other category or none, and never speaks of musicians elsewhere', () => {
    const generic = 'For example: what you will provide, for how many hours, and what is not included';
    expect(includesPlaceholder('Other')).toBe(generic);
    expect(includesPlaceholder(null)).toBe(generic);
    expect(includesPlaceholder(undefined)).toBe(generic);
    for (const category of CATEGORIES.filter((c) => c !== 'Musicians')) {
      expect(includesPlaceholder(category)).not.toMatch(/musician/i);
    }
  });
});

describe("the vendor dashboard's Bookings views", () => {
  it('ask the list for what is ahead, the completed ones, or the cancelled ones', () => {
    expect(bookingsFilter('upcoming')).toEqual({ upcoming: true });
    expect(bookingsFilter('past')).toEqual({ status: 'completed' });
    expect(bookingsFilter('cancelled')).toEqual({ status: 'cancelled' });
  });
});
