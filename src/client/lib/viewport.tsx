import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import {
  BREAKPOINT_PX,
  type Breakpoint,
  isViewport,
  TIME_ZONE_COOKIE,
  VIEWPORT_COOKIE,
  VIEWPORT_COOKIE_MAX_AGE,
  type Viewport,
  viewportOf,
  viewportReaches,
} from '../../shared/viewport';

/**
 * The window's width as the server guessed it when it drew the page (decision 047): the layout a
 * drawn page is hydrated in. Without a drawing it is never read (see useWiderThan).
 */
const ViewportContext = createContext<Viewport>('narrow');

export function ViewportProvider({ viewport, children }: { viewport: Viewport; children: ReactNode }) {
  return <ViewportContext.Provider value={viewport}>{children}</ViewportContext.Provider>;
}

const queryOf = (breakpoint: Breakpoint) => `(min-width: ${BREAKPOINT_PX[breakpoint] / 16}rem)`;

const subscribers = new Map<Breakpoint, (listener: () => void) => () => void>();
function subscribeTo(breakpoint: Breakpoint) {
  let subscribe = subscribers.get(breakpoint);
  if (!subscribe) {
    subscribe = (listener) => {
      const query = window.matchMedia(queryOf(breakpoint));
      query.addEventListener('change', listener);
      return () => query.removeEventListener('change', listener);
    };
    subscribers.set(breakpoint, subscribe);
  }
  return subscribe;
}

/**
 * Whether the window is at least as wide as `breakpoint`, for layouts that differ in more than CSS
 * (one navigation or the other, a list beside its detail or above it). The server draws, and the
 * browser hydrates, with the guessed width (React uses the server's answer while it hydrates); a
 * page the browser draws itself reads the window at once; either follows the window after that.
 */
export function useWiderThan(breakpoint: Breakpoint): boolean {
  const guess = useContext(ViewportContext);
  return useSyncExternalStore(
    subscribeTo(breakpoint),
    () => window.matchMedia(queryOf(breakpoint)).matches,
    () => viewportReaches(guess, breakpoint),
  );
}

/** The guess a drawn page was drawn with (on its root element), or null for a page not drawn. */
export function drawnViewport(root: HTMLElement): Viewport | null {
  const value = root.dataset.viewport;
  return isViewport(value) ? value : null;
}

/** Writes a plain preference cookie the server draws pages by, unless it holds that value already. */
function keepCookie(name: string, value: string): void {
  const pair = `${name}=${encodeURIComponent(value)}`;
  if (document.cookie.split('; ').includes(pair)) return;
  // biome-ignore lint/suspicious/noDocumentCookie: plain, non-HttpOnly preferences, as the language's.
  document.cookie = `${pair}; path=/; max-age=${VIEWPORT_COOKIE_MAX_AGE}; samesite=lax`;
}

let remembering = false;

/**
 * Keeps the window's step in its cookie, now and whenever the window crosses a breakpoint, and the
 * browser's time zone in its own (shared/viewport.ts): the server draws signed-in pages by them, so
 * the signed-in shell calls this (once a page's life is enough). Not on a public page: reading the
 * zone makes the page's first date format, which costs a phone 100-250 ms at 4x CPU (the time zone
 * data loading) on a page that may format no date at all; a signed-in page formats dates anyway.
 * Media queries cost a first `matchMedia` (styling the page) too.
 */
export function rememberViewport(): void {
  if (remembering) return;
  remembering = true;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone) keepCookie(TIME_ZONE_COOKIE, zone);
  const write = () => keepCookie(VIEWPORT_COOKIE, viewportOf(window.innerWidth));
  write();
  for (const breakpoint of Object.keys(BREAKPOINT_PX) as Breakpoint[]) {
    window.matchMedia(queryOf(breakpoint)).addEventListener('change', write);
  }
}
