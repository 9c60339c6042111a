/**
 * The site's origin as a page reads it: in the browser, the window's; while the server draws a page
 * (prerender.tsx), the origin the page is drawn for (APP_URL), as links a page shows in full (an
 * event's share link) must be drawn there too. Module state, like the page's clock (page-clock.ts):
 * the server draws one page at a time.
 */
let drawnFor: string | null = null;

/** Sets the origin the page being drawn is for (null once it is drawn). */
export function setPageOrigin(origin: string | null): void {
  drawnFor = origin;
}

/** The origin links are made with. */
export function pageOrigin(): string {
  return drawnFor ?? window.location.origin;
}
