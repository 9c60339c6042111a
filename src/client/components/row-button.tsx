import { chakra, type HTMLChakraProps } from '@chakra-ui/react';

interface RowButtonProps extends HTMLChakraProps<'button'> {
  /** Where the focus ring sits: '-2px' draws it inside, for cells that touch their neighbours. */
  ringOffset?: string;
}

/** A whole row or cell that is one button: no look of a button of its own, and the app's focus ring. */
export function RowButton({ ringOffset, ...rest }: RowButtonProps) {
  return (
    <chakra.button
      type="button"
      w="full"
      textAlign="start"
      cursor="pointer"
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: ringOffset }}
      {...rest}
    />
  );
}
