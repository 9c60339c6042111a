import { Badge, Icon, Skeleton, Stack, Tabs, useBreakpointValue } from '@chakra-ui/react';
import { Briefcase, ChartColumn, ClipboardList, MessageCircle } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageFrame } from '../../components/page-frame';
import { useUnreadCount } from '../../components/use-unread-count';
import { AnalyticsTab } from './analytics-tab';
import { ClaimsTab } from './claims-tab';
import { ListingProfileTab } from './listing-profile-tab';
import { tabOf, useListingSelection } from './use-listings';

// The conversations are their own chunk, loaded when the Messages tab first opens.
const VendorMessages = lazy(async () => ({
  default: (await import('../messages/vendor-messages')).VendorMessages,
}));

/**
 * /vendor-dashboard: the vendor's listing, messages, claims and analytics (spec section 2).
 * ?tab=messages|claims|analytics opens that tab; ?listing=<id> picks which of their listings the
 * Listing Profile and Analytics tabs show.
 */
export function VendorDashboardPage() {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const unread = useUnreadCount();
  const selection = useListingSelection();
  const wide = useBreakpointValue({ base: false, md: true }, { ssr: false }) ?? false;
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
      title="Vendor Dashboard"
      description={
        compact
          ? undefined
          : 'Manage your listing, answer customers, follow your vendor claims and see how families find you.'
      }
    >
      {/*
        Tabs stay mounted once opened, so a half-filled form survives a look at another tab; the
        conversations are the exception (below).
      */}
      <Tabs.Root value={tab} onValueChange={(details) => select(details.value)} lazyMount>
        <Tabs.List overflowX="auto" overflowY="hidden">
          <Tabs.Trigger value="profile" data-testid="tab-profile" flexShrink="0" whiteSpace="nowrap">
            <Icon boxSize="4">
              <Briefcase />
            </Icon>
            Listing Profile
          </Tabs.Trigger>
          <Tabs.Trigger value="messages" data-testid="tab-messages" flexShrink="0" whiteSpace="nowrap">
            <Icon boxSize="4">
              <MessageCircle />
            </Icon>
            Messages
            {unread > 0 ? (
              <Badge
                colorPalette="red"
                variant="solid"
                rounded="full"
                size="sm"
                aria-label={`${unread} unread`}
                data-testid="vendor-messages-unread-badge"
              >
                {unread}
              </Badge>
            ) : null}
          </Tabs.Trigger>
          <Tabs.Trigger value="claims" data-testid="tab-claims" flexShrink="0" whiteSpace="nowrap">
            <Icon boxSize="4">
              <ClipboardList />
            </Icon>
            Claims
          </Tabs.Trigger>
          <Tabs.Trigger value="analytics" data-testid="tab-analytics" flexShrink="0" whiteSpace="nowrap">
            <ChartColumn size={16} aria-hidden />
            Analytics
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="profile" pt="6">
          <ListingProfileTab selection={selection} onOpenClaims={() => select('claims')} />
        </Tabs.Content>
        <Tabs.Content value="messages" pt="6">
          {/* Unmounted when left: an open conversation that nobody sees must not mark messages as seen. */}
          {tab === 'messages' ? (
            <Suspense
              fallback={
                <Stack
                  gap="2"
                  role="status"
                  aria-busy="true"
                  aria-label="Loading conversations"
                  maxW={{ md: '20rem' }}
                >
                  <Skeleton h="20" rounded="xl" />
                  <Skeleton h="20" rounded="xl" />
                </Stack>
              }
            >
              <VendorMessages onOpenProfile={() => select('profile')} />
            </Suspense>
          ) : null}
        </Tabs.Content>
        <Tabs.Content value="claims" pt="6">
          <ClaimsTab />
        </Tabs.Content>
        <Tabs.Content value="analytics" pt="6">
          <AnalyticsTab selection={selection} onOpenClaims={() => select('claims')} />
        </Tabs.Content>
      </Tabs.Root>
    </PageFrame>
  );
}
