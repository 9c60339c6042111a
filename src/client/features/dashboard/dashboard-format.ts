import { dateFormat, formatUsdCents } from '../../lib/intl';

/** 'Sun, Apr 12, 2026'. */
export function formatDay(date: Date): string {
  return dateFormat({ weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }).format(date);
}

/** '6:30 PM' from 'HH:MM'. */
export function formatTime(time: string): string {
  const [h, m] = time.split(':').map(Number);
  return dateFormat({ hour: 'numeric', minute: '2-digit' }).format(new Date(2000, 0, 1, h ?? 0, m ?? 0));
}

/** '$1,200.50' from a decimal string, through whole cents (never a float sum). */
export function formatAmount(amount: string): string {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) return formatUsdCents(0);
  return formatUsdCents(Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')));
}
