import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CURRENCY,
  formatCurrency,
  formatCurrencyMinor,
  formatCurrencyRange,
  formatNumber,
  formatPercent,
  isCurrencyCode,
  minorDigitsOf,
  toMinorUnits,
} from './money';

const RLM = '\u200f';
const NBSP = '\u00a0';

describe('formatCurrency', () => {
  it('writes dollars for an English reader', () => {
    expect(formatCurrency('1234.5', 'USD', 'en')).toBe('$1,234.50');
    expect(formatCurrency(2500, 'USD', 'en')).toBe('$2,500.00');
    expect(formatCurrency('0', 'USD', 'en')).toBe('$0.00');
    expect(formatCurrency('2500.00', 'USD', 'en', { trimWhole: true })).toBe('$2,500');
    expect(formatCurrency('2500.50', 'USD', 'en', { trimWhole: true })).toBe('$2,500.50');
  });

  it('writes shekels for a Hebrew reader with ₪ after the amount, kept in order by right-to-left marks', () => {
    expect(formatCurrency('1234.5', 'ILS', 'he')).toBe(`${RLM}1,234.50${NBSP}${RLM}₪`);
    expect(formatCurrency(2500, 'ILS', 'he', { trimWhole: true })).toBe(`${RLM}2,500${NBSP}${RLM}₪`);
  });

  it('keeps the amount’s own currency whatever the reader’s language', () => {
    expect(formatCurrency('1234.5', 'USD', 'he')).toBe(`${RLM}1,234.50${NBSP}${RLM}$`);
    expect(formatCurrency('1234.5', 'ILS', 'en')).toBe('₪1,234.50');
    expect(formatCurrency('-5', 'USD', 'en')).toBe('-$5.00');
    expect(DEFAULT_CURRENCY).toBe('USD');
  });

  it('refuses an amount that is not a decimal and a currency that is not a code', () => {
    for (const bad of ['', 'abc', '1,200', '$12', '1e3', '12.']) {
      expect(() => formatCurrency(bad, 'USD', 'en')).toThrow(/Invalid amount/);
    }
    expect(() => formatCurrency(Number.NaN, 'USD', 'en')).toThrow(RangeError);
    for (const bad of ['usd', 'US', 'XYZ', 'dollars', '']) {
      expect(isCurrencyCode(bad)).toBe(false);
      expect(() => formatCurrency('1', bad, 'en')).toThrow(/Unknown currency/);
    }
    expect(isCurrencyCode('ILS')).toBe(true);
    expect(isCurrencyCode(42)).toBe(false);
  });
});

describe('minor units', () => {
  it('counts a currency’s own minor units', () => {
    expect(minorDigitsOf('USD')).toBe(2);
    expect(minorDigitsOf('ILS')).toBe(2);
    expect(minorDigitsOf('JPY')).toBe(0);
    expect(formatCurrencyMinor(120050, 'USD', 'en')).toBe('$1,200.50');
    expect(formatCurrencyMinor(120050, 'ILS', 'he')).toBe(`${RLM}1,200.50${NBSP}${RLM}₪`);
    expect(formatCurrencyMinor(1200, 'JPY', 'en')).toBe('¥1,200');
    expect(() => formatCurrencyMinor(1.5, 'USD', 'en')).toThrow(RangeError);
  });

  it('reads decimal strings exactly', () => {
    expect(toMinorUnits('1200.5', 'USD')).toBe(120050);
    expect(toMinorUnits(' 0.10 ', 'ILS') + toMinorUnits('0.20', 'ILS')).toBe(30);
    expect(toMinorUnits('-3', 'USD')).toBe(-300);
    expect(toMinorUnits('-0', 'USD')).toBe(0);
    expect(toMinorUnits('1200', 'JPY')).toBe(1200);
    expect(() => toMinorUnits('1.005', 'USD')).toThrow(/2 decimal places/);
    expect(() => toMinorUnits('1.5', 'JPY')).toThrow(/0 decimal places/);
    expect(() => toMinorUnits('$5', 'USD')).toThrow(/Invalid amount/);
  });
});

describe('formatCurrencyRange', () => {
  it('writes a range by the locale’s own rule, and equal ends as one amount', () => {
    expect(formatCurrencyRange('2000', '3000', 'USD', 'en')).toBe('$2,000.00 – $3,000.00');
    expect(formatCurrencyRange('2000', '3000', 'USD', 'en', { trimWhole: true })).toBe('$2,000 – $3,000');
    expect(formatCurrencyRange('2000', '3000', 'ILS', 'he', { trimWhole: true })).toBe(
      `${RLM}2,000–3,000${NBSP}${RLM}₪`,
    );
    expect(formatCurrencyRange('2000', '2000.00', 'USD', 'en')).toBe('$2,000.00');
    expect(() => formatCurrencyRange('3000', '2000', 'USD', 'en')).toThrow(/below/);
  });
});

describe('numbers', () => {
  it('writes counts and shares in the reader’s locale', () => {
    expect(formatNumber(12345, 'en')).toBe('12,345');
    expect(formatNumber(12345, 'he')).toBe('12,345');
    expect(formatPercent(0.25, 'en')).toBe('25%');
    expect(formatPercent(0.254, 'he')).toBe('25%');
    expect(() => formatNumber(Number.POSITIVE_INFINITY, 'en')).toThrow(RangeError);
  });
});
