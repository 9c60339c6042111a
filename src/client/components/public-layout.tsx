import { Box, Flex } from '@chakra-ui/react';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageHydrated } from '../lib/hydration-gate';
import { PageSpinner } from './full-screen-spinner';
import { PublicHeader } from './public-header';
import { SiteFooter } from './site-footer';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

/**
 * Public pages: header, the page, footer. The footer waits with the page: shown below a spinner it
 * would be pushed down the screen when the page's code arrives (a layout shift of the whole footer).
 */
export function PublicLayout() {
  return (
    <Flex direction="column" minH="100dvh" bg="bg">
      <SkipLink />
      <PublicHeader />
      <Suspense
        fallback={
          <Box as="main" id={MAIN_CONTENT_ID} flex="1" tabIndex={-1} _focus={{ outline: 'none' }}>
            <PageSpinner />
          </Box>
        }
      >
        <Box as="main" id={MAIN_CONTENT_ID} flex="1" tabIndex={-1} _focus={{ outline: 'none' }}>
          <Outlet />
        </Box>
        <SiteFooter />
        <PageHydrated />
      </Suspense>
    </Flex>
  );
}
