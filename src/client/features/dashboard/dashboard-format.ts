import { toCivilDate, toHebrewDate } from '../../../shared/jewish-calendar';

const dayFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const dollarsFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** 'Sun, Apr 12, 2026'. */
export function formatDay(date: Date): string {
  return dayFormat.format(date);
}

/** '6:30 PM' from 'HH:MM'. */
export function formatTime(time: string): string {
  const [h, m] = time.split(':').map(Number);
  return timeFormat.format(new Date(2000, 0, 1, h ?? 0, m ?? 0));
}

/** '12 Kislev 5787'. */
export function hebrewDateOf(date: Date): string {
  return toHebrewDate(toCivilDate(date)).formatted;
}

/** '$1,200.50' from a decimal string, through whole cents (never a float sum). */
export function formatAmount(amount: string): string {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) return '$0.00';
  const cents = (match[2] ?? '').padEnd(2, '0');
  return `$${dollarsFormat.format(Number(match[1]))}.${cents}`;
}
