import type { ComponentType, ReactElement } from 'react';
import type { RouteObject } from 'react-router-dom';
import { CLIENT_PATHS } from '../shared/client-paths';
import type { UserDto } from '../shared/schemas/auth';
import { RequireRole, RequireSignedIn } from './components/guards';
import { RootLayout } from './components/root-layout';
import { RouteError } from './components/route-error';
import { SessionFrame } from './components/session-frame';
import { NotFoundPage } from './features/not-found/not-found-page';
import { lazyWithPreload } from './lib/lazy-with-preload';

/** Every page is its own chunk: the first load carries only providers, router and guards. */
function page<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazyWithPreload(load, (module) => module[name] as ComponentType);
}

function pageWithUser<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazyWithPreload(load, (module) => module[name] as ComponentType<{ user: UserDto | null }>);
}

// The layouts load with the first page that needs them, keeping menus and drawers out of the first chunk.
const PublicLayout = page(() => import('./components/public-layout'), 'PublicLayout');
const AppLayout = page(() => import('./components/app-layout'), 'AppLayout');

const LandingPage = page(() => import('./features/landing/landing-page'), 'LandingPage');
const CustomerLoginPage = page(() => import('./features/auth/customer-login-page'), 'CustomerLoginPage');
const VendorLoginPage = page(() => import('./features/auth/vendor-login-page'), 'VendorLoginPage');
const AdminLoginPage = page(() => import('./features/auth/admin-login-page'), 'AdminLoginPage');
const LoginPage = page(() => import('./features/auth/login-page'), 'LoginPage');
const RegisterPage = page(() => import('./features/auth/register-page'), 'RegisterPage');
const ForgotPasswordPage = page(() => import('./features/auth/forgot-password-page'), 'ForgotPasswordPage');
const ResetPasswordPage = page(() => import('./features/auth/reset-password-page'), 'ResetPasswordPage');
const ConfirmEmailPage = page(() => import('./features/auth/confirm-email-page'), 'ConfirmEmailPage');
// The three guard screens share one chunk.
const guardScreens = () => import('./features/auth/guard-screens');
const SignedInRequiredScreen = page(guardScreens, 'SignedInRequiredScreen');
const VendorRequiredScreen = pageWithUser(guardScreens, 'VendorRequiredScreen');
const AdminRequiredScreen = pageWithUser(guardScreens, 'AdminRequiredScreen');

const DashboardPage = page(() => import('./features/dashboard/dashboard-page'), 'DashboardPage');
const EventsPage = page(() => import('./features/events/events-page'), 'EventsPage');
const CalendarPage = page(() => import('./features/calendar/calendar-page'), 'CalendarPage');
const ProfilePage = page(() => import('./features/profile/profile-page'), 'ProfilePage');
const MessagesPage = page(() => import('./features/messages/messages-page'), 'MessagesPage');
const VendorDashboardPage = page(
  () => import('./features/vendor-dashboard/vendor-dashboard-page'),
  'VendorDashboardPage',
);
const ClaimListingPage = page(
  () => import('./features/vendor-dashboard/claim-listing-page'),
  'ClaimListingPage',
);
const AdminDashboardPage = page(() => import('./features/admin/admin-dashboard-page'), 'AdminDashboardPage');

const MarketplacePage = page(() => import('./features/marketplace/marketplace-page'), 'MarketplacePage');
const VendorProfilePage = page(
  () => import('./features/marketplace/vendor-profile-page'),
  'VendorProfilePage',
);
const SharedEventPage = page(() => import('./features/share/shared-event-page'), 'SharedEventPage');
const InvitePage = page(() => import('./features/family/invite-page'), 'InvitePage');

const AboutPage = page(() => import('./features/info/about-page'), 'AboutPage');
const HelpPage = page(() => import('./features/info/help-page'), 'HelpPage');
const PricingPage = page(() => import('./features/info/pricing-page'), 'PricingPage');
const VendorHelpPage = page(() => import('./features/info/vendor-help-page'), 'VendorHelpPage');
const TermsPage = page(() => import('./features/info/terms-page'), 'TermsPage');
const PrivacyPage = page(() => import('./features/info/privacy-page'), 'PrivacyPage');
const ContactPage = page(() => import('./features/info/contact-page'), 'ContactPage');

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
