import {
  Box,
  Button,
  Container,
  Flex,
  Heading,
  HStack,
  Icon,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import type { LucideIcon } from 'lucide-react';
import {
  Camera,
  Flower2,
  Globe,
  Landmark,
  MapPin,
  Music,
  Plus,
  Search,
  Sparkles,
  Store,
  UtensilsCrossed,
} from 'lucide-react';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  MARKETPLACE_CATEGORIES,
  type MarketplaceCategory,
  VENDOR_SORTS,
  type VendorSort,
} from '../../../shared/constants';
import { KASHRUT_WORDS } from '../../../shared/kashrut-filter-words';
import type { VendorView } from '../../../shared/schemas/vendors';
import { EmptyPanel, PanelIcon } from '../../components/empty-panel';
import { PageTitle } from '../../components/page-title';
import { sideScroll } from '../../components/side-scroll';
import { useDocumentTitle } from '../../components/use-document-title';
import type { MessageId } from '../../i18n/catalogue';
import { term } from '../../i18n/terms';
import { useIsolate } from '../../i18n/use-isolate';
import { useT } from '../../i18n/use-t';
import { formatCount } from '../../lib/intl';
import { preloadOn, WhenOpened } from '../../lib/lazy-with-preload';
import { useCurrentUser } from '../../lib/session';
import { FreeOnFilter, type FreeOnValue, freeOnText } from './free-on-filter';
import { kashrutButtonLabel } from './kashrut-words';
import {
  KashrutFilterDialog,
  ListYourBusinessDialog,
  LocationDialog,
  LoginToContactDialog,
  RequestAvailabilityDialog,
  VendorFormDialog,
} from './lazy-dialogs';
import { SearchBox } from './search-box';
import { locationLabel, type MarketplaceLocation, useMarketplaceLocation } from './use-location';
import { useFeaturedVendors, useVendorList } from './use-marketplace';
import { type CardAction, VendorCard, VendorCardSkeleton, VendorRow } from './vendor-card';

const SORT_LABELS: Record<VendorSort, MessageId> = {
  popular: 'marketplace.sort.popular',
  rating: 'marketplace.sort.rating',
  near: 'marketplace.sort.near',
  newest: 'marketplace.sort.newest',
};

const CATEGORY_TILES: Record<MarketplaceCategory, { icon: LucideIcon; blurb: MessageId }> = {
  Venues: { icon: Landmark, blurb: 'marketplace.tile.venues' },
  Caterers: { icon: UtensilsCrossed, blurb: 'marketplace.tile.caterers' },
  Photographers: { icon: Camera, blurb: 'marketplace.tile.photographers' },
  Musicians: { icon: Music, blurb: 'marketplace.tile.musicians' },
  Florists: { icon: Flower2, blurb: 'marketplace.tile.florists' },
};

const CIVIL_DAY = /^\d{4}-\d{2}-\d{2}$/;
const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The date filter from the address bar: free_on, free_time and include_unstated. */
function freeOnFrom(params: URLSearchParams): FreeOnValue | null {
  const day = params.get('free_on') ?? '';
  if (!CIVIL_DAY.test(day)) return null;
  const time = params.get('free_time') ?? '';
  return {
    day,
    time: CLOCK_TIME.test(time) ? time : null,
    includeUnstated: params.get('include_unstated') === 'true',
  };
}

/** The category query parameter counts only for the five marketplace categories (spec section 5). */
function categoryFrom(value: string | null): MarketplaceCategory | null {
  return MARKETPLACE_CATEGORIES.find((c) => c === value) ?? null;
}

function sortFrom(value: string | null): VendorSort {
  return VENDOR_SORTS.find((s) => s === value) ?? 'popular';
}

type Dialog =
  | { kind: 'request'; vendor: VendorView }
  | { kind: 'login'; vendor: VendorView }
  | { kind: 'create' }
  | { kind: 'list-business' }
  | { kind: 'location' }
  | { kind: 'kashrut' }
  | null;

/** /marketplace: featured, category and trending sections, and the searchable, endlessly scrolling list. */
export function MarketplacePage() {
  const t = useT();
  const iso = useIsolate();
  useDocumentTitle(t('marketplace.title'));
  const { user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const search = params.get('search')?.trim() ?? '';
  const category = categoryFrom(params.get('category'));
  // Repeated kashrut= words (decision 038); unknown ones are left out rather than refused.
  const kashrut = params.getAll('kashrut').filter((w) => KASHRUT_WORDS.includes(w));
  const freeOn = freeOnFrom(params);
  const requestedSort = sortFrom(params.get('sort'));
  const { location, detect, choosePreset, chooseGlobal } = useMarketplaceLocation();
  const sort = requestedSort === 'near' && !location.position ? 'popular' : requestedSort;
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  // Filters live in the address bar, so a filtered list can be shared and survives a reload.
  const setParam = (key: string, value: string | null) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { preventScrollReset: true },
    );
  };

  // The drawn page's sort box can be changed before the app takes the page over: that choice reached
  // no handler, so the address bar never heard of it and the app would put the box back. What the box
  // holds when the app takes it over is what the visitor chose.
  const sortBox = useRef<HTMLSelectElement>(null);
  const sortTakenOver = useRef(sort);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the app takes the page over
  useLayoutEffect(() => {
    const chosen = sortBox.current?.value;
    if (chosen && chosen !== sortTakenOver.current) setParam('sort', chosen === 'popular' ? null : chosen);
  }, []);

  const cardAction: CardAction = !user
    ? {
        label: t('marketplace.prompt.loginToContact'),
        onClick: (vendor) => setDialog({ kind: 'login', vendor }),
        preload: LoginToContactDialog.preload,
      }
    : user.role === 'customer'
      ? {
          label: t('marketplace.request.action'),
          onClick: (vendor) => setDialog({ kind: 'request', vendor }),
          preload: RequestAvailabilityDialog.preload,
        }
      : null;

  const filtering = search !== '' || category !== null || kashrut.length > 0 || freeOn !== null;
  const setKashrut = (words: string[]) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('kashrut');
        for (const word of words) next.append('kashrut', word);
        return next;
      },
      { preventScrollReset: true },
    );
  const setFreeOn = (value: FreeOnValue | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('free_on');
        next.delete('free_time');
        next.delete('include_unstated');
        if (value) {
          next.set('free_on', value.day);
          if (value.time) next.set('free_time', value.time);
          if (value.includeUnstated) next.set('include_unstated', 'true');
        }
        return next;
      },
      { preventScrollReset: true },
    );

  return (
    <Box>
      <Box
        bgGradient="to-b"
        gradientFrom="brand.subtle"
        gradientTo="bg"
        borderBottomWidth="1px"
        borderColor="border.muted"
      >
        <Container
          maxW="7xl"
          px={{ base: '4', md: '8' }}
          pt={{ base: '8', md: '12' }}
          pb={{ base: '6', md: '8' }}
        >
          <Stack gap={{ base: '5', md: '6' }}>
            <Flex
              direction={{ base: 'column', md: 'row' }}
              justify="space-between"
              gap="4"
              align={{ md: 'flex-end' }}
            >
              <Box>
                <PageTitle size={{ base: '2xl', md: '4xl' }}>{t('marketplace.title')}</PageTitle>
                <Text mt="2" color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
                  {t('marketplace.intro')}
                </Text>
              </Box>
              <Button
                variant="outline"
                bg="bg"
                flexShrink="0"
                alignSelf={{ base: 'flex-start', md: 'auto' }}
                onClick={() => setDialog(user ? { kind: 'create' } : { kind: 'list-business' })}
                {...preloadOn(user ? VendorFormDialog : ListYourBusinessDialog)}
              >
                <Plus />
                {t('marketplace.listBusiness.title')}
              </Button>
            </Flex>
            <SearchBox
              value={search}
              onSearch={(text) => setParam('search', text || null)}
              onCategory={(c) => setParam('category', c)}
            />
            <Flex gap="3" wrap="wrap" align="center">
              {/* On a phone the button takes the room beside the sort control and shortens its label
                  there, so the row does not wrap differently once the location is known (a shift). */}
              <Button
                variant="outline"
                bg="bg"
                flex={{ base: '1 1 8rem', md: '0 1 auto' }}
                minW="0"
                justifyContent="flex-start"
                onClick={() => setDialog({ kind: 'location' })}
                {...preloadOn(LocationDialog)}
                aria-label={t('marketplace.location.button', { place: iso(locationLabel(t, location)) })}
              >
                {location.position || location.source === 'detecting' ? <MapPin /> : <Globe />}
                <Text as="span" aria-live="polite" truncate>
                  <bdi>{locationLabel(t, location)}</bdi>
                </Text>
              </Button>
              <HStack gap="2">
                <Text asChild fontSize="sm" color="fg.muted" whiteSpace="nowrap">
                  <label htmlFor="marketplace-sort">{t('marketplace.sort.label')}</label>
                </Text>
                <NativeSelect.Root w="44" bg="bg">
                  <NativeSelect.Field
                    id="marketplace-sort"
                    ref={sortBox}
                    value={sort}
                    onChange={(e) => setParam('sort', e.target.value === 'popular' ? null : e.target.value)}
                  >
                    {VENDOR_SORTS.filter((s) => s !== 'near' || location.position).map((s) => (
                      <option key={s} value={s}>
                        {t(SORT_LABELS[s])}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </HStack>
            </Flex>
            <FreeOnFilter value={freeOn} onChange={setFreeOn} signedIn={user?.role === 'customer'} />
            <LocationNotice notice={location.notice} />
            <HStack role="group" aria-label={t('marketplace.category.filter')} gap="2" wrap="wrap">
              <CategoryChip
                label={t('marketplace.category.all')}
                current={category === null}
                onClick={() => setParam('category', null)}
              />
              {MARKETPLACE_CATEGORIES.map((c) => (
                <CategoryChip
                  key={c}
                  label={term(t, 'category', c)}
                  current={category === c}
                  onClick={() => setParam('category', c)}
                />
              ))}
              <Button
                size="sm"
                rounded="full"
                variant={kashrut.length > 0 ? 'solid' : 'outline'}
                bg={kashrut.length > 0 ? undefined : 'bg'}
                aria-haspopup="dialog"
                onClick={() => setDialog({ kind: 'kashrut' })}
                {...preloadOn(KashrutFilterDialog)}
                data-testid="kashrut-filter-button"
              >
                {kashrutButtonLabel(t, iso, kashrut)}
              </Button>
            </HStack>
          </Stack>
        </Container>
      </Box>

      <Container maxW="7xl" px={{ base: '4', md: '8' }} py={{ base: '8', md: '10' }}>
        <Stack gap={{ base: '10', md: '14' }}>
          {filtering ? null : (
            <DiscoverySections
              position={location.position}
              onCategory={(c) => setParam('category', c)}
              action={cardAction}
            />
          )}
          <VendorResults
            search={search}
            category={category}
            kashrut={kashrut}
            freeOn={freeOn}
            sort={sort}
            position={location.position}
            action={cardAction}
            firstOnScreen={filtering}
            onClear={() =>
              setParams(
                (current) => {
                  const next = new URLSearchParams(current);
                  next.delete('search');
                  next.delete('category');
                  next.delete('kashrut');
                  next.delete('free_on');
                  next.delete('free_time');
                  next.delete('include_unstated');
                  return next;
                },
                { preventScrollReset: true },
              )
            }
          />
        </Stack>
      </Container>

      <WhenOpened open={dialog?.kind === 'request'}>
        <RequestAvailabilityDialog
          open={dialog?.kind === 'request'}
          onClose={close}
          vendor={dialog?.kind === 'request' ? dialog.vendor : null}
        />
      </WhenOpened>
      <WhenOpened open={dialog?.kind === 'login'}>
        <LoginToContactDialog
          open={dialog?.kind === 'login'}
          onClose={close}
          vendorName={dialog?.kind === 'login' ? dialog.vendor.businessName : undefined}
        />
      </WhenOpened>
      {user ? (
        <WhenOpened open={dialog?.kind === 'create'}>
          <VendorFormDialog open={dialog?.kind === 'create'} onClose={close} />
        </WhenOpened>
      ) : null}
      <WhenOpened open={dialog?.kind === 'list-business'}>
        <ListYourBusinessDialog open={dialog?.kind === 'list-business'} onClose={close} />
      </WhenOpened>
      <WhenOpened open={dialog?.kind === 'kashrut'}>
        <KashrutFilterDialog
          // Opened afresh with the address's words whenever they changed (a "Clear filters" meanwhile).
          key={kashrut.join(',')}
          open={dialog?.kind === 'kashrut'}
          selected={kashrut}
          onApply={setKashrut}
          onClose={close}
        />
      </WhenOpened>
      <WhenOpened open={dialog?.kind === 'location'}>
        <LocationDialog
          open={dialog?.kind === 'location'}
          onClose={close}
          location={location}
          onDetect={() => detect(true)}
          onPreset={choosePreset}
          onGlobal={chooseGlobal}
        />
      </WhenOpened>
    </Box>
  );
}

function CategoryChip({ label, current, onClick }: { label: string; current: boolean; onClick: () => void }) {
  return (
    <Button
      size="sm"
      rounded="full"
      variant={current ? 'solid' : 'outline'}
      bg={current ? undefined : 'bg'}
      aria-pressed={current}
      onClick={onClick}
    >
      {label}
    </Button>
  );
}

function Section({
  title,
  description,
  id,
  children,
  aside,
}: {
  title: string;
  description?: ReactNode;
  id: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <Box as="section" aria-labelledby={id}>
      <Flex justify="space-between" align="flex-end" gap="4" mb="5" wrap="wrap">
        <Box>
          <Heading as="h2" id={id} size={{ base: 'xl', md: '2xl' }} color="brand.950">
            {title}
          </Heading>
          {description ? (
            <Text color="fg.muted" mt="1">
              {description}
            </Text>
          ) : null}
        </Box>
        {aside}
      </Flex>
      {children}
    </Box>
  );
}

function DiscoverySections({
  position,
  onCategory,
  action,
}: {
  position: { lat: number; lng: number } | null;
  onCategory: (category: MarketplaceCategory) => void;
  action: CardAction;
}) {
  const t = useT();
  const featured = useFeaturedVendors(position);
  const vendors = featured.data ?? [];
  const loading = featured.isPending;
  const trending = vendors.slice(0, 3);
  const fresh = vendors.slice(3, 6);

  return (
    <>
      <Section
        id="featured-heading"
        title={position ? t('marketplace.featured.near') : t('marketplace.featured.title')}
        description={t('marketplace.featured.description')}
      >
        {loading ? (
          <FeaturedStrip>
            {[0, 1, 2, 3].map((i) => (
              <Box key={i} w={{ base: '72', md: '80' }} flexShrink="0">
                <VendorCardSkeleton />
              </Box>
            ))}
          </FeaturedStrip>
        ) : vendors.length === 0 ? (
          <Text color="fg.muted">{t('marketplace.featured.noneNear')}</Text>
        ) : (
          <FeaturedStrip>
            {vendors.map((vendor, i) => (
              <Box key={vendor.id} w={{ base: '72', md: '80' }} flexShrink="0" display="flex" role="listitem">
                <Box flex="1" display="flex" flexDirection="column" css={{ '& > *': { flex: 1 } }}>
                  {/* The strip is the first row on screen: its first cards' covers are fetched at once. */}
                  <VendorCard vendor={vendor} action={action} sizes={STRIP_CARD_SIZES} priority={i < 4} />
                </Box>
              </Box>
            ))}
          </FeaturedStrip>
        )}
      </Section>

      <Section id="categories-heading" title={t('marketplace.category.discover')}>
        <SimpleGrid columns={{ base: 2, md: 3, lg: 5 }} gap="4">
          {MARKETPLACE_CATEGORIES.map((c) => {
            const tile = CATEGORY_TILES[c];
            const TileIcon = tile.icon;
            return (
              <Button
                key={c}
                variant="outline"
                h="auto"
                py="5"
                px="4"
                rounded="2xl"
                bg="bg"
                flexDirection="column"
                alignItems="flex-start"
                gap="3"
                whiteSpace="normal"
                textAlign="start"
                onClick={() => onCategory(c)}
              >
                <Box bg="brand.subtle" color="brand.fg" rounded="xl" p="2.5">
                  <Icon boxSize="6">
                    <TileIcon />
                  </Icon>
                </Box>
                <Box>
                  <Text fontWeight="semibold" color="brand.950">
                    {term(t, 'category', c)}
                  </Text>
                  <Text fontSize="xs" color="fg.muted" fontWeight="normal" mt="0.5">
                    {t(tile.blurb)}
                  </Text>
                </Box>
              </Button>
            );
          })}
        </SimpleGrid>
      </Section>

      <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: '10', lg: '8' }}>
        <ShortList
          id="trending-heading"
          title={t('marketplace.trending')}
          icon={Sparkles}
          vendors={trending}
          loading={loading}
          ranked
        />
        <ShortList
          id="new-heading"
          title={t('marketplace.newVendors')}
          icon={Store}
          vendors={fresh}
          loading={loading}
        />
      </SimpleGrid>
    </>
  );
}

/** Width of a card of the featured strip (w 72, md 80). */
const STRIP_CARD_SIZES = '(min-width: 48em) 320px, 288px';

function FeaturedStrip({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <Flex
      role="list"
      aria-label={t('marketplace.featured.list')}
      gap="4"
      pb="3"
      {...sideScroll}
      scrollSnapType="x mandatory"
      css={{ '& > *': { scrollSnapAlign: 'start' } }}
      tabIndex={0}
    >
      {children}
    </Flex>
  );
}

function ShortList({
  id,
  title,
  icon: ListIcon,
  vendors,
  loading,
  ranked = false,
}: {
  id: string;
  title: string;
  icon: LucideIcon;
  vendors: VendorView[];
  loading: boolean;
  ranked?: boolean;
}) {
  const t = useT();
  return (
    <Box as="section" aria-labelledby={id} bg="bg" borderWidth="1px" borderColor="border" rounded="2xl" p="4">
      <HStack gap="2" mb="2" px="3" pt="1" color="gold.fg">
        <Icon boxSize="5">
          <ListIcon />
        </Icon>
        <Heading as="h2" id={id} size="lg" color="brand.950">
          {title}
        </Heading>
      </HStack>
      {loading ? (
        <Stack gap="3" p="3">
          {[0, 1, 2].map((i) => (
            <HStack key={i} gap="3">
              <Skeleton boxSize="14" rounded="lg" />
              <Stack flex="1" gap="2">
                <Skeleton h="4" w="60%" />
                <Skeleton h="3" w="40%" />
              </Stack>
            </HStack>
          ))}
        </Stack>
      ) : vendors.length === 0 ? (
        <Text color="fg.muted" px="3" py="4">
          {t('marketplace.nothingYet')}
        </Text>
      ) : (
        <Stack as="ol" gap="1" listStyleType="none">
          {vendors.map((vendor, i) => (
            <VendorRow key={vendor.id} vendor={vendor} rank={ranked ? i + 1 : undefined} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

interface ResultsProps {
  search: string;
  category: MarketplaceCategory | null;
  kashrut: readonly string[];
  freeOn: FreeOnValue | null;
  sort: VendorSort;
  position: { lat: number; lng: number } | null;
  action: CardAction;
  onClear: () => void;
  /** No featured strip above: the results' first row is the first thing on screen. */
  firstOnScreen: boolean;
}

function VendorResults({
  search,
  category,
  kashrut,
  freeOn,
  sort,
  position,
  action,
  onClear,
  firstOnScreen,
}: ResultsProps) {
  const t = useT();
  const iso = useIsolate();
  const list = useVendorList({ search, category, sort, position, kashrut, freeOn });
  const filtered = Boolean(search || category || kashrut.length > 0 || freeOn);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;

  // The next page loads when the end of the list is 10% in view (spec section 9).
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { threshold: 0.1 },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const vendors = list.data?.pages.flatMap((p) => p.items) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  const totalText =
    list.data?.pages[0]?.total_exact === false
      ? t('marketplace.results.atLeast', { count: formatCount(total) })
      : String(total);
  const title = search
    ? t('marketplace.results.searchTitle', { search: iso(search) })
    : category
      ? term(t, 'category', category)
      : t('marketplace.category.all');

  return (
    <Section
      id="results-heading"
      title={title}
      description={
        list.isPending ? (
          t('marketplace.results.loading')
        ) : (
          <Text as="span" aria-live="polite">
            {t('marketplace.results.summary', {
              count: total,
              total: totalText,
              inCategory: category && search ? 'yes' : 'no',
              category: category ? term(t, 'category', category) : '',
              kashrut: kashrut.length > 0 ? 'yes' : 'no',
              freeOn: freeOn ? 'yes' : 'no',
              date: freeOn ? freeOnText(t, freeOn.day, freeOn.time) : '',
            })}
          </Text>
        )
      }
      aside={
        filtered ? (
          <Button variant="ghost" size="sm" onClick={onClear}>
            {t('marketplace.results.clearFilters')}
          </Button>
        ) : null
      }
    >
      {list.isPending ? (
        <CardGrid>
          {Array.from({ length: 8 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <VendorCardSkeleton key={i} />
          ))}
        </CardGrid>
      ) : list.isLoadingError ? (
        <EmptyPanel
          icon={<PanelIcon icon={Store} />}
          title={t('marketplace.results.loadFailed')}
          description={t('marketplace.results.checkConnection')}
        >
          <Button onClick={() => void list.refetch()}>{t('marketplace.results.tryAgain')}</Button>
        </EmptyPanel>
      ) : vendors.length === 0 ? (
        <EmptyPanel
          icon={<PanelIcon icon={Search} />}
          title={t('marketplace.results.noneTitle')}
          description={
            freeOn && !freeOn.includeUnstated
              ? t('marketplace.results.noneFree')
              : position
                ? t('marketplace.results.noneHere')
                : t('marketplace.results.none')
          }
        >
          {filtered ? <Button onClick={onClear}>{t('marketplace.results.clearFilters')}</Button> : null}
        </EmptyPanel>
      ) : (
        <>
          <CardGrid>
            {vendors.map((vendor, i) => (
              <VendorCard key={vendor.id} vendor={vendor} action={action} priority={firstOnScreen && i < 4} />
            ))}
            {isFetchingNextPage ? [0, 1, 2, 3].map((i) => <VendorCardSkeleton key={`more-${i}`} />) : null}
          </CardGrid>
          <Box ref={sentinel} h="px" data-testid="vendor-list-end" />
          {!hasNextPage && vendors.length > 8 ? (
            <Text textAlign="center" color="fg.muted" fontSize="sm" mt="6">
              {t('marketplace.results.seenAll', { count: total })}
            </Text>
          ) : null}
        </>
      )}
    </Section>
  );
}

function CardGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap={{ base: '4', md: '6' }}>
      {children}
    </SimpleGrid>
  );
}

/**
 * Why "Use my current location" ended in Global, and what to do instead: said on the page, under the
 * picker, where the person looks after pressing it (spec: a fallback, not a toast).
 */
function LocationNotice({ notice }: { notice: MarketplaceLocation['notice'] }) {
  const t = useT();
  if (!notice) return null;
  return (
    <Text role="status" fontSize="sm" color="fg.muted" data-testid="location-notice">
      {notice === 'denied' ? t('marketplace.location.denied') : t('marketplace.location.unavailable')}{' '}
      {t('marketplace.location.howToChoose')}
    </Text>
  );
}
