import { Alert, Button, Flex, Skeleton, Stack } from '@chakra-ui/react';
import { ExternalLink } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { trpc } from '../../lib/trpc';
import { isNotFound } from './format';
import { ListingLoadError, ListingPicker, NoListingPanel } from './listing-picker';
import { ProfileForm } from './profile-form';
import type { ListingSelection } from './use-listings';

interface ListingProfileTabProps {
  selection: ListingSelection;
  onOpenClaims: () => void;
}

/**
 * The Listing Profile tab: the edit form once the vendor's listing has loaded; without a listing,
 * the way to the Claims tab (spec section 2).
 */
export function ListingProfileTab({ selection, onOpenClaims }: ListingProfileTabProps) {
  const { selected } = selection;
  const profile = trpc.vendors.myProfile.useQuery({ vendorId: selected?.id }, { enabled: selected !== null });

  if (selection.isPending) return <FormSkeleton />;
  if (selection.isError) return <ListingLoadError error={selection.error} onRetry={selection.refetch} />;
  if (!selected) return <NoListingPanel onOpenClaims={onOpenClaims} place="profile" />;

  return (
    <Stack gap="6">
      <Flex
        direction={{ base: 'column', md: 'row' }}
        justify="space-between"
        align={{ base: 'stretch', md: 'flex-end' }}
        gap="4"
      >
        <ListingPicker selection={selection} />
        <Button asChild variant="outline" size="sm" alignSelf={{ base: 'flex-start', md: 'auto' }}>
          <RouterLink to={`/vendor/${selected.id}`} data-testid="view-public-profile">
            <ExternalLink aria-hidden />
            View public profile
          </RouterLink>
        </Button>
      </Flex>
      {selected.hidden && (
        <Alert.Root status="warning" rounded="lg" variant="subtle" data-testid="listing-hidden">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>An admin has hidden this listing</Alert.Title>
            <Alert.Description>
              Families cannot find it in the marketplace or open its page until it is shown again. You can
              still edit it.
              {selected.hiddenReason ? ` Reason: ${selected.hiddenReason}` : ''} Questions:
              support@simchahub.com.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {profile.isPending ? (
        <FormSkeleton />
      ) : profile.isError ? (
        isNotFound(profile.error) ? (
          <NoListingPanel onOpenClaims={onOpenClaims} place="profile" />
        ) : (
          <ListingLoadError error={profile.error} onRetry={() => void profile.refetch()} />
        )
      ) : (
        // A new form for each listing: one listing's draft never leaks into another's.
        <ProfileForm key={profile.data.id} vendor={profile.data} />
      )}
    </Stack>
  );
}

function FormSkeleton() {
  return (
    <Stack gap="4" role="status" aria-busy="true" aria-label="Loading your listing">
      <Skeleton h="10" w={{ base: 'full', md: 'sm' }} rounded="lg" />
      <Skeleton h="64" rounded="2xl" />
      <Skeleton h="48" rounded="2xl" />
    </Stack>
  );
}
