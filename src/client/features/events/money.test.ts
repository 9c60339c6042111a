import { describe, expect, it } from 'vitest';
import { formatAmount, formatCents, normalizeAmountInput, percentOf, toCents } from './money';

describe('money in whole cents', () => {
  it('reads decimal strings exactly', () => {
    expect(toCents('1200.00')).toBe(120_000);
    expect(toCents('0.1')).toBe(10);
    expect(toCents('0.07')).toBe(7);
    expect(toCents('99999999.99')).toBe(9_999_999_999);
    expect(toCents('12')).toBe(1200);
  });

  it('adds without float drift', () => {
    expect(formatCents(toCents('0.10') + toCents('0.20'))).toBe('$0.30');
    expect(
      formatCents(['5000.00', '1200.00', '3500.00', '800.00', '450.50'].reduce((s, a) => s + toCents(a), 0)),
    ).toBe('$10,950.50');
  });

  it('formats as US dollars', () => {
    expect(formatAmount('5000.00')).toBe('$5,000.00');
    expect(formatAmount('0')).toBe('$0.00');
    expect(formatAmount('1234567.8')).toBe('$1,234,567.80');
  });

  it('treats anything that is not a decimal string as nothing', () => {
    expect(toCents('abc')).toBe(0);
    expect(toCents('1.234')).toBe(0);
  });

  it('turns typed amounts into the decimal strings the server takes', () => {
    expect(normalizeAmountInput(' $1,200.50 ')).toBe('1200.50');
  });

  it('gives whole percentages for bars, capped at 100', () => {
    expect(percentOf(545_050, 1_095_050)).toBe(50);
    expect(percentOf(1, 0)).toBe(0);
    expect(percentOf(200, 100)).toBe(100);
  });
});
