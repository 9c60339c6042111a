import { httpBatchLink, httpSubscriptionLink, splitLink, type TRPCLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import { observable } from '@trpc/server/observable';
import superjson from 'superjson';
import type { AppRouter } from '../../server/doors/trpc/app-router';
import { earlyAnswersLink } from './early-answers';
import { isSigningOut, onSigningOut } from './signing-out';

/**
 * Typed hooks for every procedure of the server; features wrap them in their own hooks. Queries
 * carry React Query's abort signal, so a read nobody waits for any more (its screen closed, or
 * cancelled as a sign-out starts) is aborted instead of being answered into an ended session.
 */
export const trpc = createTRPCReact<AppRouter>({ abortOnUnmount: true });

/**
 * Reads asked for while a sign-out is on its way (a screen that mounts in that moment, a refetch) wait
 * instead of reaching the server after the session ended, where they would be refused with 401. They
 * go once signing out ends without one (it failed); after a sign-out the cache is cleared and they
 * are dropped with their screens.
 */
const holdReadsWhileSigningOut: TRPCLink<AppRouter> =
  () =>
  ({ op, next }) =>
    observable((observer) => {
      let forwarded: { unsubscribe: () => void } | null = null;
      const forward = () => {
        forwarded = next(op).subscribe(observer);
      };
      if (op.type !== 'query' || !isSigningOut()) {
        forward();
        return () => forwarded?.unsubscribe();
      }
      const stop = onSigningOut(() => {
        if (isSigningOut() || forwarded) return;
        stop();
        forward();
      });
      return () => {
        stop();
        forwarded?.unsubscribe();
      };
    });

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      holdReadsWhileSigningOut,
      earlyAnswersLink,
      splitLink({
        condition: (op) => op.type === 'subscription',
        // Live events (messages.events) over server-sent events; the link resumes a dropped stream
        // with the last event id it received.
        true: httpSubscriptionLink({
          url: '/trpc',
          transformer: superjson,
          // Same origin, so the session cookie goes along; said outright for EventSource.
          eventSourceOptions: { withCredentials: true },
        }),
        false: httpBatchLink({
          url: '/trpc',
          transformer: superjson,
          // The session lives in an httpOnly cookie; every call must carry it.
          fetch: (url, options) => fetch(url, { ...options, credentials: 'include' }),
        }),
      }),
    ],
  });
}
