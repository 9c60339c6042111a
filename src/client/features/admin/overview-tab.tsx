import {
  Badge,
  Box,
  Button,
  defineStyle,
  Flex,
  HStack,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import {
  ChevronRight,
  Database,
  FileCheck,
  Flag,
  HardDrive,
  History,
  type LucideIcon,
  Mail,
  RefreshCw,
  ServerCrash,
  ShieldCheck,
  Store,
  UserPlus,
  Users,
} from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { AdminActivityItemDto, AdminHealthDto, AdminStatsDto } from '../../../shared/schemas/admin';
import { CardHeading } from '../../components/card-heading';
import { LinkButton } from '../../components/link-button';
import { Panel } from '../../components/panel';
import { StatTile } from '../../components/stat-tile';
import { DirectionalIcon } from '../../i18n/bidi';
import { fileSizeText } from '../../lib/attachments';
import { serverMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { type AdminTab, adminTabPath } from './admin-tabs';
import { formatCount, timeAgo } from './format';

/** The Overview's reads are kept a little while: coming back to the tab soon shows them at once. */
const OVERVIEW_STALE_MS = 30_000;
/** Health is looked at again every minute while the Overview is open. */
const HEALTH_POLL_MS = 60_000;

/**
 * The Overview tab (spec section 2, made real by the issue): the platform's figures, its health,
 * the latest activity, the open reports and the way to each of the other tabs.
 */
export function OverviewTab() {
  const stats = trpc.admin.overview.stats.useQuery(undefined, { staleTime: OVERVIEW_STALE_MS });
  return (
    <Stack gap="6">
      <Figures stats={stats.data} error={stats.isError ? stats.error : null} />
      <QuickActions pendingClaims={stats.data?.pendingClaims} />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
        <ActivityFeed />
        {/* On a phone, health and reports come before the long feed. */}
        <Stack gap="6" order={{ base: -1, lg: 0 }}>
          <HealthCard />
          <OpenReports count={stats.data?.openReports} />
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}

function Figures({ stats, error }: { stats: AdminStatsDto | undefined; error: unknown }) {
  if (error) {
    return (
      <Panel p="4">
        <Text color="fg.muted">
          {serverMessage(error) ?? 'The platform figures could not be loaded. Check your connection.'}
        </Text>
      </Panel>
    );
  }
  const figures: { label: string; value?: number; help: string; testId: string }[] = [
    {
      label: 'Total users',
      value: stats?.totalUsers,
      help: stats ? `${formatCount(stats.newUsersThisWeek)} new this week` : '',
      testId: 'stat-users',
    },
    {
      label: 'Total vendors',
      value: stats?.totalVendors,
      help: stats ? `${formatCount(stats.verifiedVendors)} verified` : '',
      testId: 'stat-vendors',
    },
    {
      label: 'Pending claims',
      value: stats?.pendingClaims,
      help: 'Waiting for a decision',
      testId: 'stat-claims',
    },
    {
      label: 'Open reports',
      value: stats?.openReports,
      help: 'Reported conversations and reviews',
      testId: 'stat-reports',
    },
    {
      label: 'Messages',
      value: stats?.messagesLast7Days,
      help: 'In the last 7 days',
      testId: 'stat-messages',
    },
  ];
  return (
    <SimpleGrid columns={{ base: 2, md: 3, xl: 5 }} gap="3" aria-busy={!stats}>
      {figures.map((f, i) => (
        <StatTile
          key={f.label}
          label={f.label}
          value={f.value === undefined ? undefined : formatCount(f.value)}
          help={f.help}
          testId={f.testId}
          helpMinH="4"
          // An odd last figure fills its row on a phone.
          gridColumn={i === figures.length - 1 ? { base: 'span 2', md: 'auto' } : undefined}
        />
      ))}
    </SimpleGrid>
  );
}

function QuickActions({ pendingClaims }: { pendingClaims: number | undefined }) {
  const actions: { tab: AdminTab; label: string; icon: ReactNode; badge?: number }[] = [
    { tab: 'claims', label: 'Review Claims', icon: <FileCheck aria-hidden />, badge: pendingClaims },
    { tab: 'vendors', label: 'Manage Vendors', icon: <Store aria-hidden /> },
    { tab: 'users', label: 'Manage Users', icon: <Users aria-hidden /> },
    { tab: 'activity', label: 'View Activity', icon: <History aria-hidden /> },
  ];
  return (
    <SimpleGrid as="nav" aria-label="Quick actions" columns={{ base: 2, md: 4 }} gap="3">
      {actions.map((a) => (
        <Button
          key={a.tab}
          asChild
          variant={a.tab === 'claims' ? 'solid' : 'outline'}
          bg={a.tab === 'claims' ? undefined : 'bg'}
          h="auto"
          py="3"
          whiteSpace="normal"
        >
          <RouterLink to={adminTabPath(a.tab)}>
            {a.icon}
            {a.label}
            {a.badge ? (
              <Badge colorPalette="gold" variant="solid" rounded="full" aria-label={`${a.badge} pending`}>
                {a.badge}
              </Badge>
            ) : null}
          </RouterLink>
        </Button>
      ))}
    </SimpleGrid>
  );
}

function Card({
  title,
  icon,
  action,
  children,
  testId,
}: {
  title: string;
  icon: LucideIcon;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const id = useId();
  return (
    <Panel as="section" aria-labelledby={id} p={{ base: '4', md: '5' }} data-testid={testId} minW="0">
      <Flex justify="space-between" align="center" gap="3" mb="4">
        <CardHeading id={id} icon={icon}>
          {title}
        </CardHeading>
        {action}
      </Flex>
      {children}
    </Panel>
  );
}

const HEALTH_PALETTE = { Good: 'green', Degraded: 'orange', Down: 'red' } as const;

function HealthCard() {
  const health = trpc.admin.overview.health.useQuery(undefined, {
    staleTime: OVERVIEW_STALE_MS,
    refetchInterval: HEALTH_POLL_MS,
  });
  return (
    <Card
      title="Platform health"
      icon={ShieldCheck}
      testId="health-card"
      action={
        <HStack gap="2">
          {health.data ? (
            <Badge
              colorPalette={HEALTH_PALETTE[health.data.status]}
              variant="solid"
              rounded="full"
              px="3"
              size="lg"
              data-testid="health-status"
            >
              {health.data.status}
            </Badge>
          ) : null}
          <Button
            size="xs"
            variant="ghost"
            aria-label="Check platform health again"
            loading={health.isFetching}
            onClick={() => void health.refetch()}
          >
            <RefreshCw aria-hidden />
          </Button>
        </HStack>
      }
    >
      {health.isPending ? (
        <Stack gap="2" role="status" aria-busy="true" aria-label="Checking platform health">
          <Skeleton h="10" />
          <Skeleton h="10" />
          <Skeleton h="10" />
        </Stack>
      ) : health.isLoadingError ? (
        <Text color="fg.muted">
          {serverMessage(health.error) ??
            'The health checks could not be read: the server may be unreachable.'}
        </Text>
      ) : (
        <HealthChecks health={health.data} />
      )}
    </Card>
  );
}

function HealthChecks({ health }: { health: AdminHealthDto }) {
  const { database, mail, errors, storage } = health;
  return (
    <Stack gap="3">
      <Stack
        as="ul"
        gap="0"
        listStyleType="none"
        // Rules between the items, not separator elements: a list holds only its items.
        css={{ '& > li + li': { borderTopWidth: '1px', borderColor: 'border' } }}
      >
        <Check
          icon={<Database size={18} aria-hidden />}
          label="Database"
          ok={database.ok}
          detail={
            database.ok
              ? `Answering in ${database.latencyMs === null ? '?' : Math.round(database.latencyMs)} ms`
              : 'Not answering'
          }
        />
        <Check
          icon={<Mail size={18} aria-hidden />}
          label="Mail"
          ok={mail.ok}
          detail={[
            mail.backlog === 0 ? 'Nothing waiting to be sent' : `${formatCount(mail.backlog)} waiting`,
            mail.oldestUnsentAt ? `oldest since ${timeAgo(mail.oldestUnsentAt)}` : null,
            mail.failedLastDay > 0 ? `${formatCount(mail.failedLastDay)} given up on in 24 h` : null,
          ]
            .filter(Boolean)
            .join(', ')}
        />
        <Check
          icon={<ServerCrash size={18} aria-hidden />}
          label="Server errors"
          ok={errors.ok}
          detail={`${formatCount(errors.lastHour)} in the last hour`}
        />
        {storage ? (
          <Check
            icon={<HardDrive size={18} aria-hidden />}
            label="File storage"
            ok={storage.ok}
            detail={storageDetail(storage)}
          />
        ) : null}
      </Stack>
      <Text textStyle="caption">
        Checked <time dateTime={health.checkedAt.toISOString()}>{timeAgo(health.checkedAt)}</time>
      </Text>
    </Stack>
  );
}

/** "1.2 GB of 20 GB used (6 %)", and what happens near and past the ceiling. */
function storageDetail(storage: NonNullable<AdminHealthDto['storage']>): string {
  const share = storage.ceilingBytes > 0 ? storage.usedBytes / storage.ceilingBytes : 1;
  const used = `${fileSizeText(storage.usedBytes)} of ${fileSizeText(storage.ceilingBytes)} used (${Math.floor(share * 100)} %)`;
  if (share >= 1) return `${used}: uploads are refused until files are freed or STORAGE_CEILING_MB is raised`;
  if (!storage.ok) return `${used}: uploads stop at the ceiling (STORAGE_CEILING_MB)`;
  return used;
}

function Check({ icon, label, ok, detail }: { icon: ReactNode; label: string; ok: boolean; detail: string }) {
  return (
    <Flex as="li" gap="3" py="2.5" align="flex-start">
      <Box color={ok ? 'green.fg' : 'red.fg'} mt="0.5">
        {icon}
      </Box>
      <Box flex="1" minW="0">
        <Text fontWeight="semibold" fontSize="sm">
          {label}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {detail}
        </Text>
      </Box>
      <Badge colorPalette={ok ? 'green' : 'red'} variant="subtle" rounded="full">
        {ok ? 'OK' : 'Problem'}
      </Badge>
    </Flex>
  );
}

const KIND_ICON: Record<AdminActivityItemDto['kind'], ReactNode> = {
  signup: <UserPlus size={18} aria-hidden />,
  claim: <FileCheck size={18} aria-hidden />,
  report: <Flag size={18} aria-hidden />,
  admin: <ShieldCheck size={18} aria-hidden />,
};
const KIND_LABEL: Record<AdminActivityItemDto['kind'], string> = {
  signup: 'Sign-up',
  claim: 'Claim',
  report: 'Report',
  admin: 'Admin action',
};

/** Where a feed item leads: its tab, and for a report the reported conversations. */
function itemPath(item: AdminActivityItemDto): string {
  return item.kind === 'report' && item.tab === 'users'
    ? adminTabPath('users', 'reports')
    : adminTabPath(item.tab);
}

/** A feed item is one link: its row lights up under the pointer and carries the focus ring. */
const FEED_LINK_LOOK = defineStyle({
  rounded: 'lg',
  _hover: { bg: 'bg.muted' },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.focusRing' },
});

function ActivityFeed() {
  const feed = trpc.admin.overview.activity.useQuery({ limit: 10 }, { staleTime: OVERVIEW_STALE_MS });
  return (
    <Card
      title="Recent activity"
      icon={History}
      testId="activity-feed"
      action={
        <LinkButton to={adminTabPath('activity')} size="xs" variant="ghost">
          Audit log
          <DirectionalIcon>
            <ChevronRight aria-hidden />
          </DirectionalIcon>
        </LinkButton>
      }
    >
      {feed.isPending ? (
        <Stack gap="2" role="status" aria-busy="true" aria-label="Loading recent activity">
          {['a', 'b', 'c', 'd'].map((k) => (
            <Skeleton key={k} h="12" />
          ))}
        </Stack>
      ) : feed.isLoadingError ? (
        <Text color="fg.muted">{serverMessage(feed.error) ?? 'The activity could not be loaded.'}</Text>
      ) : feed.data.length === 0 ? (
        <Text color="fg.muted">Nothing has happened yet.</Text>
      ) : (
        <Stack as="ul" gap="1" listStyleType="none">
          {feed.data.map((item) => (
            <Box as="li" key={`${item.kind}-${item.id}`}>
              <Flex asChild gap="3" align="flex-start" p="2" mx="-2" css={FEED_LINK_LOOK}>
                <RouterLink to={itemPath(item)} data-testid="activity-item">
                  <Box
                    color="brand.fg"
                    bg="brand.subtle"
                    rounded="full"
                    p="1.5"
                    flexShrink="0"
                    title={KIND_LABEL[item.kind]}
                  >
                    {KIND_ICON[item.kind]}
                  </Box>
                  <Box flex="1" minW="0">
                    <Text fontSize="sm" color="fg" wordBreak="break-word">
                      {item.summary}
                    </Text>
                    {/* An address too long for the line ends in an ellipsis (whole on hover), never broken. */}
                    <Flex textStyle="caption" gap="1" minW="0">
                      <Text as="span" flexShrink="0">
                        {KIND_LABEL[item.kind]}
                      </Text>
                      {item.actorEmail ? (
                        <Text as="span" truncate title={item.actorEmail}>
                          · {item.actorEmail}
                        </Text>
                      ) : null}
                      <Text as="span" flexShrink="0">
                        · <time dateTime={item.at.toISOString()}>{timeAgo(item.at)}</time>
                      </Text>
                    </Flex>
                  </Box>
                  <Box color="fg.muted" flexShrink="0" alignSelf="center">
                    <DirectionalIcon>
                      <ChevronRight size={16} aria-hidden />
                    </DirectionalIcon>
                  </Box>
                </RouterLink>
              </Flex>
            </Box>
          ))}
        </Stack>
      )}
    </Card>
  );
}

function OpenReports({ count }: { count: number | undefined }) {
  const reports = trpc.admin.reports.list.useQuery(
    { status: 'open', page: 1 },
    { staleTime: OVERVIEW_STALE_MS },
  );
  const shown = reports.data?.items.slice(0, 3) ?? [];
  const total = reports.data?.total ?? count;
  return (
    <Card
      title="Open reports"
      icon={Flag}
      testId="open-reports"
      action={
        total !== undefined ? (
          <Badge colorPalette={total > 0 ? 'red' : 'green'} variant="subtle" rounded="full" px="2.5">
            {total > 0 ? `${formatCount(total)} open` : 'None open'}
          </Badge>
        ) : null
      }
    >
      {reports.isPending ? (
        <Skeleton h="12" />
      ) : reports.isLoadingError ? (
        <Text color="fg.muted">{serverMessage(reports.error) ?? 'The reports could not be loaded.'}</Text>
      ) : shown.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          No reported conversations are waiting.
        </Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" mb="3">
          {shown.map((r) => (
            <Box as="li" key={r.id} fontSize="sm" minW="0">
              <Text fontWeight="semibold" truncate>
                {r.subject}
              </Text>
              <Text color="fg.muted" truncate>
                {r.reporter.name} reported {r.reported?.name ?? 'a deleted account'} · {timeAgo(r.createdAt)}
              </Text>
            </Box>
          ))}
        </Stack>
      )}
      <LinkButton
        to={adminTabPath('users', 'reports')}
        size="sm"
        variant="outline"
        mt={shown.length === 0 ? '3' : '0'}
      >
        Review reports
        <DirectionalIcon>
          <ChevronRight aria-hidden />
        </DirectionalIcon>
      </LinkButton>
    </Card>
  );
}
