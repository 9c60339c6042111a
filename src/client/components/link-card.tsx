import { LinkBox, type LinkBoxProps, LinkOverlay } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

/** The focus ring a whole card shows while its one link has focus. */
const CARD_FOCUS_RING = { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' };

/** How a card answers the pointer: its shadow deepens, or (`lift`) it also rises a little. */
const HOVER = {
  still: {
    transition: 'box-shadow 0.2s, border-color 0.2s',
    _hover: { shadow: 'md', borderColor: 'brand.emphasized' },
  },
  lift: {
    transition: 'transform 0.2s, box-shadow 0.2s, border-color 0.2s',
    _hover: { transform: 'translateY(-3px)', shadow: 'lg', borderColor: 'brand.emphasized' },
  },
};

/** A bordered card that is one link (its title's), answering the pointer and showing its focus. */
export function LinkCard({ lift = false, ...props }: LinkBoxProps & { lift?: boolean }) {
  return (
    <LinkBox
      layerStyle="softPanel"
      rounded="xl"
      data-card=""
      p={{ base: '4', md: '5' }}
      _focusWithin={CARD_FOCUS_RING}
      {...HOVER[lift ? 'lift' : 'still']}
      {...props}
    />
  );
}

/** The link that covers its whole card; the card, not the link, shows the focus ring. */
export function CardLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <LinkOverlay asChild _focusVisible={{ outline: 'none' }}>
      <RouterLink to={to}>{children}</RouterLink>
    </LinkOverlay>
  );
}
