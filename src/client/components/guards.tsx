import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import type { Role } from '../../shared/constants';
import type { UserDto } from '../../shared/schemas/auth';
import { useCurrentUser } from '../lib/session';
import { FullScreenSpinner } from './full-screen-spinner';

/**
 * Signed-in routes (spec section 2): a spinner while the user is determined, the sign-in screen
 * in place (same URL) for a visitor, the nested routes for anyone signed in.
 */
export function RequireSignedIn({ signIn }: { signIn: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <FullScreenSpinner />;
  if (!user) return <>{signIn}</>;
  return <Outlet />;
}

/**
 * Role routes: anyone without the role sees the screen `signIn` draws for them, in place. It gets
 * the signed-in user (or null) so that it can tell a visitor from a signed-in user of another role.
 */
export function RequireRole({
  requiredRole,
  signIn,
}: {
  requiredRole: Role;
  signIn: (user: UserDto | null) => ReactNode;
}) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <FullScreenSpinner />;
  if (user?.role !== requiredRole) return <>{signIn(user)}</>;
  return <Outlet />;
}
