import { Heading, type IconProps } from '@chakra-ui/react';
import type { ComponentType, ReactNode } from 'react';

interface CardHeadingProps {
  /** The id the card's section names itself by (`aria-labelledby`). */
  id: string;
  icon: ComponentType<IconProps>;
  iconColor?: string;
  children: ReactNode;
}

/** The title of a card on the profile and calendar pages: an icon, then the words. */
export function CardHeading({ id, icon: CardIcon, iconColor = 'brand.fg', children }: CardHeadingProps) {
  return (
    <Heading id={id} as="h2" fontSize="lg" color="brand.950" display="flex" alignItems="center" gap="2">
      <CardIcon boxSize="5" color={iconColor} />
      {children}
    </Heading>
  );
}
