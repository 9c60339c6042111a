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
 */
export function scrollLeftToShow(row: Edges, tab: Edges, scrollLeft: number, margin = 0): number {
  const room = row.right - row.left - 2 * margin;
  const tabWidth = tab.right - tab.left;
  const before = tab.left - (row.left + margin);
  const after = tab.right - (row.right - margin);
  // Wider than the room: its start in view.
  if (tabWidth > room) return Math.max(0, scrollLeft + before);
  if (before < 0) return Math.max(0, scrollLeft + before);
  if (after > 0) return scrollLeft + after;
  return scrollLeft;
}
