import { describe, expect, it } from 'vitest';
import { chartLayout, PAD } from './chart-layout';

const WIDTH = 336;
const DAYS = 30;

describe("a daily chart's layout", () => {
  it('runs left to right in English: the first day next to the axis at the left', () => {
    const ltr = chartLayout(WIDTH, DAYS, false);
    expect(ltr.step).toBe((WIDTH - PAD.start - PAD.end) / DAYS);
    expect(ltr.x(0)).toBe(PAD.start + ltr.step / 2);
    expect(ltr.x(DAYS - 1)).toBeGreaterThan(ltr.x(0));
    expect(ltr.at(PAD.start)).toBe(PAD.start);
    expect(ltr.boxAt(PAD.start, ltr.step)).toBe(PAD.start);
  });

  it('runs right to left on a right-to-left page: the first day at the right edge, mirrored', () => {
    const ltr = chartLayout(WIDTH, DAYS, false);
    const rtl = chartLayout(WIDTH, DAYS, true);
    expect(rtl.x(0)).toBe(WIDTH - PAD.start - rtl.step / 2);
    expect(rtl.x(DAYS - 1)).toBeLessThan(rtl.x(0));
    for (const i of [0, 7, DAYS - 1]) expect(rtl.x(i)).toBeCloseTo(WIDTH - ltr.x(i));
    // The axis's values at the right; a day's box (hover band, bar) covers the same pixels mirrored.
    expect(rtl.at(PAD.start)).toBe(WIDTH - PAD.start);
    const band = rtl.boxAt(PAD.start + rtl.step * 3, rtl.step);
    expect(band + rtl.step).toBeCloseTo(WIDTH - ltr.boxAt(PAD.start + ltr.step * 3, ltr.step));
  });

  it('finds the day under the pointer from either side', () => {
    const ltr = chartLayout(WIDTH, DAYS, false);
    const rtl = chartLayout(WIDTH, DAYS, true);
    expect(ltr.dayAt(ltr.x(0))).toBe(0);
    expect(ltr.dayAt(ltr.x(12))).toBe(12);
    expect(rtl.dayAt(rtl.x(0))).toBe(0);
    expect(rtl.dayAt(rtl.x(12))).toBe(12);
    expect(rtl.dayAt(WIDTH - 2)).toBeNull();
    expect(ltr.dayAt(2)).toBeNull();
  });
});
