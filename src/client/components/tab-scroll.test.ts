import { describe, expect, it } from 'vitest';
import { scrollLeftToShow } from './tab-scroll';

// A phone's row: 390 px wide from x = 0, scrolled to `scrollLeft`; tabs are placed on the screen.
const row = { left: 0, right: 390 };

describe('scrollLeftToShow: the open tab brought into a sideways-scrolling row', () => {
  it('leaves the row alone when the tab is in view, clear of the fades', () => {
    expect(scrollLeftToShow(row, { left: 60, right: 160 }, 0, 48)).toBe(0);
    expect(scrollLeftToShow(row, { left: 100, right: 200 }, 120, 48)).toBe(120);
  });

  it('scrolls just enough to bring a tab past the right edge in, clear of the fade', () => {
    // Reviews sits at 600-700 px of the row, off the screen when the page opens at ?tab=reviews.
    expect(scrollLeftToShow(row, { left: 600, right: 700 }, 0, 48)).toBe(700 - (390 - 48));
    // The same without a fade: flush with the edge.
    expect(scrollLeftToShow(row, { left: 600, right: 700 }, 0)).toBe(310);
  });

  it('scrolls back for a tab past the left edge, never below 0', () => {
    expect(scrollLeftToShow(row, { left: -150, right: -50 }, 300, 48)).toBe(300 - 150 - 48);
    expect(scrollLeftToShow(row, { left: 10, right: 110 }, 20, 48)).toBe(0);
  });

  it('shows the start of a tab wider than the room', () => {
    expect(scrollLeftToShow({ left: 0, right: 200 }, { left: 300, right: 500 }, 0, 48)).toBe(252);
  });
});
