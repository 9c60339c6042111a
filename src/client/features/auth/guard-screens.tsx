import { Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { MESSAGES, type UserDto } from '../../../shared/schemas/auth';
import { homePathFor } from '../../lib/session';
import { AdminLoginPage } from './admin-login-page';
import { AuthNotice } from './auth-extras';
import { CustomerLoginPage } from './customer-login-page';
import { VendorLoginPage } from './vendor-login-page';

/** A visitor on a signed-in page: the customer sign-in, in place. */
export function SignedInRequiredScreen() {
  return <CustomerLoginPage inPlace notice={<AuthNotice>{MESSAGES.notSignedIn}</AuthNotice>} />;
}

/** Anyone without the vendor role on /vendor-dashboard: the vendor sign-in, in place. */
export function VendorRequiredScreen({ user }: { user: UserDto | null }) {
  return (
    <VendorLoginPage
      inPlace
      notice={
        <AuthNotice>
          Please log in to access the vendor dashboard.
          {user ? <BackHome user={user} /> : null}
          {user?.role === 'customer' ? <ClaimInstead /> : null}
        </AuthNotice>
      }
    />
  );
}

/** Anyone without the admin role on /admin-dashboard: the admin sign-in, in place. */
export function AdminRequiredScreen({ user }: { user: UserDto | null }) {
  return (
    <AdminLoginPage
      inPlace
      notice={
        user ? (
          <AuthNotice status="error">
            Access denied. Admin privileges required.
            <BackHome user={user} />
          </AuthNotice>
        ) : (
          <AuthNotice>Please log in to access the admin dashboard.</AuthNotice>
        )
      }
    />
  );
}

function BackHome({ user }: { user: UserDto }) {
  return (
    <Text as="span" display="block" mt="1">
      You are signed in as {user.email}.{' '}
      <Link asChild fontWeight="semibold" color="inherit" textDecoration="underline">
        <RouterLink to={homePathFor(user.role)}>Go to your dashboard</RouterLink>
      </Link>
    </Text>
  );
}

/** A signed-in customer claims a listing with the account they have (it becomes a vendor account). */
function ClaimInstead() {
  return (
    <Text as="span" display="block" mt="1">
      To claim your business with this account,{' '}
      <Link asChild fontWeight="semibold" color="inherit" textDecoration="underline">
        <RouterLink to="/claim-listing">search and claim its listing</RouterLink>
      </Link>
      .
    </Text>
  );
}
