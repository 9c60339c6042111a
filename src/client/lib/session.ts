import { hashKey, useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useNavigate } from 'react-router-dom';
import { type Role, TIMINGS } from '../../shared/constants';
import type { UserDto } from '../../shared/schemas/auth';
import { useT } from '../i18n/use-t';
import { setSigningOut } from './signing-out';
import { toast } from './toast';
import { trpc } from './trpc';

export { isSigningOut, useSigningOut } from './signing-out';

const HOME_BY_ROLE: Record<Role, string> = {
  admin: '/admin-dashboard',
  vendor: '/vendor-dashboard',
  customer: '/dashboard',
};

/** Where each role lands after signing in and where the Dashboard buttons lead (spec section 2). */
export function homePathFor(role: Role): string {
  return HOME_BY_ROLE[role];
}

export interface CurrentUser {
  user: UserDto | null;
  /** True only until the first answer: afterwards a refetch keeps showing the known user. */
  isLoading: boolean;
}

/**
 * The signed-in user, from `auth.session` (never an error when signed out). Any failure counts as
 * signed out (spec section 4). Cached 5 minutes (spec section 9).
 */
export function useCurrentUser(): CurrentUser {
  const query = trpc.auth.session.useQuery(undefined, { staleTime: TIMINGS.currentUserStaleMs });
  return { user: query.data?.user ?? null, isLoading: query.isPending && query.fetchStatus !== 'idle' };
}

/**
 * After sign-in or sign-up: show the new user at once, then confirm it with the server. Signing in
 * as someone else over an open session (the in-place sign-in screens allow it) first drops what
 * was cached for the previous account.
 */
export function useAdoptSignedInUser(): (user: UserDto) => Promise<void> {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  return async (user) => {
    const previous = utils.auth.session.getData()?.user;
    if (previous && previous.id !== user.id) {
      // Keep the session query itself: the guards on screen observe it and must see the new user.
      const sessionHash = hashKey(getQueryKey(trpc.auth.session, undefined, 'query'));
      queryClient.removeQueries({ predicate: (query) => query.queryHash !== sessionHash });
    }
    setSigningOut(false);
    utils.auth.session.setData(undefined, { user });
    await utils.auth.session.invalidate();
  };
}

/** Sign out, drop every cached answer (spec section 4) and go to the landing page. */
export function useSignOut(): { signOut: () => void; isPending: boolean } {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const t = useT();
  const logout = trpc.auth.logout.useMutation({
    onMutate: async () => {
      // Runs before the logout request is sent: stop new reads, then abort the ones in flight.
      setSigningOut(true);
      await queryClient.cancelQueries();
    },
    onSuccess: () => {
      navigate('/');
      queryClient.clear();
      // The server has ended the session: say so instead of asking again.
      utils.auth.session.setData(undefined, { user: null });
    },
    onError: (error) => {
      setSigningOut(false);
      toast.failed(t('common.appNav.signOutFailed'), error);
    },
  });
  return { signOut: () => logout.mutate(), isPending: logout.isPending };
}
