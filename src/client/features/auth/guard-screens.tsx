import { Link, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import type { UserDto } from '../../../shared/schemas/auth';
import { useT } from '../../i18n/use-t';
import { homePathFor } from '../../lib/session';
import { AdminLoginPage } from './admin-login-page';
import { AuthNotice } from './auth-extras';
import { CustomerLoginPage } from './customer-login-page';
import { VendorLoginPage } from './vendor-login-page';

/** A visitor on a signed-in page: the customer sign-in, in place. */
export function SignedInRequiredScreen() {
  const t = useT();
  return <CustomerLoginPage inPlace notice={<AuthNotice>{t('auth.guard.signInRequired')}</AuthNotice>} />;
}

/** Anyone without the vendor role on /vendor-dashboard: the vendor sign-in, in place. */
export function VendorRequiredScreen({ user }: { user: UserDto | null }) {
  const t = useT();
  return (
    <VendorLoginPage
      inPlace
      notice={
        <AuthNotice>
          {t('auth.guard.vendorDashboard')}
          {user ? <BackHome user={user} /> : null}
          {user?.role === 'customer' ? <ClaimInstead /> : null}
        </AuthNotice>
      }
    />
  );
}

/** Anyone without the admin role on /admin-dashboard: the admin sign-in, in place. */
export function AdminRequiredScreen({ user }: { user: UserDto | null }) {
  const t = useT();
  return (
    <AdminLoginPage
      inPlace
      notice={
        user ? (
          <AuthNotice status="error">
            {t('auth.guard.adminOnly')}
            <BackHome user={user} />
          </AuthNotice>
        ) : (
          <AuthNotice>{t('auth.guard.adminDashboard')}</AuthNotice>
        )
      }
    />
  );
}

function BackHome({ user }: { user: UserDto }) {
  return (
    <Text as="span" display="block" mt="1">
      <FormattedMessage
        id="auth.guard.signedInAs"
        values={{
          email: <bdi>{user.email}</bdi>,
          link: (chunks: ReactNode[]) => (
            <Link asChild fontWeight="semibold" color="inherit" textDecoration="underline">
              <RouterLink to={homePathFor(user.role)}>{chunks}</RouterLink>
            </Link>
          ),
        }}
      />
    </Text>
  );
}

/** A signed-in customer claims a listing with the account they have (it becomes a vendor account). */
function ClaimInstead() {
  return (
    <Text as="span" display="block" mt="1">
      <FormattedMessage
        id="auth.guard.claimInstead"
        values={{
          link: (chunks: ReactNode[]) => (
            <Link asChild fontWeight="semibold" color="inherit" textDecoration="underline">
              <RouterLink to="/claim-listing">{chunks}</RouterLink>
            </Link>
          ),
        }}
      />
    </Text>
  );
}
