import { Heading, Icon } from '@chakra-ui/react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

interface CardHeadingProps {
  /** The id the card's section names itself by (`aria-labelledby`). */
  id: string;
  /** The icon before the words; none where the title stands alone. */
  icon?: LucideIcon;
  iconColor?: string;
  /** The space between the icon, the words and whatever follows them (a badge). */
  gap?: string;
  children: ReactNode;
}

/** The title of a card on the profile and calendar pages: an icon, then the words. */
export function CardHeading({
  id,
  icon: CardIcon,
  iconColor = 'brand.fg',
  gap = '2',
  children,
}: CardHeadingProps) {
  return (
    <Heading id={id} as="h2" fontSize="lg" color="brand.950" display="flex" alignItems="center" gap={gap}>
      {CardIcon ? (
        <Icon boxSize="5" color={iconColor}>
          <CardIcon />
        </Icon>
      ) : null}
      {children}
    </Heading>
  );
}
