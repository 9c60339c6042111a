import { Heading, type HeadingProps, Icon } from '@chakra-ui/react';
import type { LucideIcon } from 'lucide-react';
import type { Ref } from 'react';

interface CardHeadingProps extends HeadingProps {
  /** The icon before the words; none where the title stands alone. */
  icon?: LucideIcon;
  iconColor?: string;
  /** For a heading that takes the focus when it appears (a sent-link note). */
  ref?: Ref<HTMLHeadingElement>;
}

/**
 * The title of a card (the profile and calendar cards, the admin overview's cards, a sent-link
 * note): an icon, then the words. `id` is what the card's section names itself by
 * (`aria-labelledby`); `gap` the space between the icon, the words and whatever follows them.
 */
export function CardHeading({
  icon: CardIcon,
  iconColor = 'brand.fg',
  gap = '2',
  children,
  ...rest
}: CardHeadingProps) {
  return (
    <Heading as="h2" fontSize="lg" color="brand.950" display="flex" alignItems="center" gap={gap} {...rest}>
      {CardIcon ? (
        <Icon boxSize="5" color={iconColor}>
          <CardIcon />
        </Icon>
      ) : null}
      {children}
    </Heading>
  );
}
