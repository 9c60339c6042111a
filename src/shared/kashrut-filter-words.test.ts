import { describe, expect, it } from 'vitest';
import { KASHRUT_FILTER_WORDS } from './kashrut';
import { KASHRUT_WORDS } from './kashrut-filter-words';

describe('the kashrut filter words', () => {
  it('are the same on the marketplace page as in the filter', () => {
    expect([...KASHRUT_WORDS]).toEqual([...KASHRUT_FILTER_WORDS]);
  });
});
