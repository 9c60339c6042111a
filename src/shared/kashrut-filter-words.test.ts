import { describe, expect, it } from 'vitest';
import { KASHRUT_FILTER_WORDS } from './kashrut';
import { KASHRUT_WORD_LABELS, KASHRUT_WORDS, kashrutButtonLabel } from './kashrut-filter-words';

describe('the kashrut filter words', () => {
  it('are the same on the marketplace page as in the filter', () => {
    expect([...KASHRUT_WORDS]).toEqual([...KASHRUT_FILTER_WORDS]);
  });

  it('each have a short label for the filter button', () => {
    expect(Object.keys(KASHRUT_WORD_LABELS).sort()).toEqual([...KASHRUT_WORDS].sort());
  });
});

describe('the kashrut filter button', () => {
  it('names one filter, and counts several', () => {
    expect(kashrutButtonLabel([])).toBe('Kashrut');
    expect(kashrutButtonLabel(['ou'])).toBe('Kashrut: OU');
    expect(kashrutButtonLabel(['chalav-yisrael'])).toBe('Kashrut: Chalav Yisrael');
    expect(kashrutButtonLabel(['ou', 'dairy'])).toBe('Kashrut: 2 filters');
  });
});
