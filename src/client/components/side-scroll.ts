import type { SystemStyleObject } from '@chakra-ui/react';

/**
 * A row wider than the screen that scrolls sideways and, on a phone, runs out to the screen's edges
 * past the page's padding (a strip of cards, a row of tabs).
 */
export const sideScroll = {
  overflowX: 'auto',
  mx: { base: '-4', md: '0' },
  px: { base: '4', md: '0' },
  // A row that snaps its items snaps the first one to the padding's edge, not the screen's.
  scrollPaddingInline: { base: '4', md: '0' },
} satisfies SystemStyleObject;
