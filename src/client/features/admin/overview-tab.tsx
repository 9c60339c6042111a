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
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import type { AdminActivityItemDto, AdminHealthDto, AdminStatsDto } from '../../../shared/schemas/admin';
import { CardHeading } from '../../components/card-heading';
import { LinkButton } from '../../components/link-button';
import { Panel } from '../../components/panel';
import { StatTile } from '../../components/stat-tile';
import { DirectionalIcon } from '../../i18n/bidi';
import type { MessageId } from '../../i18n/catalogue';
import { type Translate, useT } from '../../i18n/use-t';
import { fileSizeText } from '../../lib/attachments';
import { serverMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { useConversationSubject } from '../messages/subject';
import { ActivitySummary } from './activity-summary';
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
  const t = useT();
  if (error) {
    return (
      <Panel p="4">
        <Text color="fg.muted">{serverMessage(error) ?? t('admin.overview.figuresFailed')}</Text>
      </Panel>
    );
  }
  const figures: { label: string; value?: number; help: string; testId: string }[] = [
    {
      label: t('admin.overview.totalUsers'),
      value: stats?.totalUsers,
      help: stats
        ? t('admin.overview.newThisWeek', {
            count: stats.newUsersThisWeek,
            formatted: formatCount(stats.newUsersThisWeek),
          })
        : '',
      testId: 'stat-users',
    },
    {
      label: t('admin.overview.totalVendors'),
      value: stats?.totalVendors,
      help: stats
        ? t('admin.overview.verifiedVendors', {
            count: stats.verifiedVendors,
            formatted: formatCount(stats.verifiedVendors),
          })
        : '',
      testId: 'stat-vendors',
    },
    {
      label: t('admin.overview.pendingClaims'),
      value: stats?.pendingClaims,
      help: t('admin.overview.pendingClaimsHelp'),
      testId: 'stat-claims',
    },
    {
      label: t('admin.overview.openReports'),
      value: stats?.openReports,
      help: t('admin.overview.openReportsHelp'),
      testId: 'stat-reports',
    },
    {
      label: t('admin.overview.messages'),
      value: stats?.messagesLast7Days,
      help: t('admin.overview.messagesHelp'),
      testId: 'stat-messages',
    },
  ];
  return (
    <SimpleGrid columns={{ base: 2, md: 3, xl: 5 }} gap="3" aria-busy={!stats}>
      {figures.map((f, i) => (
        <StatTile
          key={f.testId}
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
  const t = useT();
  const actions: { tab: AdminTab; label: MessageId; icon: ReactNode; badge?: number }[] = [
    {
      tab: 'claims',
      label: 'admin.overview.reviewClaims',
      icon: <FileCheck aria-hidden />,
      badge: pendingClaims,
    },
    { tab: 'vendors', label: 'admin.overview.manageVendors', icon: <Store aria-hidden /> },
    { tab: 'users', label: 'admin.overview.manageUsers', icon: <Users aria-hidden /> },
    { tab: 'activity', label: 'admin.overview.viewActivity', icon: <History aria-hidden /> },
  ];
  return (
    <SimpleGrid as="nav" aria-label={t('admin.overview.quickActions')} columns={{ base: 2, md: 4 }} gap="3">
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
            {t(a.label)}
            {a.badge ? (
              <Badge
                colorPalette="gold"
                variant="solid"
                rounded="full"
                aria-label={t('admin.overview.pendingCount', { count: a.badge, formatted: String(a.badge) })}
              >
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
const HEALTH_LABELS: Record<AdminHealthDto['status'], MessageId> = {
  Good: 'admin.health.good',
  Degraded: 'admin.health.degraded',
  Down: 'admin.health.down',
};

function HealthCard() {
  const t = useT();
  const health = trpc.admin.overview.health.useQuery(undefined, {
    staleTime: OVERVIEW_STALE_MS,
    refetchInterval: HEALTH_POLL_MS,
  });
  return (
    <Card
      title={t('admin.health.title')}
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
              {t(HEALTH_LABELS[health.data.status])}
            </Badge>
          ) : null}
          <Button
            size="xs"
            variant="ghost"
            aria-label={t('admin.health.checkAgain')}
            loading={health.isFetching}
            onClick={() => void health.refetch()}
          >
            <RefreshCw aria-hidden />
          </Button>
        </HStack>
      }
    >
      {health.isPending ? (
        <Stack gap="2" role="status" aria-busy="true" aria-label={t('admin.health.checking')}>
          <Skeleton h="10" />
          <Skeleton h="10" />
          <Skeleton h="10" />
        </Stack>
      ) : health.isLoadingError ? (
        <Text color="fg.muted">{serverMessage(health.error) ?? t('admin.health.failed')}</Text>
      ) : (
        <HealthChecks health={health.data} />
      )}
    </Card>
  );
}

function HealthChecks({ health }: { health: AdminHealthDto }) {
  const t = useT();
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
          label={t('admin.health.database')}
          ok={database.ok}
          detail={
            database.ok
              ? t('admin.health.answeringIn', {
                  ms: database.latencyMs === null ? '?' : String(Math.round(database.latencyMs)),
                })
              : t('admin.health.notAnswering')
          }
        />
        <Check
          icon={<Mail size={18} aria-hidden />}
          label={t('admin.health.mail')}
          ok={mail.ok}
          detail={[
            mail.backlog === 0
              ? t('admin.health.mailNothingWaiting')
              : t('admin.health.mailWaiting', { count: mail.backlog, formatted: formatCount(mail.backlog) }),
            mail.oldestUnsentAt ? t('admin.health.mailOldest', { ago: timeAgo(mail.oldestUnsentAt) }) : null,
            mail.failedLastDay > 0
              ? t('admin.health.mailGivenUp', {
                  count: mail.failedLastDay,
                  formatted: formatCount(mail.failedLastDay),
                })
              : null,
          ]
            .filter(Boolean)
            .join(', ')}
        />
        <Check
          icon={<ServerCrash size={18} aria-hidden />}
          label={t('admin.health.serverErrors')}
          ok={errors.ok}
          detail={t('admin.health.errorsLastHour', {
            count: errors.lastHour,
            formatted: formatCount(errors.lastHour),
          })}
        />
        {storage ? (
          <Check
            icon={<HardDrive size={18} aria-hidden />}
            label={t('admin.health.storage')}
            ok={storage.ok}
            detail={storageDetail(t, storage)}
          />
        ) : null}
      </Stack>
      <Text textStyle="caption">
        <FormattedMessage
          id="admin.health.checked"
          values={{
            ago: <time dateTime={health.checkedAt.toISOString()}>{timeAgo(health.checkedAt)}</time>,
          }}
        />
      </Text>
    </Stack>
  );
}

/** "1.2 GB of 20 GB used (6 %)", and what happens near and past the ceiling. */
function storageDetail(t: Translate, storage: NonNullable<AdminHealthDto['storage']>): string {
  const share = storage.ceilingBytes > 0 ? storage.usedBytes / storage.ceilingBytes : 1;
  const used = t('admin.health.storageUsed', {
    used: fileSizeText(storage.usedBytes),
    ceiling: fileSizeText(storage.ceilingBytes),
    percent: String(Math.floor(share * 100)),
  });
  if (share >= 1) return t('admin.health.storageFull', { used });
  if (!storage.ok) return t('admin.health.storageNearlyFull', { used });
  return used;
}

function Check({ icon, label, ok, detail }: { icon: ReactNode; label: string; ok: boolean; detail: string }) {
  const t = useT();
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
        {ok ? t('admin.health.ok') : t('admin.health.problem')}
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
const KIND_LABEL: Record<AdminActivityItemDto['kind'], MessageId> = {
  signup: 'admin.feed.signup',
  claim: 'admin.feed.claim',
  report: 'admin.feed.report',
  admin: 'admin.feed.admin',
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
  const t = useT();
  const feed = trpc.admin.overview.activity.useQuery({ limit: 10 }, { staleTime: OVERVIEW_STALE_MS });
  return (
    <Card
      title={t('admin.feed.title')}
      icon={History}
      testId="activity-feed"
      action={
        <LinkButton to={adminTabPath('activity')} size="xs" variant="ghost">
          {t('admin.activity.title')}
          <DirectionalIcon>
            <ChevronRight aria-hidden />
          </DirectionalIcon>
        </LinkButton>
      }
    >
      {feed.isPending ? (
        <Stack gap="2" role="status" aria-busy="true" aria-label={t('admin.feed.loading')}>
          {['a', 'b', 'c', 'd'].map((k) => (
            <Skeleton key={k} h="12" />
          ))}
        </Stack>
      ) : feed.isLoadingError ? (
        <Text color="fg.muted">{serverMessage(feed.error) ?? t('admin.feed.failed')}</Text>
      ) : feed.data.length === 0 ? (
        <Text color="fg.muted">{t('admin.feed.empty')}</Text>
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
                    title={t(KIND_LABEL[item.kind])}
                  >
                    {KIND_ICON[item.kind]}
                  </Box>
                  <Box flex="1" minW="0">
                    <Text fontSize="sm" color="fg" wordBreak="break-word">
                      <ActivitySummary item={item} />
                    </Text>
                    {/* An address too long for the line ends in an ellipsis (whole on hover), never broken. */}
                    <Flex textStyle="caption" gap="1" minW="0">
                      <Text as="span" flexShrink="0">
                        {t(KIND_LABEL[item.kind])}
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
  const t = useT();
  const subject = useConversationSubject();
  const reports = trpc.admin.reports.list.useQuery(
    { status: 'open', page: 1 },
    { staleTime: OVERVIEW_STALE_MS },
  );
  const shown = reports.data?.items.slice(0, 3) ?? [];
  const total = reports.data?.total ?? count;
  return (
    <Card
      title={t('admin.overview.openReports')}
      icon={Flag}
      testId="open-reports"
      action={
        total !== undefined ? (
          <Badge colorPalette={total > 0 ? 'red' : 'green'} variant="subtle" rounded="full" px="2.5">
            {total > 0
              ? t('admin.overview.openCount', { count: total, formatted: formatCount(total) })
              : t('admin.overview.noneOpen')}
          </Badge>
        ) : null
      }
    >
      {reports.isPending ? (
        <Skeleton h="12" />
      ) : reports.isLoadingError ? (
        <Text color="fg.muted">{serverMessage(reports.error) ?? t('admin.overview.reportsFailed')}</Text>
      ) : shown.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          {t('admin.overview.noReports')}
        </Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" mb="3">
          {shown.map((r) => (
            <Box as="li" key={r.id} fontSize="sm" minW="0">
              <Text fontWeight="semibold" truncate>
                {subject.show(r.subject)}
              </Text>
              <Text color="fg.muted" truncate>
                {r.reported ? (
                  <FormattedMessage
                    id="admin.overview.reported"
                    values={{
                      reporter: <bdi>{r.reporter.name}</bdi>,
                      reported: <bdi>{r.reported.name}</bdi>,
                    }}
                  />
                ) : (
                  <FormattedMessage
                    id="admin.overview.reportedDeleted"
                    values={{ reporter: <bdi>{r.reporter.name}</bdi> }}
                  />
                )}{' '}
                · {timeAgo(r.createdAt)}
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
        {t('admin.overview.reviewReports')}
        <DirectionalIcon>
          <ChevronRight aria-hidden />
        </DirectionalIcon>
      </LinkButton>
    </Card>
  );
}
