import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { SignedInHint } from './components/session-frame';
import { Toaster } from './components/toaster';
import { createQueryClient } from './lib/query-client';
import { createTrpcClient, trpc } from './lib/trpc';
import { system } from './theme';

/** Theme, tRPC and React Query, and the one toast region. */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  return (
    <ChakraProvider value={system}>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          {children}
          <Toaster />
          <SignedInHint />
        </QueryClientProvider>
      </trpc.Provider>
    </ChakraProvider>
  );
}
