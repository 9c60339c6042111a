import { Badge, Box, Field, HStack, Input, Text } from '@chakra-ui/react';
import { type KeyboardEvent, useId } from 'react';
import { TIMINGS } from '../../../shared/constants';
import type { VendorView } from '../../../shared/schemas/vendors';
import { categoryName } from '../../components/category-name';
import { ComboboxList, useCombobox } from '../../components/combobox';
import { SearchInputGroup } from '../../components/search-input';
import { useDebounced } from '../../components/use-debounced';
import { useIsolate } from '../../i18n/use-isolate';
import { useT } from '../../i18n/use-t';
import { trpc } from '../../lib/trpc';

const RESULTS = 6;

interface ListingSearchProps {
  onChoose: (listing: VendorView) => void;
  disabled?: boolean;
}

/**
 * Finds an existing marketplace listing to claim: a combobox over the marketplace search, asked
 * from 2 characters after a 300 ms pause like the marketplace's own box. Arrows move through the
 * results, Enter takes one, Escape closes the list.
 */
export function ListingSearch({ onChoose, disabled = false }: ListingSearchProps) {
  const t = useT();
  const iso = useIsolate();
  const { text, setText, open, setOpen, active, setActive, close, listId, optionId, inputProps } =
    useCombobox();
  const statusId = useId();

  const q = useDebounced(text.trim(), TIMINGS.suggestionsDebounceMs);
  const enabled = q.length >= 2;
  const results = trpc.vendors.list.useQuery({ search: q, page_size: RESULTS }, { enabled });
  const mine = trpc.vendors.mine.useQuery();
  const owned = new Set((mine.data ?? []).map((l) => l.id));
  const settled = enabled && q === text.trim();
  const items = settled ? (results.data?.items ?? []) : [];
  const choosable = items.filter((v) => !owned.has(v.id));
  const expanded = open && settled && !results.isPending;

  const status = !settled
    ? text.trim().length > 0 && text.trim().length < 2
      ? t('vendorDashboard.search.tooShort')
      : ''
    : results.isPending
      ? t('common.place.searching')
      : results.isError
        ? t('common.place.searchFailed')
        : items.length === 0
          ? t('vendorDashboard.search.noMatch', { text: iso(q) })
          : t('vendorDashboard.search.found', { count: items.length });

  const choose = (listing: VendorView) => {
    if (owned.has(listing.id)) return;
    close();
    setText('');
    onChoose(listing);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (choosable.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const positions = items.length + 1;
      setActive((i) => {
        // Skips the listings the vendor already owns.
        let next = i;
        for (let n = 0; n < positions; n += 1) {
          next = ((next + 1 + step + positions) % positions) - 1;
          const item = items[next];
          if (next === -1 || (item && !owned.has(item.id))) return next;
        }
        return -1;
      });
      return;
    }
    if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      close();
      return;
    }
    if (event.key === 'Enter') {
      // Enter never submits the claim form from the search box.
      event.preventDefault();
      const item = items[active];
      if (expanded && item) choose(item);
    }
  };

  return (
    <Field.Root disabled={disabled}>
      <Field.Label>{t('vendorDashboard.search.label')}</Field.Label>
      <Box position="relative" w="full">
        <SearchInputGroup w="full" iconSize="5">
          <Input
            type="search"
            placeholder={t('vendorDashboard.search.placeholder')}
            aria-describedby={statusId}
            data-testid="listing-search"
            {...inputProps(expanded)}
            onKeyDown={onKeyDown}
          />
        </SearchInputGroup>
        <ComboboxList
          id={listId}
          aria-label={t('vendorDashboard.search.results')}
          hidden={!expanded || items.length === 0}
          top="calc(100% + 0.25rem)"
        >
          {items.map((listing, i) => {
            const yours = owned.has(listing.id);
            const place = [listing.city, listing.state].filter(Boolean).join(', ');
            const category = listing.category ? categoryName(t, listing.category) : null;
            return (
              <Box
                as="li"
                key={listing.id}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                aria-disabled={yours || undefined}
                px="4"
                py="2"
                cursor={yours ? 'not-allowed' : 'pointer'}
                opacity={yours ? 0.6 : 1}
                bg={i === active ? 'brand.subtle' : undefined}
                _hover={yours ? undefined : { bg: 'bg.muted' }}
                data-testid="listing-option"
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(listing)}
              >
                <HStack justify="space-between" gap="2">
                  <Text fontWeight="medium" truncate>
                    <bdi>{listing.businessName}</bdi>
                  </Text>
                  {yours ? (
                    <Badge size="sm" colorPalette="green" variant="subtle">
                      {t('vendorDashboard.search.yours')}
                    </Badge>
                  ) : listing.claimed ? (
                    <Badge size="sm" variant="subtle" colorPalette="gray">
                      {t('vendorDashboard.search.claimed')}
                    </Badge>
                  ) : null}
                </HStack>
                <Text textStyle="caption" truncate>
                  {[category, place ? iso(place) : null].filter(Boolean).join(' · ')}
                </Text>
              </Box>
            );
          })}
        </ComboboxList>
      </Box>
      <Field.HelperText id={statusId} aria-live="polite">
        {status || t('vendorDashboard.search.hint')}
      </Field.HelperText>
    </Field.Root>
  );
}
