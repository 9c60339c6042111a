import { describe, expect, it } from 'vitest';
import { formatCivilDay } from './dates';

describe('formatCivilDay', () => {
  it('writes a calendar date with its weekday, the same in every time zone', () => {
    expect(formatCivilDay('2027-06-15')).toBe('Tue, Jun 15, 2027');
    expect(formatCivilDay('2026-01-01')).toBe('Thu, Jan 1, 2026');
    expect(formatCivilDay('2026-12-31')).toBe('Thu, Dec 31, 2026');
  });
});
