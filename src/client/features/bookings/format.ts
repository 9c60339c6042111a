import type { BOOKING_ACTIONS, BookingStatus, QuoteStatus } from '../../../shared/schemas/bookings';
import type { MessageId } from '../../i18n/catalogue';
import type { Translate } from '../../i18n/use-t';

export const QUOTE_STATUS: Record<QuoteStatus, { labelId: MessageId; palette: string }> = {
  sent: { labelId: 'bookings.quoteStatus.sent', palette: 'yellow' },
  accepted: { labelId: 'bookings.quoteStatus.accepted', palette: 'green' },
  declined: { labelId: 'bookings.quoteStatus.declined', palette: 'red' },
  expired: { labelId: 'bookings.quoteStatus.expired', palette: 'gray' },
  withdrawn: { labelId: 'bookings.quoteStatus.withdrawn', palette: 'gray' },
};

export const BOOKING_STATUS: Record<BookingStatus, { labelId: MessageId; palette: string }> = {
  confirmed: { labelId: 'bookings.status.confirmed', palette: 'green' },
  completed: { labelId: 'bookings.status.completed', palette: 'blue' },
  cancelled: { labelId: 'bookings.status.cancelled', palette: 'red' },
};

type BookingAction = (typeof BOOKING_ACTIONS)[number];

const HISTORY_WORDS: Record<BookingAction, MessageId> = {
  quoted: 'bookings.history.quoted',
  accepted: 'bookings.history.accepted',
  declined: 'bookings.history.declined',
  expired: 'bookings.history.expired',
  withdrawn: 'bookings.history.withdrawn',
  cancelled: 'bookings.history.cancelled',
  completed: 'bookings.history.completed',
};

/** 'Quote accepted by the family'; an action without words of its own is shown as it is stored. */
export function historyText(t: Translate, action: string, side: string): string {
  const id = Object.hasOwn(HISTORY_WORDS, action) ? HISTORY_WORDS[action as BookingAction] : undefined;
  return id ? t(id, { side }) : action;
}

/** What a quote of each kind of business usually covers: the "What it includes" example. */
const INCLUDES_EXAMPLES: Partial<Record<string, MessageId>> = {
  Venues: 'bookings.includes.venues',
  Caterers: 'bookings.includes.caterers',
  Photographers: 'bookings.includes.photographers',
  Musicians: 'bookings.includes.musicians',
  Florists: 'bookings.includes.florists',
  Comedians: 'bookings.includes.comedians',
  Shops: 'bookings.includes.shops',
  'Beauty & Makeup': 'bookings.includes.beautyMakeup',
  'Decor & Design': 'bookings.includes.decorDesign',
  Invitations: 'bookings.includes.invitations',
};

/** The "What it includes" placeholder for a listing's category (a generic one for any other). */
export function includesPlaceholder(t: Translate, category: string | null | undefined): string {
  const example = (category ? INCLUDES_EXAMPLES[category] : undefined) ?? 'bookings.includes.generic';
  return t('bookings.includes.example', { example: t(example) });
}

/** Which of the owner's bookings the Bookings tab shows. */
export type BookingsView = 'upcoming' | 'past' | 'cancelled';

export const BOOKINGS_VIEWS: readonly { value: BookingsView; labelId: MessageId; emptyId: MessageId }[] = [
  { value: 'upcoming', labelId: 'bookings.views.upcoming', emptyId: 'bookings.views.upcomingEmpty' },
  { value: 'past', labelId: 'bookings.views.past', emptyId: 'bookings.views.pastEmpty' },
  { value: 'cancelled', labelId: 'bookings.views.cancelled', emptyId: 'bookings.views.cancelledEmpty' },
];

/** The list's filter for a view: what is still ahead, the completed ones, or the cancelled ones. */
export function bookingsFilter(view: BookingsView): { upcoming?: true; status?: 'completed' | 'cancelled' } {
  if (view === 'past') return { status: 'completed' };
  if (view === 'cancelled') return { status: 'cancelled' };
  return { upcoming: true };
}
