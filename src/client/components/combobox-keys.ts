import type { Dispatch, KeyboardEvent, SetStateAction } from 'react';

interface ArrowTarget {
  setOpen: (open: boolean) => void;
  setActive: Dispatch<SetStateAction<number>>;
}

/**
 * Up and down arrows move a combobox's active option through its `count` options, wrapping round
 * through the text itself (-1), and open its list. True when the key was an arrow: nothing else to do.
 */
export function moveWithArrows(event: KeyboardEvent, count: number, { setOpen, setActive }: ArrowTarget) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return false;
  if (count === 0) return true;
  event.preventDefault();
  setOpen(true);
  const step = event.key === 'ArrowDown' ? 1 : -1;
  const positions = count + 1;
  setActive((i) => ((i + 1 + step + positions) % positions) - 1);
  return true;
}
