import { isValidElement, type ReactNode } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { routes } from './routes';

/**
 * The code of every lazily loaded screen a location needs (its layout and its page), started at
 * once: rendered in turn, the page's code would only be asked for once the layout's had arrived,
 * one round trip after the other.
 */
function preloadScreens(elements: ReactNode[]) {
  for (const element of elements) {
    if (!isValidElement(element)) continue;
    const type = element.type as { preload?: () => Promise<unknown> };
    if (typeof type.preload === 'function') type.preload().catch(() => undefined);
  }
}

export const router = createBrowserRouter(routes);
preloadScreens(router.state.matches.map((match) => match.route.element));
router.subscribe((state) => preloadScreens(state.matches.map((match) => match.route.element)));
