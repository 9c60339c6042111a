import { describe, expect, it } from 'vitest';
import { formatMoney, quotePriceText } from './bookings';

const RLM = '\u200f';
const NBSP = '\u00a0';

describe('a quote’s price', () => {
  it('is written in dollars in English, as before', () => {
    expect(formatMoney('2500.00')).toBe('$2,500.00');
    expect(quotePriceText({ price: '2500.00', priceMin: null, priceMax: null })).toBe('$2,500.00');
    expect(quotePriceText({ price: null, priceMin: '2000', priceMax: '3000' })).toBe(
      '$2,000.00 to $3,000.00',
    );
  });

  it('is written in the reader’s language, in the amount’s own currency', () => {
    expect(formatMoney('2500', 'he')).toBe(`${RLM}2,500.00${NBSP}${RLM}$`);
    expect(formatMoney('2500', 'he', 'ILS')).toBe(`${RLM}2,500.00${NBSP}${RLM}₪`);
    expect(quotePriceText({ price: null, priceMin: '2000', priceMax: '3000' }, 'he', 'ILS')).toBe(
      `${RLM}2,000.00–3,000.00${NBSP}${RLM}₪`,
    );
    expect(() => formatMoney('abc')).toThrow(/Invalid amount/);
  });
});
