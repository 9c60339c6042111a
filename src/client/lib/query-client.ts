import { QueryClient } from '@tanstack/react-query';

/**
 * Data freshness of spec section 9: nothing goes stale on its own, nothing retries and nothing
 * refetches on focus; mutations refresh exactly the queries they change. Queries that need a
 * shorter life (the current user, unread counts, conversations) say so where they are used.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
      mutations: { retry: false },
    },
  });
}
