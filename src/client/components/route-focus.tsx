import { VisuallyHidden } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** Whether the focus was left where a page change should not keep it. */
function focusLeftBehind(active: Element | null): boolean {
  if (!active || active === document.body) return true;
  // The navigation that was used: it stays on screen, and Tab would go on from there.
  return active.closest('nav, header, aside') !== null;
}

/**
 * After a change of page, the focus starts again from the top, as after a full page load: the next
 * Tab reaches the skip link, and a screen reader reads the new page's title. Focus that the new page
 * placed itself (a dialog it opens, a field it focuses) is left alone.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const target = useRef<HTMLSpanElement>(null);
  const previous = useRef(pathname);

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const el = target.current;
    if (!el || !focusLeftBehind(document.activeElement)) return;
    // The page sets its title in its own effect, which has run by now.
    el.textContent = document.title;
    el.focus({ preventScroll: true });
  }, [pathname]);

  return <VisuallyHidden asChild>{<span ref={target} tabIndex={-1} />}</VisuallyHidden>;
}
