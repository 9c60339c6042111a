import { Badge, Button, Field, HStack, Icon, NativeSelect } from '@chakra-ui/react';
import { BadgeCheck, Briefcase, FileCheck, TriangleAlert } from 'lucide-react';
import { dashboardLabelOf } from '../../../shared/categories';
import { VENDOR_MESSAGES } from '../../../shared/schemas/vendors';
import { EmptyPanel } from '../../components/empty-panel';
import { serverMessage } from '../../lib/errors';
import type { ListingSelection } from './use-listings';

/**
 * Which listing the tab shows, for a vendor with several (a single listing needs no choice and
 * shows only its badges).
 */
export function ListingPicker({ selection }: { selection: ListingSelection }) {
  const { listings, selected, select } = selection;
  if (!listings || !selected) return null;
  if (listings.length < 2) {
    return selected.verified ? (
      <HStack gap="2">
        <Badge colorPalette="green" variant="subtle" rounded="full" px="2.5">
          <Icon boxSize="3.5">
            <BadgeCheck />
          </Icon>
          Verified
        </Badge>
      </HStack>
    ) : null;
  }
  return (
    <Field.Root maxW={{ base: 'full', md: 'sm' }}>
      <Field.Label>Listing</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          data-testid="listing-picker"
          value={selected.id}
          onChange={(e) => select(e.target.value)}
          bg="bg"
        >
          {listings.map((l) => (
            <option key={l.id} value={l.id}>
              {l.businessName} ({dashboardLabelOf(l.category)}){l.verified ? ' · Verified' : ''}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.HelperText>You own {listings.length} listings; choose the one to work on.</Field.HelperText>
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
  place: 'profile' | 'analytics';
}) {
  return (
    <EmptyPanel
      icon={
        <Icon boxSize="8">
          <Briefcase />
        </Icon>
      }
      title="No listing connected to your account"
      description={`${VENDOR_MESSAGES.noProfile}. Search for your business and claim it, or describe a new one; once an administrator approves the claim, your listing appears here.`}
    >
      <Button onClick={onOpenClaims} data-testid={`${place}-go-to-claims`}>
        <FileCheck aria-hidden />
        Go to Claims
      </Button>
    </EmptyPanel>
  );
}

/** The listings could not be read. */
export function ListingLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <EmptyPanel
      icon={
        <Icon boxSize="8">
          <TriangleAlert />
        </Icon>
      }
      title="Could not load your listing"
      description={serverMessage(error) ?? 'Check your connection and try again.'}
    >
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </EmptyPanel>
  );
}
