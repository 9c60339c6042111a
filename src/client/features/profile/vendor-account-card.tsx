import { Flex, Text } from '@chakra-ui/react';
import { Briefcase, Search } from 'lucide-react';
import type { Role } from '../../../shared/constants';
import { CardHeading } from '../../components/card-heading';
import { LinkButton } from '../../components/link-button';
import { SmallIcon } from '../../components/small-icon';
import { ProfileCard } from './profile-card';

/** The way into the vendor side: a vendor account, or claiming a listing that already exists. */
export function VendorAccountCard({ role }: { role: Role }) {
  // Admins cannot claim listings (the server refuses) and never become vendors from here.
  if (role === 'admin') return null;
  return (
    <ProfileCard headingId="vendor-heading">
      <CardHeading id="vendor-heading" icon={Briefcase}>
        Vendor Account
      </CardHeading>
      <Text mt="2" color="fg.muted" fontSize="sm">
        Offer your services to families on SimchaHub, or claim your business if it is already listed in the
        marketplace.
      </Text>
      <Flex gap="3" mt="5" wrap="wrap" css={{ '& > *': { flex: { base: '1 1 100%', sm: '0 1 auto' } } }}>
        {role === 'vendor' ? (
          <LinkButton to="/vendor-dashboard">Open Vendor Dashboard</LinkButton>
        ) : (
          <LinkButton to="/login-vendor?mode=signup">
            <SmallIcon icon={Briefcase} />
            Become a Vendor
          </LinkButton>
        )}
        <LinkButton to="/vendor-dashboard?tab=claims" variant="outline">
          <SmallIcon icon={Search} />
          Search &amp; Claim Listing
        </LinkButton>
      </Flex>
    </ProfileCard>
  );
}
