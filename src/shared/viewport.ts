/**
 * How wide the browser's window is, in three steps (the app's layout changes at Chakra's md and lg
 * breakpoints, 48rem and 64rem): the browser keeps its own in a cookie, so that the server draws a
 * signed-in page in the layout it will have (decision 047). Coarse on purpose: it tells the server
 * which layout to draw and nothing more about the device.
 */
export const VIEWPORTS = ['narrow', 'medium', 'wide'] as const;
export type Viewport = (typeof VIEWPORTS)[number];

export const VIEWPORT_COOKIE = 'viewport';

/** A year, like the language's cookie: it is re-written whenever the window crosses a step. */
export const VIEWPORT_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export function isViewport(value: unknown): value is Viewport {
  return typeof value === 'string' && (VIEWPORTS as readonly string[]).includes(value);
}

/** The breakpoints a page's layout changes at, in CSS pixels (16 px to the rem). */
export const BREAKPOINT_PX = { md: 768, lg: 1024 } as const;
export type Breakpoint = keyof typeof BREAKPOINT_PX;

/** Whether a window of that step is at least as wide as `breakpoint`. */
export function viewportReaches(viewport: Viewport, breakpoint: Breakpoint): boolean {
  const width = viewport === 'narrow' ? 0 : viewport === 'medium' ? BREAKPOINT_PX.md : BREAKPOINT_PX.lg;
  return width >= BREAKPOINT_PX[breakpoint];
}

/** The step of a window `width` CSS pixels wide. */
export function viewportOf(width: number): Viewport {
  if (width >= BREAKPOINT_PX.lg) return 'wide';
  if (width >= BREAKPOINT_PX.md) return 'medium';
  return 'narrow';
}

/**
 * The server's guess when the browser has not said yet (its first visit): a phone's user agent
 * says "Mobi" (or names Android or an iPhone); anything else is taken for a wide window.
 */
export function viewportFromUserAgent(userAgent: string | undefined): Viewport {
  return /Mobi|Android|iPhone|iPod/i.test(userAgent ?? '') ? 'narrow' : 'wide';
}

/**
 * The browser's time zone (IANA), which it keeps in this cookie beside its width: the server draws
 * a signed-in page's "today" (the calendar's month, its highlighted day) as the browser will see it.
 */
export const TIME_ZONE_COOKIE = 'tz';

/** The civil date (YYYY-MM-DD) at `now` in `timeZone`, or null when the zone is not one. */
export function civilDateIn(timeZone: string, now: Date): string | null {
  try {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now);
  } catch {
    return null;
  }
}

/**
 * What a signed-in page is drawn for (decisions 047, 048), and the browser takes it over with: the
 * window's width, the browser's day (as its cookie says, else the server's), the zone of its times,
 * and the instant of the drawing, which the page's relative times are counted from.
 */
export interface DrawnFor {
  viewport: Viewport;
  /** YYYY-MM-DD in `zone` at `now`. */
  today: string;
  /**
   * The zone the page's times are drawn in (an IANA name): the server's own, named only when the
   * page is drawn with its data (decision 048).
   */
  zone?: string;
  /** Milliseconds since the epoch. */
  now: number;
}
