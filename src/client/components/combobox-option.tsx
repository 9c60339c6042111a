import { Box, type BoxProps } from '@chakra-ui/react';

interface ComboboxOptionProps extends BoxProps {
  id: string;
  /** The active option, the one Enter takes. */
  selected: boolean;
  /** Shown but not to be taken (dimmed). */
  disabled?: boolean;
  onChoose: () => void;
}

/** One option of a ComboboxList; a click takes it without taking the focus from the text box. */
export function ComboboxOption({ selected, disabled = false, onChoose, ...rest }: ComboboxOptionProps) {
  return (
    <Box
      as="li"
      role="option"
      aria-selected={selected}
      aria-disabled={disabled || undefined}
      px="4"
      py="2"
      cursor={disabled ? 'not-allowed' : 'pointer'}
      opacity={disabled ? 0.6 : undefined}
      bg={selected ? 'brand.subtle' : undefined}
      _hover={disabled ? undefined : { bg: 'bg.muted' }}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onChoose}
      {...rest}
    />
  );
}
