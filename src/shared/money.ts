/**
 * Money and numbers as a reader of a language writes them. The currency is the amount's own (the
 * listing's or the event's), never the reader's language: a price in dollars reads '$2,500.00' in
 * English and '‏2,500.00 ‏$' in Hebrew; one in shekels '₪2,500.00' and '‏2,500.00 ‏₪'. Intl puts the
 * right-to-left marks of he-IL in itself, so the symbol stays on the amount's left in Hebrew text.
 *
 * Amounts arrive as decimal strings ('1200.00', numeric(10,2)) or numbers; sums are best taken in
 * whole minor units (cents, agorot) so that 0.10 + 0.20 is 0.30 and not a float near it.
 */
import { type Language, localeOf } from './i18n';

/** The currency of an amount whose listing or event names none: the product's prices so far are dollars. */
export const DEFAULT_CURRENCY = 'USD';

const CURRENCY_CODE = /^[A-Z]{3}$/;
const DECIMAL = /^-?\d+(?:\.\d+)?$/;
let knownCurrencies: ReadonlySet<string> | undefined;

/** Whether a value is an ISO 4217 currency code this runtime formats ('USD', 'ILS', 'EUR'). */
export function isCurrencyCode(code: unknown): code is string {
  if (typeof code !== 'string' || !CURRENCY_CODE.test(code)) return false;
  knownCurrencies ??= new Set(Intl.supportedValuesOf('currency'));
  return knownCurrencies.has(code);
}

function checkedCurrency(currency: string): string {
  if (!isCurrencyCode(currency)) {
    throw new RangeError(`Unknown currency '${currency}': expected an ISO 4217 code such as 'USD' or 'ILS'`);
  }
  return currency;
}

export interface MoneyOptions {
  /** Leave out the minor units of a whole amount: '$2,000' rather than '$2,000.00'. */
  trimWhole?: boolean;
}

const formats = new Map<string, Intl.NumberFormat>();

function cachedFormat(key: string, make: () => Intl.NumberFormat): Intl.NumberFormat {
  let format = formats.get(key);
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

function currencyFormat(currency: string, language: Language, whole: boolean): Intl.NumberFormat {
  const code = checkedCurrency(currency);
  return cachedFormat(`${language} ${code} ${whole}`, () =>
    whole
      ? new Intl.NumberFormat(localeOf(language), {
          style: 'currency',
          currency: code,
          minimumFractionDigits: 0,
          maximumFractionDigits: 0,
        })
      : new Intl.NumberFormat(localeOf(language), { style: 'currency', currency: code }),
  );
}

/** How many minor units a currency's unit has, as a power of ten: 2 for USD and ILS (cents, agorot), 0 for JPY. */
export function minorDigitsOf(currency: string): number {
  return currencyFormat(currency, 'en', false).resolvedOptions().maximumFractionDigits ?? 2;
}

function amountNumber(amount: number | string): number {
  if (typeof amount === 'number') {
    if (!Number.isFinite(amount)) throw new RangeError(`Invalid amount: ${amount}`);
    return amount;
  }
  const trimmed = typeof amount === 'string' ? amount.trim() : '';
  if (!DECIMAL.test(trimmed))
    throw new RangeError(`Invalid amount '${amount}': expected a decimal such as '1200.50'`);
  return Number(trimmed);
}

/**
 * An amount in its currency as a reader of `language` writes it: formatCurrency('2500', 'USD', 'en')
 * is '$2,500.00', formatCurrency('2500', 'ILS', 'he') '‏2,500.00 ‏₪'. With `trimWhole`, a whole amount
 * drops its minor units ('$2,500'). RangeError for an amount that is not a decimal or an unknown currency.
 */
export function formatCurrency(
  amount: number | string,
  currency: string,
  language: Language,
  options: MoneyOptions = {},
): string {
  const value = amountNumber(amount);
  const whole = options.trimWhole === true && Number.isInteger(value);
  return currencyFormat(currency, language, whole).format(value);
}

/** formatCurrency of an amount counted in whole minor units (cents, agorot): 120050 USD cents -> '$1,200.50'. */
export function formatCurrencyMinor(
  minorUnits: number,
  currency: string,
  language: Language,
  options: MoneyOptions = {},
): string {
  if (!Number.isSafeInteger(minorUnits)) throw new RangeError(`Invalid amount in minor units: ${minorUnits}`);
  const digits = minorDigitsOf(currency);
  return formatCurrency(minorUnits / 10 ** digits, currency, language, options);
}

/**
 * A decimal string as whole minor units of its currency, exactly ('1200.5' USD -> 120050), for sums
 * without float error. RangeError for what is not a decimal or has more decimals than the currency.
 */
export function toMinorUnits(amount: string, currency: string): number {
  const trimmed = typeof amount === 'string' ? amount.trim() : '';
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(trimmed);
  if (!match) throw new RangeError(`Invalid amount '${amount}': expected a decimal such as '1200.50'`);
  const digits = minorDigitsOf(currency);
  const [, sign, units = '0', fraction = ''] = match;
  if (fraction.length > digits) {
    throw new RangeError(`Invalid amount '${amount}': ${currency} has ${digits} decimal places`);
  }
  const minor = Number(units) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Amount '${amount}' is too large`);
  return sign === '-' && minor !== 0 ? -minor : minor;
}

/**
 * A range of amounts in one currency ('$2,000.00 – $3,000.00', '‏2,000.00–3,000.00 ‏₪'), written by the
 * locale's own rule; equal ends are one amount. RangeError when the range ends before it starts.
 */
export function formatCurrencyRange(
  min: number | string,
  max: number | string,
  currency: string,
  language: Language,
  options: MoneyOptions = {},
): string {
  const low = amountNumber(min);
  const high = amountNumber(max);
  if (high < low) throw new RangeError(`Invalid range: ${high} is below ${low}`);
  if (low === high) return formatCurrency(low, currency, language, options);
  const whole = options.trimWhole === true && Number.isInteger(low) && Number.isInteger(high);
  return currencyFormat(currency, language, whole).formatRange(low, high);
}

/** A count or figure as a reader of `language` writes it: 12345 -> '12,345'. */
export function formatNumber(n: number, language: Language): string {
  if (!Number.isFinite(n)) throw new RangeError(`Invalid number: ${n}`);
  return cachedFormat(`${language} number`, () => new Intl.NumberFormat(localeOf(language))).format(n);
}

/** A share (0.25) as a whole percentage in a language: '25%'. */
export function formatPercent(share: number, language: Language): string {
  if (!Number.isFinite(share)) throw new RangeError(`Invalid share: ${share}`);
  return cachedFormat(
    `${language} percent`,
    () => new Intl.NumberFormat(localeOf(language), { style: 'percent', maximumFractionDigits: 0 }),
  ).format(share);
}

/**
 * A decimal string as money in a language, dollars unless a currency is given: '2500.00' -> '$2,500.00'
 * ('‏2,500.00 ‏$' in Hebrew). formatCurrency does the writing.
 */
export function formatMoney(
  amount: string,
  language: Language = 'en',
  currency: string = DEFAULT_CURRENCY,
): string {
  return formatCurrency(amount, currency, language);
}

/**
 * A quote's price as the app writes it: '$2,500.00', or '$2,000.00 to $3,000.00'; in Hebrew a range is
 * written by the locale's rule ('‏2,000.00–3,000.00 ‏$').
 */
export function quotePriceText(
  q: { price: string | null; priceMin: string | null; priceMax: string | null },
  language: Language = 'en',
  currency: string = DEFAULT_CURRENCY,
): string {
  if (q.price !== null) return formatMoney(q.price, language, currency);
  const min = q.priceMin ?? '0';
  const max = q.priceMax ?? '0';
  if (language === 'he') return formatCurrencyRange(min, max, currency, language);
  return `${formatMoney(min, language, currency)} to ${formatMoney(max, language, currency)}`;
}
