import { ChakraProvider } from '@chakra-ui/react';
import { CacheProvider } from '@emotion/react';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import type { Language } from '../shared/i18n';
import type { Viewport } from '../shared/viewport';
import { SignedInHint } from './components/session-frame';
import type { Catalogues } from './i18n/catalogue';
import { LanguageProvider } from './i18n/language';
import { createQueryClient } from './lib/query-client';
import { createStyleCache } from './lib/style-cache';
import { DrawnTodayProvider } from './lib/today';
import { createTrpcClient, trpc } from './lib/trpc';
import { ViewportProvider } from './lib/viewport';
import { appSystem } from './theme';

/**
 * The toast region's code (Chakra's toast machine, about 8 KB gzip) stays out of the first chunk:
 * it loads once the page is idle. Toasts raised before that wait in the toaster's store and show
 * when it mounts.
 */
const Toaster = lazy(async () => ({ default: (await import('./components/toaster')).Toaster }));

function DeferredToaster() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setReady(true), { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(() => setReady(true), 200);
    return () => window.clearTimeout(id);
  }, []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

/** Theme, language, tRPC and React Query, and the one toast region. */
export function Providers({
  children,
  queryClient: given,
  trpcClient: givenTrpc,
  language,
  catalogues,
  viewport = 'narrow',
  today = null,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  /** The browser's client, when the page has started its first queries with it (main.tsx). */
  trpcClient?: ReturnType<typeof createTrpcClient>;
  language: Language;
  /** The messages (catalogue.ts): the page's language's first ones are loaded before the first render. */
  catalogues: Catalogues;
  /** The window's width a drawn page was drawn for (decision 047); read only while it hydrates. */
  viewport?: Viewport;
  /** The day a drawn page was drawn for (decision 047); read only while it hydrates. */
  today?: string | null;
}) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  const [trpcClient] = useState(() => givenTrpc ?? createTrpcClient());
  const [styleCache] = useState(createStyleCache);
  return (
    <CacheProvider value={styleCache}>
      <ChakraProvider value={appSystem()}>
        <LanguageProvider initial={language} catalogues={catalogues}>
          <trpc.Provider client={trpcClient} queryClient={queryClient}>
            <QueryClientProvider client={queryClient}>
              <ViewportProvider viewport={viewport}>
                <DrawnTodayProvider today={today}>{children}</DrawnTodayProvider>
              </ViewportProvider>
              <DeferredToaster />
              <SignedInHint />
            </QueryClientProvider>
          </trpc.Provider>
        </LanguageProvider>
      </ChakraProvider>
    </CacheProvider>
  );
}
