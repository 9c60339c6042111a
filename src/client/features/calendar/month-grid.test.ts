import { describe, expect, it } from 'vitest';
import { arrowStep } from './month-grid';

describe("the month grid's arrow keys", () => {
  it('move the reading way: left to right, ArrowRight is the next day', () => {
    expect(arrowStep('ArrowRight', false)).toBe(1);
    expect(arrowStep('ArrowLeft', false)).toBe(-1);
  });

  it('right to left, ArrowLeft is the next day and ArrowRight the day before', () => {
    expect(arrowStep('ArrowLeft', true)).toBe(1);
    expect(arrowStep('ArrowRight', true)).toBe(-1);
  });

  it('move a week up and down in both directions, and leave other keys alone', () => {
    for (const rtl of [false, true]) {
      expect(arrowStep('ArrowDown', rtl)).toBe(7);
      expect(arrowStep('ArrowUp', rtl)).toBe(-7);
      expect(arrowStep('Enter', rtl)).toBeNull();
    }
  });
});
