import type { BookingStatus } from '../../../shared/schemas/bookings';
import { trpc } from '../../lib/trpc';

/** The quotes of a request and its history, for either party. */
export function useRequestQuotes(requestId: string) {
  return trpc.bookings.requestQuotes.useQuery({ requestId });
}

/**
 * Every change of a quote or booking refreshes the quote cards, the bookings lists, the requests on
 * the home and events screens, the conversation the quote was posted in, and the family's deposits.
 */
function useRefreshAfterChange() {
  const utils = trpc.useUtils();
  return () => {
    void utils.bookings.invalidate();
    void utils.requests.list.invalidate();
    void utils.messages.conversation.invalidate();
    void utils.messages.threads.invalidate();
    void utils.deposits.invalidate();
    void utils.events.invalidate();
  };
}

export function useSendQuote() {
  const refresh = useRefreshAfterChange();
  return trpc.bookings.sendQuote.useMutation({ onSuccess: refresh });
}

export function useAcceptQuote() {
  const refresh = useRefreshAfterChange();
  return trpc.bookings.acceptQuote.useMutation({ onSuccess: refresh });
}

export function useDeclineQuote() {
  const refresh = useRefreshAfterChange();
  return trpc.bookings.declineQuote.useMutation({ onSuccess: refresh });
}

export function useCancelBooking() {
  const refresh = useRefreshAfterChange();
  return trpc.bookings.cancel.useMutation({ onSuccess: refresh });
}

export function useBookings(input: { eventId?: string; upcoming?: boolean; status?: BookingStatus } = {}) {
  return trpc.bookings.list.useQuery(input);
}
