import { useEffect } from 'react';

/**
 * Loads a phone menu's chunk once the page has been idle a moment, when the screen is narrower than
 * `wideQuery` (where the menu button shows), so that the menu opens at once when pressed.
 */
export function useMenuPreload(load: () => Promise<unknown>, wideQuery: string): void {
  useEffect(() => {
    if (window.matchMedia(wideQuery).matches) return;
    const id = window.setTimeout(() => void load(), 1500);
    return () => window.clearTimeout(id);
  }, [load, wideQuery]);
}
