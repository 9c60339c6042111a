/**
 * Starting a page's code before it is opened: the router registers how (router.tsx, from its route
 * table), and the navigation asks for a page as the pointer comes onto its link, a finger touches
 * it or the focus reaches it, so that its code is usually there by the press and the move shows the
 * page (or its skeleton) at once. Kept apart from the router so that the navigation, which the
 * router loads lazily, does not import it back.
 */
let preloader: ((path: string) => void) | null = null;

export function setPagePreloader(preload: (path: string) => void): void {
  preloader = preload;
}

/** Props that start loading the page at `to` on intent (pointer, touch, focus). */
export function preloadPageOn(to: string) {
  const start = () => preloader?.(to.split('?')[0] ?? to);
  return { onPointerEnter: start, onTouchStart: start, onFocus: start };
}
