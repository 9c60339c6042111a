import type { BookingStatus, QuoteStatus } from '../../../shared/schemas/bookings';

export const QUOTE_STATUS: Record<QuoteStatus, { label: string; palette: string }> = {
  sent: { label: 'Awaiting answer', palette: 'yellow' },
  accepted: { label: 'Accepted', palette: 'green' },
  declined: { label: 'Declined', palette: 'red' },
  expired: { label: 'Expired', palette: 'gray' },
  withdrawn: { label: 'Replaced', palette: 'gray' },
};

export const BOOKING_STATUS: Record<BookingStatus, { label: string; palette: string }> = {
  confirmed: { label: 'Confirmed', palette: 'green' },
  completed: { label: 'Completed', palette: 'blue' },
  cancelled: { label: 'Cancelled', palette: 'red' },
};

const HISTORY_WORDS: Record<string, string> = {
  quoted: 'Quote sent',
  accepted: 'Quote accepted',
  declined: 'Quote declined',
  expired: 'Quote expired',
  withdrawn: 'Quote replaced by a newer one',
  cancelled: 'Booking cancelled',
  completed: 'Booking completed',
};

const SIDE_WORDS: Record<string, string> = { customer: 'by the family', vendor: 'by the vendor', system: '' };

/** 'Quote accepted by the family'. */
export function historyText(action: string, side: string): string {
  return [HISTORY_WORDS[action] ?? action, SIDE_WORDS[side] ?? ''].filter(Boolean).join(' ');
}
