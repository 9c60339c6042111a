import { Box, type BoxProps } from '@chakra-ui/react';

interface ListboxPopupProps extends Omit<BoxProps, 'gap'> {
  id: string;
  /** What the choices are, for a screen reader. */
  label: string;
  /** The room between the text box and the list. */
  gap: string;
}

/** The list of choices under a combobox's text box, laid over the page below it. */
export function ListboxPopup({ label, gap, ...rest }: ListboxPopupProps) {
  return (
    <Box
      as="ul"
      role="listbox"
      aria-label={label}
      position="absolute"
      top={`calc(100% + ${gap})`}
      left="0"
      right="0"
      zIndex="dropdown"
      bg="bg"
      borderWidth="1px"
      borderColor="border"
      rounded="xl"
      shadow="lg"
      py="2"
      maxH="80"
      overflowY="auto"
      {...rest}
    />
  );
}

interface ListboxOptionProps extends BoxProps {
  id: string;
  /** The active choice, the one Enter takes. */
  selected: boolean;
  /** Shown but not to be taken (dimmed). */
  disabled?: boolean;
  onChoose: () => void;
}

/** One choice of a ListboxPopup; a click takes it without taking the focus from the text box. */
export function ListboxOption({ selected, disabled = false, onChoose, ...rest }: ListboxOptionProps) {
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
