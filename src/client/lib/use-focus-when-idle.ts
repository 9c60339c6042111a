import { useCallback, useEffect, useState } from 'react';

/**
 * Focuses a field once a form stops being busy. A refused save comes back while its fields are
 * still disabled, and a disabled field cannot take the focus, so the focus waits for the render
 * that enables them again.
 */
export function useFocusWhenIdle<Name extends string>(
  busy: boolean,
  focus: (name: Name) => void,
): (name: Name) => void {
  const [target, setTarget] = useState<{ name: Name } | null>(null);
  useEffect(() => {
    if (target && !busy) {
      focus(target.name);
      setTarget(null);
    }
  }, [target, busy, focus]);
  return useCallback((name: Name) => setTarget({ name }), []);
}
