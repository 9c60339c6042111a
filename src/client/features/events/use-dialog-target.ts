import { useState } from 'react';

/**
 * What a dialog is about, kept after it closes so that the closing animation still shows the
 * same title and text instead of flashing to an empty one.
 */
export function useDialogTarget<T>() {
  const [state, setState] = useState<{ open: boolean; target: T | null }>({ open: false, target: null });
  return {
    open: state.open,
    target: state.target,
    show: (target: T) => setState({ open: true, target }),
    close: () => setState((s) => ({ ...s, open: false })),
  };
}
