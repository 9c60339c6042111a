import { Badge, Tabs } from '@chakra-ui/react';
import { FileCheck, History, LayoutDashboard, Store, Users } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageFrame } from '../../components/page-frame';
import { trpc } from '../../lib/trpc';
import { ActivityTab } from './activity-tab';
import { type AdminTab, adminTabOf } from './admin-tabs';
import { ClaimsTab } from './claims-tab';
import { OverviewTab } from './overview-tab';
import { UsersTab } from './users-tab';
import { VendorsTab } from './vendors-tab';

/**
 * /admin-dashboard: Overview, Claims (with the pending count), Vendors, Users and Activity (spec
 * section 2 and the issue). ?tab=claims|vendors|users|activity opens that tab, so a reload, the
 * back button and the side panel's entries all land on it.
 */
export function AdminDashboardPage() {
  const [params, setParams] = useSearchParams();
  const tab = adminTabOf(params.get('tab'));
  const pending = trpc.admin.claims.pending.useQuery().data?.length ?? 0;
  const utils = trpc.useUtils();

  // Nothing pushes new claims, reports or sign-ups to this page: each tab reads its lists again
  // when it is opened (from its trigger, the side panel or the back button).
  const opened = useRef(tab);
  useEffect(() => {
    if (opened.current === tab) return;
    opened.current = tab;
    if (tab === 'overview') void utils.admin.overview.invalidate();
    if (tab === 'claims') void utils.admin.claims.invalidate();
    if (tab === 'vendors') void utils.admin.vendors.list.invalidate();
    if (tab === 'users')
      void Promise.all([utils.admin.users.list.invalidate(), utils.admin.reports.list.invalidate()]);
    if (tab === 'activity') void utils.admin.overview.audit.invalidate();
  }, [tab, utils]);

  const select = (value: string) => {
    const next = new URLSearchParams();
    const chosen = adminTabOf(value);
    // Each tab keeps only its own parameters: the Users tab's ?view does not follow to Claims.
    if (chosen !== 'overview') next.set('tab', chosen);
    setParams(next);
  };

  const trigger = (value: AdminTab, label: string, icon: ReactNode, badge?: ReactNode) => (
    <Tabs.Trigger value={value} data-testid={`tab-${value}`} flexShrink="0" whiteSpace="nowrap">
      {icon}
      {label}
      {badge}
    </Tabs.Trigger>
  );

  return (
    <PageFrame
      title="Admin Dashboard"
      description="Review vendor claims, look after listings and accounts, and keep an eye on the platform."
    >
      {/* Opened tabs stay mounted, so their filters and pages survive a look at another tab. */}
      <Tabs.Root value={tab} onValueChange={(details) => select(details.value)} lazyMount>
        <Tabs.List overflowX="auto" overflowY="hidden">
          {trigger('overview', 'Overview', <LayoutDashboard size={16} aria-hidden />)}
          {trigger(
            'claims',
            'Claims',
            <FileCheck size={16} aria-hidden />,
            pending > 0 ? (
              <Badge
                colorPalette="gold"
                variant="solid"
                rounded="full"
                size="sm"
                aria-label={`${pending} pending`}
                data-testid="pending-claims-badge"
              >
                {pending}
              </Badge>
            ) : null,
          )}
          {trigger('vendors', 'Vendors', <Store size={16} aria-hidden />)}
          {trigger('users', 'Users', <Users size={16} aria-hidden />)}
          {trigger('activity', 'Activity', <History size={16} aria-hidden />)}
        </Tabs.List>
        <Tabs.Content value="overview" pt="6">
          <OverviewTab />
        </Tabs.Content>
        <Tabs.Content value="claims" pt="6">
          <ClaimsTab />
        </Tabs.Content>
        <Tabs.Content value="vendors" pt="6">
          <VendorsTab />
        </Tabs.Content>
        <Tabs.Content value="users" pt="6">
          <UsersTab />
        </Tabs.Content>
        <Tabs.Content value="activity" pt="6">
          <ActivityTab />
        </Tabs.Content>
      </Tabs.Root>
    </PageFrame>
  );
}
