import { httpBatchLink, httpSubscriptionLink, splitLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import superjson from 'superjson';
import type { AppRouter } from '../../server/doors/trpc/app-router';

/**
 * Typed hooks for every procedure of the server; features wrap them in their own hooks. Queries
 * carry React Query's abort signal, so a read nobody waits for any more (its screen closed, or
 * cancelled as a sign-out starts) is aborted instead of being answered into an ended session.
 */
export const trpc = createTRPCReact<AppRouter>({ abortOnUnmount: true });

export function createTrpcClient() {
  return trpc.createClient({
    links: [
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
