import { isValidElement, type ReactNode } from 'react';
import { createBrowserRouter, matchRoutes } from 'react-router-dom';
import { setPagePreloader } from './lib/page-preload';
import { routes } from './routes';

/**
 * The code of every lazily loaded screen a location needs (its layout and its page), started at
 * once: rendered in turn, the page's code would only be asked for once the layout's had arrived,
 * one round trip after the other.
 */
function preloadScreens(elements: ReactNode[]): Promise<unknown>[] {
  const loading: Promise<unknown>[] = [];
  for (const element of elements) {
    if (!isValidElement(element)) continue;
    const type = element.type as { preload?: () => Promise<unknown> };
    if (typeof type.preload === 'function') loading.push(type.preload().catch(() => undefined));
  }
  return loading;
}

export const router = createBrowserRouter(routes);
const firstScreens = preloadScreens(router.state.matches.map((match) => match.route.element));

/**
 * Resolves once the first location's screens (code and words) are loaded, or failed to: a drawn
 * page is taken over after that (main.tsx), so that no part of it waits for its code in the middle
 * of hydration, where an update from above (the words arriving) would make React throw the drawn
 * part away and draw it again.
 */
export function firstScreensLoaded(): Promise<void> {
  return Promise.all(firstScreens).then(() => undefined);
}
router.subscribe((state) => preloadScreens(state.matches.map((match) => match.route.element)));
setPagePreloader((path) => {
  preloadScreens((matchRoutes(routes, path) ?? []).map((match) => match.route.element));
});
