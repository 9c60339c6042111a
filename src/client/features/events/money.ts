/**
 * Money arrives as decimal strings ('1200.00', numeric(10,2)). Sums and shares are taken in whole
 * cents, so that $0.10 + $0.20 is $0.30 and not a float near it.
 */

import { formatUsdCents } from '../../lib/intl';

const DECIMAL = /^(\d+)(?:\.(\d{1,2}))?$/;

/** Whole cents of a decimal string; 0 for anything that is not one (never thrown at a screen). */
export function toCents(amount: string): number {
  const match = DECIMAL.exec(amount.trim());
  if (!match) return 0;
  const dollars = Number(match[1]);
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  return dollars * 100 + cents;
}

/** '$1,200.50' from whole cents. */
export function formatCents(cents: number): string {
  return formatUsdCents(cents);
}

/** '$1,200.00' from a decimal string. */
export function formatAmount(amount: string): string {
  return formatCents(toCents(amount));
}

/** Share of `part` in `whole` as a whole percentage for bars (0 when there is no whole). */
export function percentOf(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.min(100, Math.round((part * 100) / whole));
}

/** What a person types ('$1,200', '1200.5 ') as the decimal string the server takes. */
export function normalizeAmountInput(input: string): string {
  return input.replace(/[$,\s]/g, '');
}
