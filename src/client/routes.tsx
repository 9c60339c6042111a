import type { ComponentType, ReactElement } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { UserDto } from '../shared/schemas/auth';
import { RequireRole, RequireSignedIn } from './components/guards';
import { RootLayout } from './components/root-layout';
import { RouteError } from './components/route-error';
import { SessionFrame } from './components/session-frame';
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
const NotFoundPage = page(() => import('./features/not-found/not-found-page'), 'NotFoundPage');

/** Signed-in pages behind a guard, in the signed-in layout. */
function guardedPages(guard: ReactElement, pages: RouteObject[]): RouteObject {
  return { element: guard, children: [{ element: <AppLayout />, children: pages }] };
}

/** The route table of spec section 2. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <LandingPage /> },
          { path: 'share/:shareId', element: <SharedEventPage /> },
          { path: 'invite/:familyLabel', element: <InvitePage /> },
          { path: 'about', element: <AboutPage /> },
          { path: 'help', element: <HelpPage /> },
          { path: 'pricing', element: <PricingPage /> },
          { path: 'vendor-help', element: <VendorHelpPage /> },
          { path: 'terms', element: <TermsPage /> },
          { path: 'privacy', element: <PrivacyPage /> },
          { path: 'contact', element: <ContactPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        // Open to everyone, in the frame of whoever looks: the app's navigation for a signed-in user.
        element: <SessionFrame visitor={<PublicLayout />} member={<AppLayout />} />,
        // The pages draw their own full-width bands and containers in either frame.
        handle: { fullBleed: true },
        children: [
          { path: 'marketplace', element: <MarketplacePage /> },
          { path: 'vendor/:id', element: <VendorProfilePage /> },
        ],
      },
      { path: 'login-customer', element: <CustomerLoginPage /> },
      { path: 'login-vendor', element: <VendorLoginPage /> },
      { path: 'admin-login', element: <AdminLoginPage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'register', element: <RegisterPage /> },
      { path: 'forgot-password', element: <ForgotPasswordPage /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      { path: 'confirm-email', element: <ConfirmEmailPage /> },
      guardedPages(<RequireSignedIn signIn={<SignedInRequiredScreen />} />, [
        { path: 'dashboard', element: <DashboardPage /> },
        { path: 'events', element: <EventsPage /> },
        { path: 'calendar', element: <CalendarPage /> },
        { path: 'profile', element: <ProfilePage /> },
        { path: 'messages', element: <MessagesPage /> },
      ]),
      guardedPages(
        <RequireRole requiredRole="vendor" signIn={(user) => <VendorRequiredScreen user={user} />} />,
        [{ path: 'vendor-dashboard', element: <VendorDashboardPage /> }],
      ),
      guardedPages(
        <RequireRole requiredRole="admin" signIn={(user) => <AdminRequiredScreen user={user} />} />,
        [{ path: 'admin-dashboard', element: <AdminDashboardPage /> }],
      ),
    ],
  },
];
