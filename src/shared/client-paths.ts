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

/** The pages behind sign-in (spec section 2): drawn by the server for their user (decision 047). */
const SIGNED_IN_PATHS: ClientPath[] = [
  CLIENT_PATHS.dashboard,
  CLIENT_PATHS.events,
  CLIENT_PATHS.calendar,
  CLIENT_PATHS.profile,
  CLIENT_PATHS.messages,
  CLIENT_PATHS.claimListing,
  CLIENT_PATHS.vendorDashboard,
  CLIENT_PATHS.adminDashboard,
];
const SIGNED_IN_MATCHERS = SIGNED_IN_PATHS.map((pattern) => new RegExp(`^${escapeRegExp(pattern)}/?$`, 'i'));

/** Whether `pathname` (without its query) is one of the pages behind sign-in. */
export function isSignedInPath(pathname: string): boolean {
  return SIGNED_IN_MATCHERS.some((matcher) => matcher.test(pathname));
}

/** Whether the client's router has a page for `pathname` (without its query); otherwise it shows its 404. */
export function isClientPath(pathname: string): boolean {
  return MATCHERS.some((matcher) => matcher.test(pathname));
}
