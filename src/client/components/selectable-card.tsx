import { Box } from '@chakra-ui/react';
import { type LinkProps, Link as RouterLink } from 'react-router-dom';

type SelectableCardProps = LinkProps & {
  /** Whether this is the item the detail beside the list shows. */
  selected: boolean;
  p: string;
  /** Lifts the selected card with a shadow, as well as colouring it. */
  raiseSelected?: boolean;
};

/** One item of a list beside its detail: a card that links to the item, marked while it is the one shown. */
export function SelectableCard({ selected, p, raiseSelected = false, ...link }: SelectableCardProps) {
  return (
    <Box
      asChild
      display="block"
      p={p}
      rounded="xl"
      borderWidth="1px"
      borderColor={selected ? 'brand.solid' : 'border.muted'}
      bg={selected ? 'brand.subtle' : 'bg'}
      shadow={raiseSelected && selected ? 'sm' : undefined}
      transition="border-color 0.15s, box-shadow 0.15s"
      _hover={{ borderColor: 'brand.emphasized', shadow: 'sm' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
    >
      <RouterLink aria-current={selected ? 'true' : undefined} {...link} />
    </Box>
  );
}
