/**
 * The app's pages (spec section 2): the client's route table is made of these paths, and the server
 * answers any other path 404 (with the app's own "Page not found"). `:name` stands for one segment.
 */
export const CLIENT_PATHS = {
  landing: '/',
  share: '/share/:shareId',
  invite: '/invite/:familyLabel',
  about: '/about',
  help: '/help',
  pricing: '/pricing',
  vendorHelp: '/vendor-help',
  terms: '/terms',
  privacy: '/privacy',
  contact: '/contact',
  marketplace: '/marketplace',
  vendor: '/vendor/:id',
  customerLogin: '/login-customer',
  vendorLogin: '/login-vendor',
  adminLogin: '/admin-login',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  confirmEmail: '/confirm-email',
  dashboard: '/dashboard',
  events: '/events',
  calendar: '/calendar',
  profile: '/profile',
  messages: '/messages',
  claimListing: '/claim-listing',
  vendorDashboard: '/vendor-dashboard',
  adminDashboard: '/admin-dashboard',
} as const;

export type ClientPath = (typeof CLIENT_PATHS)[keyof typeof CLIENT_PATHS];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Each path as the router matches it: any letter case, one trailing slash allowed. */
const MATCHERS = Object.values(CLIENT_PATHS).map(
  (pattern) =>
    new RegExp(
      `^${pattern
        .split('/')
        .map((part) => (part.startsWith(':') ? '[^/]+' : escapeRegExp(part)))
        .join('/')}/?$`.replace('^//?$', '^/$'),
      'i',
    ),
);

/** Whether the client's router has a page for `pathname` (without its query); otherwise it shows its 404. */
export function isClientPath(pathname: string): boolean {
  return MATCHERS.some((matcher) => matcher.test(pathname));
}
