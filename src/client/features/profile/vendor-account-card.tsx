import { Button, Flex, Text } from '@chakra-ui/react';
import { Briefcase, Plus, Search } from 'lucide-react';
import { useState } from 'react';
import { PRODUCT_NAME, type Role } from '../../../shared/constants';
import { CardHeading } from '../../components/card-heading';
import { LinkButton } from '../../components/link-button';
import { SmallIcon } from '../../components/small-icon';
import { useT } from '../../i18n/use-t';
import { preloadOn, WhenOpened } from '../../lib/lazy-with-preload';
import { VendorFormDialog } from '../marketplace/lazy-dialogs';
import { ProfileCard } from './profile-card';

/**
 * The way into the vendor side from the account already signed in: a vendor opens their dashboard;
 * a customer lists a new business (the marketplace's 'List Your Business' form, here in place) or
 * claims one already listed (/claim-listing). Either makes the account a vendor account, once the
 * listing is created or the claim approved; no second account is needed.
 */
export function VendorAccountCard({ role }: { role: Role }) {
  const t = useT();
  const [listing, setListing] = useState(false);
  // Admins cannot claim listings (the server refuses) and never become vendors from here.
  if (role === 'admin') return null;
  const vendor = role === 'vendor';
  return (
    <ProfileCard headingId="vendor-heading">
      <CardHeading id="vendor-heading" icon={Briefcase}>
        {t('profile.vendor.title')}
      </CardHeading>
      <Text mt="2" color="fg.muted" fontSize="sm">
        {vendor
          ? t('profile.vendor.vendorText')
          : t('profile.vendor.customerText', { product: PRODUCT_NAME })}
      </Text>
      <Flex gap="3" mt="5" wrap="wrap" css={{ '& > *': { flex: { base: '1 1 100%', sm: '0 1 auto' } } }}>
        {vendor ? (
          <LinkButton to="/vendor-dashboard">{t('profile.vendor.openDashboard')}</LinkButton>
        ) : (
          <Button onClick={() => setListing(true)} {...preloadOn(VendorFormDialog)}>
            <SmallIcon icon={Plus} />
            {t('profile.vendor.list')}
          </Button>
        )}
        <LinkButton to={vendor ? '/vendor-dashboard?tab=claims' : '/claim-listing'} variant="outline">
          <SmallIcon icon={Search} />
          {t('profile.vendor.claim')}
        </LinkButton>
      </Flex>
      {/* Kept once opened: creating the listing turns this card into a vendor's while the dialog closes. */}
      <WhenOpened open={listing}>
        <VendorFormDialog open={listing} onClose={() => setListing(false)} />
      </WhenOpened>
    </ProfileCard>
  );
}
