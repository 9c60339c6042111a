import { Flex, type FlexProps, Icon, type IconProps } from '@chakra-ui/react';
import type { LucideIcon } from 'lucide-react';

interface IconLineProps extends FlexProps {
  icon: LucideIcon;
  iconSize?: IconProps['boxSize'];
}

/** A detail led by the icon that says what it is (an event's date, its venue). */
export function IconLine({ icon: LineIcon, iconSize = '4', children, ...rest }: IconLineProps) {
  return (
    <Flex gap="2" align="flex-start" {...rest}>
      <Icon boxSize={iconSize} color="brand.fg" mt="0.5" flexShrink="0">
        <LineIcon />
      </Icon>
      {children}
    </Flex>
  );
}
