/**
 * The catalogues' namespaces: each is one file a language (messages/<language>/<namespace>.json) and
 * its own chunk in the browser's build, so that a page loads the words it shows and not the whole
 * product's (issue 32's 25 KB a language; bench/budgets.json holds each page to it).
 */
export const NAMESPACES = [
  'common',
  'errors',
  'terms',
  'admin',
  'auth',
  'bell',
  'bookings',
  'calendar',
  'claims',
  'dashboard',
  'events',
  'family',
  'guests',
  'info',
  'landing',
  'marketplace',
  'messages',
  'notFound',
  'observance',
  'profile',
  'reviews',
  'said',
  'share',
  'vendorDashboard',
  'vendorForm',
] as const;

export type Namespace = (typeof NAMESPACES)[number];

/**
 * What the first chunk's own screens say (the root layout, the guards, the 404 page, the toasts),
 * loaded before the first render on every page.
 */
export const CORE_NAMESPACES = ['common', 'notFound'] as const satisfies readonly Namespace[];

/**
 * Loaded after the first paint on a page that is not in English: the server's and the shared
 * schemas' sentences by code (server-message.ts), and the bell's items by code
 * (components/notification-text.ts). An English page shows them as they came. No screen shows them.
 */
export const LATE_NAMESPACES = ['errors', 'bell'] as const satisfies readonly Namespace[];

/**
 * What loads after the first paint on such a page: the late namespaces, and the stored words the
 * bell's items name (event types), which most screens have loaded already.
 */
export const AFTER_PAINT_NAMESPACES = [...LATE_NAMESPACES, 'terms'] as const satisfies readonly Namespace[];
