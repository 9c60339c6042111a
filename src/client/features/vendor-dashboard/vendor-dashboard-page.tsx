import { Skeleton, Stack } from '@chakra-ui/react';
import {
  Briefcase,
  CalendarCheck,
  CalendarDays,
  ChartColumn,
  ClipboardList,
  MessageCircle,
  Star,
} from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import { CountBadge } from '../../components/count-badge';
import { DashboardTabs } from '../../components/dashboard-tabs';
import { PageFrame } from '../../components/page-frame';
import { useUnreadCount } from '../../components/use-unread-count';
import { useT } from '../../i18n/use-t';
import { TakenOverSuspense } from '../../lib/hydration-gate';
import { lazyPart } from '../../lib/lazy-with-preload';
import { useWiderThan } from '../../lib/viewport';
import { AnalyticsTab } from './analytics-tab';
import { ClaimsTab } from './claims-tab';
import { ListingProfileTab } from './listing-profile-tab';
import { tabOf, useListingSelection } from './use-listings';

// The reviews of the vendor's listings: their own chunk, loaded when the Reviews tab first opens.
const OwnerReviews = lazyPart(
  'owner-reviews',
  () => import('../reviews/owner-reviews'),
  (m) => m.OwnerReviews,
);

// The calendar is its own chunk, loaded when the Calendar tab first opens.
const CalendarTab = lazyPart(
  'vendor-calendar-tab',
  () => import('./calendar-tab'),
  (m) => m.CalendarTab,
);

// The conversations are their own chunk, loaded when the Messages tab first opens.
const VendorMessages = lazyPart(
  'vendor-messages',
  () => import('../messages/vendor-messages'),
  (m) => m.VendorMessages,
);

// The bookings are their own chunk too, loaded when the Bookings tab first opens.
const OwnerBookings = lazyPart(
  'owner-bookings',
  () => import('../bookings/owner-bookings'),
  (m) => m.default,
);

/**
 * /vendor-dashboard: the vendor's listing, messages, calendar, bookings (upcoming, past and
 * cancelled), reviews, claims and analytics (spec section 2, issue 29).
 * ?tab=messages|calendar|bookings|reviews|claims|analytics opens that tab; ?listing=<id> picks which of their listings the Listing Profile, Calendar and Analytics
 * tabs show.
 */
export function VendorDashboardPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const unread = useUnreadCount();
  const selection = useListingSelection();
  const wide = useWiderThan('md');
  // On a phone an open conversation gets the room the description would take.
  const compact = !wide && tab === 'messages' && params.has('thread');

  const select = (value: string) => {
    const next = new URLSearchParams(params);
    if (value === 'profile') next.delete('tab');
    else next.set('tab', value);
    if (value !== 'messages') next.delete('thread');
    setParams(next);
  };

  return (
    <PageFrame
      title={t('common.appNav.home.vendor')}
      description={compact ? undefined : t('vendorDashboard.page.description')}
    >
      {/* The conversations are the one tab that does not stay mounted once opened (below). */}
      <DashboardTabs
        value={tab}
        onSelect={select}
        tabs={[
          {
            value: 'profile',
            label: t('vendorDashboard.page.tab.profile'),
            icon: Briefcase,
            content: <ListingProfileTab selection={selection} onOpenClaims={() => select('claims')} />,
          },
          {
            value: 'messages',
            label: t('common.appNav.messages'),
            icon: MessageCircle,
            badge: (
              <CountBadge
                count={unread}
                label={t('common.appNav.unreadCount', { count: unread })}
                testId="vendor-messages-unread-badge"
                size="sm"
              />
            ),
            // Unmounted when left: an open conversation that nobody sees must not mark messages as seen.
            content:
              tab === 'messages' ? (
                <TakenOverSuspense
                  fallback={
                    <Stack
                      gap="2"
                      role="status"
                      aria-busy="true"
                      aria-label={t('vendorDashboard.page.loadingConversations')}
                      maxW={{ md: '20rem' }}
                    >
                      <Skeleton h="20" rounded="xl" />
                      <Skeleton h="20" rounded="xl" />
                    </Stack>
                  }
                >
                  <VendorMessages onOpenProfile={() => select('profile')} />
                </TakenOverSuspense>
              ) : null,
          },
          {
            value: 'calendar',
            label: t('vendorDashboard.page.tab.calendar'),
            icon: CalendarDays,
            content:
              tab === 'calendar' ? (
                <TakenOverSuspense
                  fallback={
                    <Skeleton
                      h="80"
                      rounded="xl"
                      role="status"
                      aria-label={t('vendorDashboard.page.loadingCalendar')}
                    />
                  }
                >
                  <CalendarTab selection={selection} onOpenClaims={() => select('claims')} />
                </TakenOverSuspense>
              ) : null,
          },
          {
            value: 'bookings',
            label: t('vendorDashboard.page.tab.bookings'),
            icon: CalendarCheck,
            content:
              tab === 'bookings' ? (
                <TakenOverSuspense fallback={<Skeleton h="24" rounded="xl" />}>
                  <OwnerBookings />
                </TakenOverSuspense>
              ) : null,
          },
          {
            value: 'reviews',
            label: t('vendorDashboard.page.tab.reviews'),
            icon: Star,
            content:
              tab === 'reviews' ? (
                <TakenOverSuspense
                  fallback={
                    <Skeleton
                      h="28"
                      rounded="xl"
                      role="status"
                      aria-label={t('vendorDashboard.page.loadingReviews')}
                    />
                  }
                >
                  <OwnerReviews />
                </TakenOverSuspense>
              ) : null,
          },
          {
            value: 'claims',
            label: t('vendorDashboard.page.tab.claims'),
            icon: ClipboardList,
            content: <ClaimsTab />,
          },
          {
            value: 'analytics',
            label: t('vendorDashboard.page.tab.analytics'),
            icon: ChartColumn,
            content: <AnalyticsTab selection={selection} onOpenClaims={() => select('claims')} />,
          },
        ]}
      />
    </PageFrame>
  );
}
