import { describe, expect, it } from 'vitest';
import { viewportFromUserAgent, viewportOf, viewportReaches } from './viewport';

describe("the window's width in three steps", () => {
  it("steps at Chakra's md and lg breakpoints, and tells which layouts a step reaches", () => {
    expect([375, 767, 768, 1023, 1024, 1920].map(viewportOf)).toEqual([
      'narrow',
      'narrow',
      'medium',
      'medium',
      'wide',
      'wide',
    ]);
    expect(viewportReaches('narrow', 'md')).toBe(false);
    expect(viewportReaches('medium', 'md')).toBe(true);
    expect(viewportReaches('medium', 'lg')).toBe(false);
    expect(viewportReaches('wide', 'lg')).toBe(true);
  });

  it('is guessed from the user agent before the browser has said: phones narrow, anything else wide', () => {
    const phone =
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36';
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
    const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36';
    expect([phone, iphone, desktop, undefined].map(viewportFromUserAgent)).toEqual([
      'narrow',
      'narrow',
      'wide',
      'wide',
    ]);
  });
});
