import type { Namespace } from './i18n/namespaces';

/**
 * Every lazily loaded screen (a layout or a page of routes.tsx), by its file under src/client, with
 * the catalogue namespaces it and the code it loads show beyond the core ones (i18n/namespaces.ts):
 * they load together with the screen's code. screens.test.ts walks each screen's imports and fails
 * when this table says otherwise.
 */
export const SCREEN_NAMESPACES = {
  'components/public-layout.tsx': [],
  'components/app-layout.tsx': [],
  'features/landing/landing-page.tsx': ['landing', 'terms'],
  'features/auth/customer-login-page.tsx': ['auth', 'terms'],
  'features/auth/vendor-login-page.tsx': ['auth', 'terms'],
  'features/auth/admin-login-page.tsx': ['auth', 'terms'],
  'features/auth/login-page.tsx': ['auth', 'terms'],
  'features/auth/register-page.tsx': ['auth', 'terms'],
  'features/auth/forgot-password-page.tsx': ['auth', 'terms'],
  'features/auth/reset-password-page.tsx': ['auth', 'terms'],
  'features/auth/confirm-email-page.tsx': ['auth'],
  'features/auth/guard-screens.tsx': ['auth', 'terms'],
  'features/dashboard/dashboard-page.tsx': ['dashboard', 'said', 'terms'],
  'features/events/events-page.tsx': [
    'bookings',
    'events',
    'guests',
    'observance',
    'reviews',
    'said',
    'terms',
  ],
  'features/calendar/calendar-page.tsx': ['calendar', 'observance', 'terms'],
  'features/profile/profile-page.tsx': [
    'marketplace',
    'messages',
    'observance',
    'profile',
    'reviews',
    'terms',
    'vendorForm',
  ],
  'features/messages/messages-page.tsx': ['bookings', 'messages', 'observance', 'said', 'terms'],
  'features/vendor-dashboard/vendor-dashboard-page.tsx': [
    'bookings',
    'claims',
    'messages',
    'observance',
    'reviews',
    'said',
    'terms',
    'vendorDashboard',
  ],
  'features/vendor-dashboard/claim-listing-page.tsx': ['claims', 'terms', 'vendorDashboard'],
  'features/admin/admin-dashboard-page.tsx': ['admin', 'claims', 'messages', 'terms', 'vendorForm'],
  'features/marketplace/marketplace-page.tsx': [
    'marketplace',
    'messages',
    'observance',
    'reviews',
    'terms',
    'vendorForm',
  ],
  'features/marketplace/vendor-profile-page.tsx': [
    'marketplace',
    'messages',
    'observance',
    'reviews',
    'terms',
    'vendorForm',
  ],
  'features/share/shared-event-page.tsx': ['share', 'terms'],
  'features/family/invite-page.tsx': ['auth', 'family'],
  'features/info/about-page.tsx': ['info'],
  'features/info/help-page.tsx': ['info'],
  'features/info/pricing-page.tsx': ['info'],
  'features/info/vendor-help-page.tsx': ['info'],
  'features/info/terms-page.tsx': ['info'],
  'features/info/privacy-page.tsx': ['info'],
  'features/info/contact-page.tsx': ['info'],
} as const satisfies Record<string, readonly Namespace[]>;

export type Screen = keyof typeof SCREEN_NAMESPACES;
