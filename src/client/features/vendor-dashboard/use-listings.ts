import { useSearchParams } from 'react-router-dom';
import type { OwnListingDto } from '../../../shared/schemas/vendors';
import { trpc } from '../../lib/trpc';

export type DashboardTab =
  | 'profile'
  | 'messages'
  | 'calendar'
  | 'bookings'
  | 'reviews'
  | 'claims'
  | 'analytics';
export const DASHBOARD_TABS: readonly DashboardTab[] = [
  'profile',
  'messages',
  'calendar',
  'bookings',
  'reviews',
  'claims',
  'analytics',
];

export function tabOf(value: string | null): DashboardTab {
  return (DASHBOARD_TABS as readonly string[]).includes(value ?? '') ? (value as DashboardTab) : 'profile';
}

export interface ListingSelection {
  /** The listings the vendor owns, oldest first; undefined while loading. */
  listings: OwnListingDto[] | undefined;
  isPending: boolean;
  /** The first load failed: a failed refetch keeps the listings on screen. */
  isError: boolean;
  error: unknown;
  refetch: () => void;
  /** The listing being looked at: ?listing=<id> when it is one of theirs, else their first. */
  selected: OwnListingDto | null;
  select: (id: string) => void;
}

/**
 * The vendor's listings and which one the Listing Profile and Analytics tabs show. The choice lives
 * in the address (?listing=<id>), so the public profile's "Edit listing" lands on the right one.
 */
export function useListingSelection(): ListingSelection {
  const [params, setParams] = useSearchParams();
  const mine = trpc.vendors.mine.useQuery();
  const wanted = params.get('listing');
  const listings = mine.data;
  const selected = listings?.find((l) => l.id === wanted) ?? listings?.[0] ?? null;

  const select = (id: string) => {
    const next = new URLSearchParams(params);
    next.set('listing', id);
    setParams(next, { replace: true });
  };

  return {
    listings,
    isPending: mine.isPending,
    isError: mine.isLoadingError,
    error: mine.error,
    refetch: () => void mine.refetch(),
    selected,
    select,
  };
}
