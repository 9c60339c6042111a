import { HStack, Icon, type IconProps, type StackProps, Text } from '@chakra-ui/react';
import type { LucideIcon } from 'lucide-react';

interface IconEyebrowProps extends StackProps {
  icon: LucideIcon;
  iconSize?: IconProps['boxSize'];
}

/** A small label in capitals after an icon, above what it introduces (a family circle's name). */
export function IconEyebrow({
  icon: EyebrowIcon,
  iconSize = '4',
  fontSize = 'xs',
  children,
  ...rest
}: IconEyebrowProps) {
  return (
    <HStack gap="2" color="gold.fg" {...rest}>
      <Icon boxSize={iconSize}>
        <EyebrowIcon />
      </Icon>
      <Text fontSize={fontSize} textStyle="eyebrow">
        {children}
      </Text>
    </HStack>
  );
}
