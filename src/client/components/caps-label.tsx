import { Text, type TextProps } from '@chakra-ui/react';

/** A small label in capitals: a column's name, or what a block below it is. */
export function CapsLabel(props: TextProps) {
  return (
    <Text fontSize="xs" fontWeight="semibold" textTransform="uppercase" letterSpacing="wide" {...props} />
  );
}
