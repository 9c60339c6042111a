/** Room around a daily chart's plot: `start` holds the values' axis (left in English, right in Hebrew). */
export const PAD = { top: 12, end: 12, bottom: 28, start: 36 };

/**
 * Where a daily chart puts its days across a drawing `width` pixels wide. Everything is placed by
 * its distance from the start edge, then turned into an x: the same number from the left on a
 * left-to-right page, from the right on a right-to-left one, so that there the first day is at the
 * right edge and time runs leftwards.
 */
export function chartLayout(width: number, count: number, rtl: boolean) {
  const innerW = Math.max(0, width - PAD.start - PAD.end);
  const step = count > 0 ? innerW / count : 0;
  /** The x of a point `fromStart` pixels from the start edge. */
  const at = (fromStart: number) => (rtl ? width - fromStart : fromStart);
  /** The x (its left side) of a box `size` wide whose start side is `fromStart` from the start edge. */
  const boxAt = (fromStart: number, size: number) => (rtl ? width - fromStart - size : fromStart);
  /** The middle of day `i`, from the start edge. */
  const fromStartOf = (i: number) => PAD.start + step * (i + 0.5);
  return {
    innerW,
    step,
    at,
    boxAt,
    fromStartOf,
    /** The x of the middle of day `i`. */
    x: (i: number) => at(fromStartOf(i)),
    /** The day under a pointer `offsetX` pixels from the drawing's left side, or null. */
    dayAt: (offsetX: number): number | null => {
      const fromStart = rtl ? width - offsetX : offsetX;
      const i = Math.floor((fromStart - PAD.start) / (step || 1));
      return i >= 0 && i < count ? i : null;
    },
  };
}
