import { Alert, Button, Skeleton, Stack } from '@chakra-ui/react';
import { ExternalLink } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import { SUPPORT_EMAIL } from '../../../shared/constants';
import { mayStateKashrut } from '../../../shared/kashrut';
import { useT } from '../../i18n/use-t';
import { TakenOverSuspense } from '../../lib/hydration-gate';
import { lazyPart } from '../../lib/lazy-with-preload';
import { trpc } from '../../lib/trpc';
import { ListingTab, type ListingTabFrame } from './listing-picker';
import { ProfileForm } from './profile-form';

/** The Kashrut card of food listings, in its own chunk: not needed for the form's first paint. */
const KashrutCard = lazyPart(
  'kashrut-card',
  () => import('./kashrut-card'),
  (m) => m.KashrutCard,
);

/**
 * The Listing Profile tab: the edit form once the vendor's listing has loaded; without a listing,
 * the way to the Claims tab (spec section 2).
 */
export function ListingProfileTab(frame: ListingTabFrame) {
  const t = useT();
  const { selected } = frame.selection;
  const profile = trpc.vendors.myProfile.useQuery({ vendorId: selected?.id }, { enabled: selected !== null });

  return (
    <ListingTab
      {...frame}
      place="profile"
      skeleton={<FormSkeleton />}
      query={profile}
      action={(listing) => (
        <Button asChild variant="outline" size="sm" alignSelf={{ base: 'flex-start', md: 'auto' }}>
          <RouterLink to={`/vendor/${listing.id}`} data-testid="view-public-profile">
            <ExternalLink aria-hidden />
            {t('vendorDashboard.profileTab.viewPublic')}
          </RouterLink>
        </Button>
      )}
      notice={(listing) =>
        listing.hidden && (
          <Alert.Root status="warning" rounded="lg" variant="subtle" data-testid="listing-hidden">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('vendorDashboard.profileTab.hiddenTitle')}</Alert.Title>
              <Alert.Description>
                <FormattedMessage
                  id="vendorDashboard.profileTab.hiddenDescription"
                  values={{
                    hasReason: listing.hiddenReason ? 'yes' : 'no',
                    reason: <bdi>{listing.hiddenReason}</bdi>,
                    email: <bdi>{SUPPORT_EMAIL}</bdi>,
                  }}
                />
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )
      }
      // A new form for each listing: one listing's draft never leaks into another's.
      content={() =>
        profile.data && (
          <Stack gap="6">
            <ProfileForm key={profile.data.id} vendor={profile.data} />
            {mayStateKashrut(profile.data.category) ? (
              <TakenOverSuspense fallback={<Skeleton h="48" rounded="2xl" />}>
                <KashrutCard vendorId={profile.data.id} />
              </TakenOverSuspense>
            ) : null}
          </Stack>
        )
      }
    />
  );
}

function FormSkeleton() {
  const t = useT();
  return (
    <Stack gap="4" role="status" aria-busy="true" aria-label={t('vendorDashboard.profileTab.loading')}>
      <Skeleton h="10" w={{ base: 'full', md: 'sm' }} rounded="lg" />
      <Skeleton h="64" rounded="2xl" />
      <Skeleton h="48" rounded="2xl" />
    </Stack>
  );
}
