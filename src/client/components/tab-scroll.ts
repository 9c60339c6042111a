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

/** How far from the row's edge a tab scrolled into view stays: the width of the edge's fade. */
export const TAB_FADE_PX = 48;

/** Whether a row lays its tabs out right to left (a Hebrew page), starting at its right edge. */
export function rightToLeft(el: HTMLElement): boolean {
  return getComputedStyle(el).direction === 'rtl';
}

/**
 * Scrolls a sideways row of tabs (only the row, never the page) so that `tab` is in view, clear of
 * the row's fades. Used by the dashboards' tabs (dashboard-tabs.tsx) and, on a drawn page, by the
 * boot script before the app arrives (boot.ts), so that the row is drawn where the app will keep it:
 * revealed only by the app, it jumped as the page was taken over, under a finger about to press a tab.
 */
/**
 * Where each row was last brought to. The boot script and the app share this module (one chunk), so
 * the app knows where the boot script left a drawn page's row.
 */
const broughtTo = new WeakMap<HTMLElement, number>();

/**
 * Whether the person has scrolled the row since it was last brought to its open tab (to reach
 * another tab): then the row is theirs, and the app leaves it where they put it.
 */
export function scrolledByPerson(row: HTMLElement): boolean {
  const at = broughtTo.get(row);
  return at !== undefined && Math.abs(row.scrollLeft - at) >= 2;
}

export function revealTab(row: HTMLElement, tab: HTMLElement, smooth: boolean): void {
  const left = scrollLeftToShow(
    row.getBoundingClientRect(),
    tab.getBoundingClientRect(),
    row.scrollLeft,
    TAB_FADE_PX,
    rightToLeft(row),
  );
  if (Math.abs(left - row.scrollLeft) < 1) {
    broughtTo.set(row, row.scrollLeft);
    return;
  }
  broughtTo.set(row, left);
  const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  row.scrollTo({ left, behavior: smooth && !still ? 'smooth' : 'auto' });
}

/** A row of tabs that scrolls sideways, marked so for the boot script (data-tab-row). */
export const TAB_ROW_SELECTOR = '[data-tab-row]';
