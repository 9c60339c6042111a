import { Box } from '@chakra-ui/react';
import type { MouseEvent } from 'react';
import { useT } from '../i18n/use-t';

/** The id of each layout's <main>, the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * The first tab stop of every page: out of sight until it has the focus, then shown at the top left;
 * it moves the focus to the page's main content, past the navigation (WCAG 2.4.1).
 */
export function SkipLink() {
  const t = useT();
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    // Focus it directly rather than through the URL fragment, which the router would treat as a
    // navigation and which would stay in the address bar.
    event.preventDefault();
    main.focus();
  };
  return (
    <Box
      asChild
      position="fixed"
      insetStart="4"
      top="4"
      zIndex="skipNav"
      bg="brand.solid"
      color="brand.contrast"
      fontWeight="semibold"
      rounded="md"
      shadow="lg"
      whiteSpace="nowrap"
      // Clipped to nothing rather than moved off screen: a moved link still showed where a dialog's
      // scroll lock or a full-page picture changed what "off screen" meant.
      overflow="hidden"
      clipPath="inset(50%)"
      w="1px"
      h="1px"
      p="0"
      _focusVisible={{
        clipPath: 'none',
        w: 'auto',
        h: 'auto',
        px: '4',
        py: '2',
        overflow: 'visible',
        outline: '3px solid',
        outlineColor: 'gold.300',
        outlineOffset: '2px',
      }}
    >
      <a href={`#${MAIN_CONTENT_ID}`} onClick={skip}>
        {t('common.skipToContent')}
      </a>
    </Box>
  );
}
