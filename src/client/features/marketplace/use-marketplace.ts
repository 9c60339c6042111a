import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { LIMITS, type MarketplaceCategory, TIMINGS } from '../../../shared/constants';
import type { VendorSort, VendorView } from '../../../shared/schemas/vendors';
import { useDebounced } from '../../components/use-debounced';
import type { Translate } from '../../i18n/use-t';
import { trpc } from '../../lib/trpc';

export interface Position {
  lat: number;
  lng: number;
}

export interface VendorFilters {
  search: string;
  category: MarketplaceCategory | null;
  sort: VendorSort;
  position: Position | null;
  /** The `kashrut=` words (decision 038); none: no kashrut filter. */
  kashrut?: readonly string[];
  /** Only vendors free on a date (and time); unstated calendars count only when asked for. */
  freeOn?: { day: string; time: string | null; includeUnstated: boolean } | null;
}

/** The marketplace's own cache key: the paged list is read page by page, not through a tRPC hook. */
const LIST_KEY = ['marketplace', 'vendors'] as const;

/** What a visitor's marketplace asks for first: no search, no category, no position (not yet known). */
export const FIRST_FILTERS: VendorFilters = { search: '', category: null, sort: 'popular', position: null };

/** The list's input (without the page) and its cache key, for these filters. */
export function vendorListQuery(filters: VendorFilters) {
  const input = {
    page_size: LIMITS.marketplacePageSize,
    sort: filters.sort === 'near' && !filters.position ? ('popular' as const) : filters.sort,
    search: filters.search || undefined,
    category: filters.category ? [filters.category] : undefined,
    kashrut: filters.kashrut?.length ? [...filters.kashrut] : undefined,
    lat: filters.position?.lat,
    lng: filters.position?.lng,
    radius_km: filters.position ? LIMITS.nearbyRadiusKm : undefined,
    free_on: filters.freeOn?.day,
    free_time: filters.freeOn?.time ?? undefined,
    include_unstated: filters.freeOn?.includeUnstated || undefined,
  };
  return { input, queryKey: [...LIST_KEY, input] as const };
}

/**
 * The vendor list, 24 a page, read further as the sentinel comes into view (spec section 4).
 * Any change of the filters is a new query key, so paging starts again at page 1 with an empty list.
 */
export function useVendorList(filters: VendorFilters) {
  const utils = trpc.useUtils();
  const { input, queryKey } = vendorListQuery(filters);
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => utils.client.vendors.list.query({ ...input, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.has_more ? pages.length + 1 : undefined),
  });
}

/** After a new listing: the paged lists and the featured strip show it on their next read. */
export function useRefreshVendorLists(): () => Promise<void> {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: LIST_KEY }),
      utils.vendors.featured.invalidate(),
    ]);
  };
}

export function useFeaturedVendors(position: Position | null) {
  return trpc.vendors.featured.useQuery(position ? { lat: position.lat, lng: position.lng } : {});
}

/** Suggestions for what is typed, asked for only from 2 characters after a 300 ms pause (spec section 5). */
export function useSuggestions(text: string) {
  const q = useDebounced(text.trim(), TIMINGS.suggestionsDebounceMs);
  const query = trpc.vendors.suggestions.useQuery({ q }, { enabled: q.length >= 2 });
  const stale = q !== text.trim() || q.length < 2;
  return { data: stale ? undefined : query.data };
}

/** Signed-in users get contact details; visitors only learn which ones exist. */
export function hasContactDetails(
  vendor: VendorView,
): vendor is Extract<VendorView, { contactEmail: string }> {
  return 'contactEmail' in vendor;
}

/** "12 km away" style distance, or null when the list was not read around a position. */
export function distanceText(t: Translate, vendor: VendorView): string | null {
  if (vendor.distanceKm === null || vendor.distanceKm === undefined) return null;
  if (vendor.distanceKm < 1) return t('common.distance.underOne');
  if (vendor.distanceKm < 10) return t('common.distance.near', { km: vendor.distanceKm });
  return t('common.distance.far', { km: Math.round(vendor.distanceKm) });
}

/** Where a vendor is, most specific first: "Teaneck, NJ" or the neighborhood. */
export function placeText(vendor: VendorView): string | null {
  const city = [vendor.city, vendor.state].filter(Boolean).join(', ');
  if (vendor.neighborhood && city) return `${vendor.neighborhood} · ${city}`;
  return vendor.neighborhood || city || null;
}

/** Ratings are decimal strings; 0 means none yet and is not shown (spec section 2). */
export function ratingOf(vendor: VendorView): number {
  const rating = Number(vendor.rating);
  return Number.isFinite(rating) ? rating : 0;
}
