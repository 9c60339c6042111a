import { Badge, Skeleton, Stack, Tabs, useBreakpointValue } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { EmptyPanel } from '../../components/empty-panel';
import { BriefcaseIcon, MessageIcon } from '../../components/icons';
import { PageFrame } from '../../components/page-frame';
import { useUnreadCount } from '../../components/use-unread-count';

// The conversations are their own chunk, loaded when the Messages tab first opens.
const VendorMessages = lazy(async () => ({
  default: (await import('../messages/vendor-messages')).VendorMessages,
}));

const TABS = ['profile', 'messages'] as const;
type Tab = (typeof TABS)[number];

function tabOf(value: string | null): Tab {
  return (TABS as readonly string[]).includes(value ?? '') ? (value as Tab) : 'profile';
}

/** /vendor-dashboard: the vendor's listing, messages and claims; ?tab=messages opens the messages. */
export function VendorDashboardPage() {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const unread = useUnreadCount();
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
        compact ? undefined : 'Manage your listing, answer customers and follow your vendor claims.'
      }
    >
      <Tabs.Root value={tab} onValueChange={(details) => select(details.value)} lazyMount unmountOnExit>
        <Tabs.List overflowX="auto" overflowY="hidden">
          <Tabs.Trigger value="profile">
            <BriefcaseIcon boxSize="4" />
            Listing Profile
          </Tabs.Trigger>
          <Tabs.Trigger value="messages">
            <MessageIcon boxSize="4" />
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
        </Tabs.List>
        <Tabs.Content value="profile" pt="6">
          <EmptyPanel
            icon={<BriefcaseIcon boxSize="8" />}
            title="No listing connected to your account"
            description="Once an administrator approves your vendor claim, your listing profile and customer messages appear here."
          />
        </Tabs.Content>
        <Tabs.Content value="messages" pt="6">
          <Suspense
            fallback={
              <Stack gap="2" aria-busy="true" aria-label="Loading conversations" maxW={{ md: '20rem' }}>
                <Skeleton h="20" rounded="xl" />
                <Skeleton h="20" rounded="xl" />
              </Stack>
            }
          >
            <VendorMessages onOpenProfile={() => select('profile')} />
          </Suspense>
        </Tabs.Content>
      </Tabs.Root>
    </PageFrame>
  );
}
