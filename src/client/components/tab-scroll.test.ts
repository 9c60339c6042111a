import { describe, expect, it } from 'vitest';
import { scrolledFromStart, scrollLeftToShow } from './tab-scroll';

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

describe('scrollLeftToShow in a right-to-left row', () => {
  // The row starts at its right edge with scrollLeft 0; scrolling toward its end makes it negative.
  it('leaves the row alone when the tab is in view', () => {
    expect(scrollLeftToShow(row, { left: 230, right: 330 }, 0, 48, true)).toBe(0);
    expect(scrollLeftToShow(row, { left: 100, right: 200 }, -120, 48, true)).toBe(-120);
  });

  it('scrolls toward the end, to the left, for a tab past the left edge, clear of the fade', () => {
    // Users sits at -310 to -210 px, off the screen when the page opens at ?tab=users.
    expect(scrollLeftToShow(row, { left: -310, right: -210 }, 0, 48, true)).toBe(-310 - 48);
  });

  it('scrolls back toward the start for a tab past the right edge, never above 0', () => {
    expect(scrollLeftToShow(row, { left: 400, right: 500 }, -300, 48, true)).toBe(-300 + 500 - (390 - 48));
    expect(scrollLeftToShow(row, { left: 280, right: 380 }, -20, 48, true)).toBe(0);
  });

  it('shows the start, the right edge, of a tab wider than the room', () => {
    expect(scrollLeftToShow({ left: 0, right: 200 }, { left: -300, right: -100 }, 0, 48, true)).toBe(-252);
  });
});

describe('scrolledFromStart', () => {
  it("reads a row's scroll from its start in either direction", () => {
    expect(scrolledFromStart(120, false)).toBe(120);
    expect(scrolledFromStart(-120, true)).toBe(120);
    expect(scrolledFromStart(0, true)).toBe(0);
  });
});
