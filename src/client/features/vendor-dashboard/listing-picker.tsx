import { Badge, Button, Field, Flex, HStack, Icon, NativeSelect, Stack } from '@chakra-ui/react';
import { BadgeCheck, Briefcase, FileCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { dashboardValueOf } from '../../../shared/categories';
import type { OwnListingDto } from '../../../shared/schemas/vendors';
import { VENDOR_MESSAGES } from '../../../shared/schemas/vendors';
import { EmptyPanel, LoadFailedPanel, PanelIcon } from '../../components/empty-panel';
import { term } from '../../i18n/terms';
import { useIsolate } from '../../i18n/use-isolate';
import { useMessageText, useT } from '../../i18n/use-t';
import { isNotFound } from './format';
import type { ListingSelection } from './use-listings';

/**
 * Which listing the tab shows, for a vendor with several (a single listing needs no choice and
 * shows only its badges).
 */
export function ListingPicker({ selection }: { selection: ListingSelection }) {
  const t = useT();
  const iso = useIsolate();
  const { listings, selected, select } = selection;
  if (!listings || !selected) return null;
  if (listings.length < 2) {
    return selected.verified ? (
      <HStack gap="2">
        <Badge colorPalette="green" variant="subtle" rounded="full" px="2.5">
          <Icon boxSize="3.5">
            <BadgeCheck />
          </Icon>
          {t('vendorDashboard.picker.verified')}
        </Badge>
      </HStack>
    ) : null;
  }
  return (
    <Field.Root maxW={{ base: 'full', md: 'sm' }}>
      <Field.Label>{t('vendorDashboard.picker.label')}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          data-testid="listing-picker"
          value={selected.id}
          onChange={(e) => select(e.target.value)}
          bg="bg"
        >
          {listings.map((l) => (
            <option key={l.id} value={l.id}>
              {t('vendorDashboard.picker.option', {
                name: iso(l.businessName),
                category: term(t, 'dashboardCategory', dashboardValueOf(l.category)),
                verified: l.verified ? 'yes' : 'no',
              })}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.HelperText>{t('vendorDashboard.picker.hint', { count: listings.length })}</Field.HelperText>
    </Field.Root>
  );
}

/**
 * No listing yet: an approved vendor claim connects one (spec section 2). `place` names the tab it
 * sits in, for a test id of its own (both tabs stay mounted once opened).
 */
export function NoListingPanel({
  onOpenClaims,
  place,
}: {
  onOpenClaims: () => void;
  place: 'profile' | 'analytics' | 'calendar';
}) {
  const t = useT();
  const messageText = useMessageText();
  return (
    <EmptyPanel
      icon={<PanelIcon icon={Briefcase} />}
      title={t('vendorDashboard.noListing.title')}
      description={t('vendorDashboard.noListing.description', {
        reason: messageText(VENDOR_MESSAGES.noProfile),
      })}
    >
      <Button onClick={onOpenClaims} data-testid={`${place}-go-to-claims`}>
        <FileCheck aria-hidden />
        {t('vendorDashboard.noListing.goToClaims')}
      </Button>
    </EmptyPanel>
  );
}

/** The listings could not be read. */
export function ListingLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useT();
  return <LoadFailedPanel what={t('vendorDashboard.noListing.what')} error={error} onRetry={onRetry} />;
}

/** What the dashboard gives a tab about one of the vendor's listings. */
export interface ListingTabFrame {
  selection: ListingSelection;
  /** Opens the Claims tab, the way to a listing for a vendor without one. */
  onOpenClaims: () => void;
}

interface ListingTabProps extends ListingTabFrame {
  place: 'profile' | 'analytics' | 'calendar';
  /** What shows while the listings, then the tab's own data, load. */
  skeleton: ReactNode;
  /** The tab's own query for the chosen listing. */
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  /** Beside the picker: what the tab does with the listing as a whole. */
  action: (listing: OwnListingDto) => ReactNode;
  /** Between the picker and the content: what the vendor must know about the listing. */
  notice?: (listing: OwnListingDto) => ReactNode;
  /** The tab's content once its query has answered. */
  content: () => ReactNode;
  /** Under the content, whatever its state. */
  footer?: ReactNode;
}

/**
 * A tab about one of the vendor's listings (Listing Profile, Analytics): the listings loading,
 * failed or missing (then the way to the Claims tab), else the picker and the tab's content. A
 * listing the vendor no longer owns reads as none (the server answers NOT_FOUND).
 */
export function ListingTab({
  selection,
  onOpenClaims,
  place,
  skeleton,
  query,
  action,
  notice,
  content,
  footer,
}: ListingTabProps) {
  const { selected } = selection;
  const noListing = <NoListingPanel onOpenClaims={onOpenClaims} place={place} />;
  if (selection.isPending) return skeleton;
  if (selection.isError) return <ListingLoadError error={selection.error} onRetry={selection.refetch} />;
  if (!selected) return noListing;

  return (
    <Stack gap="6">
      <Flex
        direction={{ base: 'column', md: 'row' }}
        justify="space-between"
        align={{ base: 'stretch', md: 'flex-end' }}
        gap="4"
      >
        <ListingPicker selection={selection} />
        {action(selected)}
      </Flex>
      {notice?.(selected)}
      {query.isPending ? (
        skeleton
      ) : query.isError ? (
        isNotFound(query.error) ? (
          noListing
        ) : (
          <ListingLoadError error={query.error} onRetry={() => void query.refetch()} />
        )
      ) : (
        content()
      )}
      {footer}
    </Stack>
  );
}
