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

/** What a quote of each kind of business usually covers: the "What it includes" example. */
const INCLUDES_EXAMPLES: Record<string, string> = {
  Venues: 'the hall from 6 pm to midnight, tables and chairs for 200, setup and cleanup',
  Caterers: 'a three-course dinner for 150 guests, waiters, mashgiach on site',
  Photographers: 'six hours of coverage, two photographers, an online gallery',
  Musicians: 'five musicians, four hours, sound system',
  Florists: 'chuppah flowers, 20 centerpieces, delivery and setup',
  Comedians: 'a 30-minute set, travel within the city',
  Shops: 'the items and quantities, delivery to the venue',
  'Beauty & Makeup': 'hair and makeup for the bride and four family members, on site',
  'Decor & Design': 'lighting and table decor for 20 tables, setup and removal',
  Invitations: '150 printed invitations with envelopes, one design proof',
};

/** The "What it includes" placeholder for a listing's category (a generic one for any other). */
export function includesPlaceholder(category: string | null | undefined): string {
  const example = category ? INCLUDES_EXAMPLES[category] : undefined;
  return `For example: ${example ?? 'what you will provide, for how many hours, and what is not included'}`;
}

/** Which of the owner's bookings the Bookings tab shows. */
export type BookingsView = 'upcoming' | 'past' | 'cancelled';

export const BOOKINGS_VIEWS: readonly { value: BookingsView; label: string; empty: string }[] = [
  {
    value: 'upcoming',
    label: 'Upcoming',
    empty: 'No upcoming bookings yet. When a family accepts one of your quotes, the booking appears here.',
  },
  {
    value: 'past',
    label: 'Past',
    empty: 'No past bookings yet. A booking moves here once its day has passed.',
  },
  {
    value: 'cancelled',
    label: 'Cancelled',
    empty: 'No cancelled bookings.',
  },
];

/** The list's filter for a view: what is still ahead, the completed ones, or the cancelled ones. */
export function bookingsFilter(view: BookingsView): { upcoming?: true; status?: 'completed' | 'cancelled' } {
  if (view === 'past') return { status: 'completed' };
  if (view === 'cancelled') return { status: 'cancelled' };
  return { upcoming: true };
}
