import { Box, type BoxProps } from '@chakra-ui/react';

interface SectionCardProps extends BoxProps {
  /** The id of the heading that names the section. */
  labelledBy: string;
}

/** A section of a page drawn as a card on the panel surface (the calendar's cards, an invitation's form). */
export function SectionCard({ labelledBy, ...rest }: SectionCardProps) {
  return (
    <Box
      as="section"
      aria-labelledby={labelledBy}
      layerStyle="softPanel"
      data-card=""
      rounded="2xl"
      p={{ base: '5', md: '6' }}
      {...rest}
    />
  );
}
