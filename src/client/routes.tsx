import type { ComponentType, ReactElement } from 'react';
import type { RouteObject } from 'react-router-dom';
import { CLIENT_PATHS } from '../shared/client-paths';
import type { UserDto } from '../shared/schemas/auth';
import { RequireRole, RequireSignedIn } from './components/guards';
import { RootLayout } from './components/root-layout';
import { RouteError } from './components/route-error';
import { SessionFrame } from './components/session-frame';
import { NotFoundPage } from './features/not-found/not-found-page';
import { browserCatalogues } from './i18n/catalogue';
import { documentLanguage } from './i18n/language';
import { lazyWithPreload } from './lib/lazy-with-preload';
import { SCREEN_NAMESPACES, type Screen } from './screens';

/**
 * Every screen's code, each its own chunk: the first load carries only providers, router and guards.
 * (Vite turns the pattern into one `import()` a file.)
 */
const SCREEN_CODE = import.meta.glob<Record<string, unknown>>([
  './components/public-layout.tsx',
  './components/app-layout.tsx',
  './features/*/*-page.tsx',
  './features/auth/guard-screens.tsx',
  // The 404 page is in the first chunk; the info pages' frame is not a page of its own.
  '!./features/not-found/*',
  '!./features/info/info-page.tsx',
]);

/**
 * A screen's words in the page's language, loaded with its code (screens.ts); nothing to load on the
 * server, which draws with whole catalogues.
 */
function loadScreenMessages(screen: Screen): Promise<void> {
  if (typeof document === 'undefined') return Promise.resolve();
  return browserCatalogues.load(documentLanguage(), SCREEN_NAMESPACES[screen]);
}

/** A lazily loaded screen: its code and its words, then the component `name` it exports. */
function screen<P>(file: Screen, name: string) {
  const code = SCREEN_CODE[`./${file}`];
  if (!code) throw new Error(`routes.tsx: ${file} is not among the screens' files`);
  return lazyWithPreload(
    async () => (await Promise.all([code(), loadScreenMessages(file)]))[0],
    (module) => {
      const component = module[name];
      if (typeof component !== 'function') throw new Error(`${file} exports no ${name}`);
      return component as ComponentType<P>;
    },
  );
}

const page = (file: Screen, name: string) => screen<object>(file, name);
const pageWithUser = (file: Screen, name: string) => screen<{ user: UserDto | null }>(file, name);

// The layouts load with the first page that needs them, keeping menus and drawers out of the first chunk.
const PublicLayout = page('components/public-layout.tsx', 'PublicLayout');
const AppLayout = page('components/app-layout.tsx', 'AppLayout');

const LandingPage = page('features/landing/landing-page.tsx', 'LandingPage');
const CustomerLoginPage = page('features/auth/customer-login-page.tsx', 'CustomerLoginPage');
const VendorLoginPage = page('features/auth/vendor-login-page.tsx', 'VendorLoginPage');
const AdminLoginPage = page('features/auth/admin-login-page.tsx', 'AdminLoginPage');
const LoginPage = page('features/auth/login-page.tsx', 'LoginPage');
const RegisterPage = page('features/auth/register-page.tsx', 'RegisterPage');
const ForgotPasswordPage = page('features/auth/forgot-password-page.tsx', 'ForgotPasswordPage');
const ResetPasswordPage = page('features/auth/reset-password-page.tsx', 'ResetPasswordPage');
const ConfirmEmailPage = page('features/auth/confirm-email-page.tsx', 'ConfirmEmailPage');
// The three guard screens share one chunk.
const SignedInRequiredScreen = page('features/auth/guard-screens.tsx', 'SignedInRequiredScreen');
const VendorRequiredScreen = pageWithUser('features/auth/guard-screens.tsx', 'VendorRequiredScreen');
const AdminRequiredScreen = pageWithUser('features/auth/guard-screens.tsx', 'AdminRequiredScreen');

const DashboardPage = page('features/dashboard/dashboard-page.tsx', 'DashboardPage');
const EventsPage = page('features/events/events-page.tsx', 'EventsPage');
const CalendarPage = page('features/calendar/calendar-page.tsx', 'CalendarPage');
const ProfilePage = page('features/profile/profile-page.tsx', 'ProfilePage');
const MessagesPage = page('features/messages/messages-page.tsx', 'MessagesPage');
const VendorDashboardPage = page(
  'features/vendor-dashboard/vendor-dashboard-page.tsx',
  'VendorDashboardPage',
);
const ClaimListingPage = page('features/vendor-dashboard/claim-listing-page.tsx', 'ClaimListingPage');
const AdminDashboardPage = page('features/admin/admin-dashboard-page.tsx', 'AdminDashboardPage');

const MarketplacePage = page('features/marketplace/marketplace-page.tsx', 'MarketplacePage');
const VendorProfilePage = page('features/marketplace/vendor-profile-page.tsx', 'VendorProfilePage');
const SharedEventPage = page('features/share/shared-event-page.tsx', 'SharedEventPage');
const InvitePage = page('features/family/invite-page.tsx', 'InvitePage');

const AboutPage = page('features/info/about-page.tsx', 'AboutPage');
const HelpPage = page('features/info/help-page.tsx', 'HelpPage');
const PricingPage = page('features/info/pricing-page.tsx', 'PricingPage');
const VendorHelpPage = page('features/info/vendor-help-page.tsx', 'VendorHelpPage');
const TermsPage = page('features/info/terms-page.tsx', 'TermsPage');
const PrivacyPage = page('features/info/privacy-page.tsx', 'PrivacyPage');
const ContactPage = page('features/info/contact-page.tsx', 'ContactPage');

/** Signed-in pages behind a guard, in the signed-in layout. */
function guardedPages(guard: ReactElement, pages: RouteObject[]): RouteObject {
  return { element: guard, children: [{ element: <AppLayout />, children: pages }] };
}

/**
 * The route table of spec section 2, of the paths in shared/client-paths.ts (the server answers any
 * other path 404). The 404 page is in the first chunk: a mistyped link shows it at once, with no
 * spinner while its code loads.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <LandingPage /> },
          { path: CLIENT_PATHS.share, element: <SharedEventPage /> },
          { path: CLIENT_PATHS.invite, element: <InvitePage /> },
          { path: CLIENT_PATHS.about, element: <AboutPage /> },
          { path: CLIENT_PATHS.help, element: <HelpPage /> },
          { path: CLIENT_PATHS.pricing, element: <PricingPage /> },
          { path: CLIENT_PATHS.vendorHelp, element: <VendorHelpPage /> },
          { path: CLIENT_PATHS.terms, element: <TermsPage /> },
          { path: CLIENT_PATHS.privacy, element: <PrivacyPage /> },
          { path: CLIENT_PATHS.contact, element: <ContactPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        // Open to everyone, in the frame of whoever looks: the app's navigation for a signed-in user.
        element: <SessionFrame visitor={<PublicLayout />} member={<AppLayout />} />,
        // The pages draw their own full-width bands and containers in either frame.
        handle: { fullBleed: true },
        children: [
          { path: CLIENT_PATHS.marketplace, element: <MarketplacePage /> },
          { path: CLIENT_PATHS.vendor, element: <VendorProfilePage /> },
        ],
      },
      { path: CLIENT_PATHS.customerLogin, element: <CustomerLoginPage /> },
      { path: CLIENT_PATHS.vendorLogin, element: <VendorLoginPage /> },
      { path: CLIENT_PATHS.adminLogin, element: <AdminLoginPage /> },
      { path: CLIENT_PATHS.login, element: <LoginPage /> },
      { path: CLIENT_PATHS.register, element: <RegisterPage /> },
      { path: CLIENT_PATHS.forgotPassword, element: <ForgotPasswordPage /> },
      { path: CLIENT_PATHS.resetPassword, element: <ResetPasswordPage /> },
      { path: CLIENT_PATHS.confirmEmail, element: <ConfirmEmailPage /> },
      guardedPages(<RequireSignedIn signIn={<SignedInRequiredScreen />} />, [
        { path: CLIENT_PATHS.dashboard, element: <DashboardPage /> },
        { path: CLIENT_PATHS.events, element: <EventsPage /> },
        { path: CLIENT_PATHS.calendar, element: <CalendarPage /> },
        { path: CLIENT_PATHS.profile, element: <ProfilePage /> },
        { path: CLIENT_PATHS.messages, element: <MessagesPage /> },
        { path: CLIENT_PATHS.claimListing, element: <ClaimListingPage /> },
      ]),
      guardedPages(
        <RequireRole requiredRole="vendor" signIn={(user) => <VendorRequiredScreen user={user} />} />,
        [{ path: CLIENT_PATHS.vendorDashboard, element: <VendorDashboardPage /> }],
      ),
      guardedPages(
        <RequireRole requiredRole="admin" signIn={(user) => <AdminRequiredScreen user={user} />} />,
        [{ path: CLIENT_PATHS.adminDashboard, element: <AdminDashboardPage /> }],
      ),
    ],
  },
];
