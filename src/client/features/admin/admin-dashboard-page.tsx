import { FileCheck, History, LayoutDashboard, ShieldCheck, Store, Users } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CountBadge } from '../../components/count-badge';
import { DashboardTabs } from '../../components/dashboard-tabs';
import { PageFrame } from '../../components/page-frame';
import { useT } from '../../i18n/use-t';
import { TakenOverSuspense } from '../../lib/hydration-gate';
import { lazyPart } from '../../lib/lazy-with-preload';
import { trpc } from '../../lib/trpc';
import { ActivityTab } from './activity-tab';
import { adminTabOf } from './admin-tabs';
import { ClaimsTab } from './claims-tab';
import { OverviewTab } from './overview-tab';
import { UsersTab } from './users-tab';
import { VendorsTab } from './vendors-tab';

/** The Kashrut tab's code loads when the tab is first opened. */
const KashrutTab = lazyPart(
  'admin-kashrut-tab',
  () => import('./kashrut-tab'),
  (m) => m.KashrutTab,
);

/**
 * /admin-dashboard: Overview, Claims (with the pending count), Vendors, Kashrut (with the count of
 * certificates waiting for verification), Users and Activity (spec section 2 and the issue).
 * ?tab=claims|vendors|kashrut|users|activity opens that tab, so a reload, the back button and the
 * side panel's entries all land on it.
 */
export function AdminDashboardPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const tab = adminTabOf(params.get('tab'));
  const pending = trpc.admin.claims.pending.useQuery().data?.length ?? 0;
  // The same query as the Kashrut tab's first view (waiting for a check), so the two agree.
  const pendingKashrut = trpc.admin.kashrut.list.useQuery({ status: 'pending' }).data?.length ?? 0;
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
    if (tab === 'kashrut') void utils.admin.kashrut.list.invalidate();
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

  return (
    <PageFrame title={t('admin.page.title')} description={t('admin.page.description')}>
      <DashboardTabs
        value={tab}
        onSelect={select}
        tabs={[
          {
            value: 'overview',
            label: t('admin.tabs.overview'),
            icon: LayoutDashboard,
            content: <OverviewTab />,
          },
          {
            value: 'claims',
            label: t('admin.tabs.claims'),
            icon: FileCheck,
            badge: (
              <CountBadge
                count={pending}
                noun={t('admin.tabs.claimsPending')}
                testId="pending-claims-badge"
                palette="gold"
                size="sm"
              />
            ),
            content: <ClaimsTab />,
          },
          { value: 'vendors', label: t('admin.tabs.vendors'), icon: Store, content: <VendorsTab /> },
          {
            value: 'kashrut',
            label: t('admin.tabs.kashrut'),
            icon: ShieldCheck,
            badge: (
              <CountBadge
                count={pendingKashrut}
                noun={t('admin.tabs.kashrutPending')}
                testId="pending-kashrut-badge"
                palette="gold"
                size="sm"
              />
            ),
            content: (
              <TakenOverSuspense fallback={null}>
                <KashrutTab />
              </TakenOverSuspense>
            ),
          },
          { value: 'users', label: t('admin.tabs.users'), icon: Users, content: <UsersTab /> },
          {
            value: 'activity',
            label: t('admin.tabs.activity'),
            icon: History,
            content: <ActivityTab />,
          },
        ]}
      />
    </PageFrame>
  );
}
