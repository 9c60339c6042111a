import { type ChangeEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { TIMINGS } from '../../shared/constants';

/**
 * The state of a text box with a list of choices under it (a combobox): its text, whether the list
 * is open and which choice is active (-1: the text itself). Typing opens the list; leaving the box
 * closes it a moment later, so a click on a choice still lands.
 */
export function useComboboxInput(initialText: string) {
  const [text, setText] = useState(initialText);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const blurTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(blurTimer.current), []);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  /**
   * Up and down arrows move the active choice through `count` choices, wrapping round through the
   * text itself (-1), and open the list. True when the key was an arrow (nothing else to do then).
   */
  const moveActive = (event: KeyboardEvent, count: number) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return false;
    if (count === 0) return true;
    event.preventDefault();
    setOpen(true);
    const step = event.key === 'ArrowDown' ? 1 : -1;
    const positions = count + 1;
    setActive((i) => ((i + 1 + step + positions) % positions) - 1);
    return true;
  };
  /** What the text box needs: its value and the handlers that open and close the list. */
  const inputProps = {
    value: text,
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
  };
  return { text, setText, open, setOpen, active, setActive, close, moveActive, inputProps };
}
