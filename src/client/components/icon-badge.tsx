import { Flex, type FlexProps, Icon, type IconProps } from '@chakra-ui/react';
import type { LucideIcon } from 'lucide-react';

interface IconBadgeProps extends Omit<FlexProps, 'children'> {
  icon: LucideIcon;
  iconSize: IconProps['boxSize'];
  /** 'solid': white on the brand colour; a palette's name ('brand', 'gold'): its tint and text colour. */
  tone?: string;
}

/** An icon centred on a tinted square or circle that keeps its size in a row (feature lists, quick links). */
export function IconBadge({ icon: BadgeIcon, iconSize, tone = 'solid', ...rest }: IconBadgeProps) {
  const colors =
    tone === 'solid' ? { bg: 'brand.solid', color: 'white' } : { bg: `${tone}.subtle`, color: `${tone}.fg` };
  return (
    <Flex align="center" justify="center" flexShrink="0" {...colors} {...rest}>
      <Icon boxSize={iconSize}>
        <BadgeIcon />
      </Icon>
    </Flex>
  );
}
