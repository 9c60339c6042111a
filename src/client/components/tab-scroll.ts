/** A box's left and right edges on the screen (a DOMRect's). */
export interface Edges {
  left: number;
  right: number;
}

/**
 * The scrollLeft that shows a tab in a row scrolling sideways, moving as little as it can (what
 * scrollIntoView's `inline: 'nearest'` does): unchanged when the tab is in view, else just enough
 * to bring it in, `margin` clear of the row's edge (where a fade says more tabs lie past it). Only
 * the row moves, never the page.
 *
 * A right-to-left row starts at its right edge, where its scrollLeft is 0, and scrolls toward its
 * left with a negative scrollLeft; the start of a tab is its right edge there.
 */
export function scrollLeftToShow(
  row: Edges,
  tab: Edges,
  scrollLeft: number,
  margin = 0,
  rightToLeft = false,
): number {
  const room = row.right - row.left - 2 * margin;
  const tabWidth = tab.right - tab.left;
  const before = tab.left - (row.left + margin);
  const after = tab.right - (row.right - margin);
  // Never past the row's start: below 0 left to right, above 0 right to left.
  const clamp = (left: number) => (rightToLeft ? Math.min(0, left) : Math.max(0, left));
  // Wider than the room: its start in view.
  if (tabWidth > room) return clamp(scrollLeft + (rightToLeft ? after : before));
  if (before < 0) return clamp(scrollLeft + before);
  if (after > 0) return clamp(scrollLeft + after);
  return scrollLeft;
}

/**
 * How far a row is scrolled from its start, in pixels (never negative): its scrollLeft left to
 * right, the negative of it right to left.
 */
export function scrolledFromStart(scrollLeft: number, rightToLeft: boolean): number {
  return rightToLeft ? Math.abs(scrollLeft) : scrollLeft;
}
