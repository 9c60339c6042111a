import { Box, type BoxProps } from '@chakra-ui/react';
import { type ChangeEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { TIMINGS } from '../../shared/constants';

/**
 * The state of a search box with a list of choices under it (a combobox in the ARIA sense): the
 * text, whether the list is open, the option the arrows are on (-1: the text itself), and the
 * input's props. Leaving the box closes the list after a moment, so that a click on an option lands.
 */
export function useCombobox(initialText = '') {
  const [text, setText] = useState(initialText);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const blurTimer = useRef<number | undefined>(undefined);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  useEffect(() => () => window.clearTimeout(blurTimer.current), []);

  // A box the server drew (the marketplace for a visitor) can be typed into before React takes the
  // page over: that typing reaches no handler, so the box shows text the state has never heard of,
  // and the first re-render would wipe it and Enter would search for the text taken over with.
  // What the box holds when React takes it over is what the person typed.
  const takenOverWith = useRef(initialText);
  useLayoutEffect(() => {
    const typed = input.current?.value;
    if (typed !== undefined && typed !== takenOverWith.current) setText(typed);
  }, []);

  const optionId = (i: number) => `${listId}-option-${i}`;
  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  /** The input's part: its value and roles, typing that reopens the list, focus and blur. */
  const inputProps = (expanded: boolean) => ({
    ref: input,
    value: text,
    role: 'combobox',
    'aria-autocomplete': 'list' as const,
    'aria-expanded': expanded,
    'aria-controls': listId,
    'aria-activedescendant': expanded && active >= 0 ? optionId(active) : undefined,
    autoComplete: 'off',
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setText(event.target.value);
      setOpen(true);
      setActive(-1);
    },
    onFocus: () => {
      window.clearTimeout(blurTimer.current);
      setOpen(true);
    },
    onBlur: () => {
      blurTimer.current = window.setTimeout(() => setOpen(false), TIMINGS.suggestionsBlurCloseMs);
    },
  });
  return { text, setText, open, setOpen, active, setActive, close, listId, optionId, inputProps };
}

/** The floating list of a combobox's options, under its box. */
export function ComboboxList(props: BoxProps) {
  return (
    <Box
      as="ul"
      role="listbox"
      position="absolute"
      left="0"
      right="0"
      zIndex="dropdown"
      layerStyle="panel"
      rounded="xl"
      shadow="lg"
      py="2"
      maxH="80"
      overflowY="auto"
      {...props}
    />
  );
}
