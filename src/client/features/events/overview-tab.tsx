import { Box, Flex, Heading, Icon, Progress, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Check, Clock, type LucideIcon, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { LIMITS } from '../../../shared/constants';
import { toCivilDate } from '../../../shared/jewish-calendar';
import type { EventDto } from '../../../shared/schemas/event-answers';
import { useIsolate } from '../../i18n/use-isolate';
import { useT } from '../../i18n/use-t';
import { formatShortDay, todayCivil } from './format';
import { formatAmount, formatCents, percentOf, toCents } from './money';
import { ShareCard } from './share-card';
import { useDeposits, useTasks } from './use-events';

function Panel({ title, icon: Glyph, children }: { title: string; icon: LucideIcon; children: ReactNode }) {
  return (
    <Box layerStyle="softPanel" rounded="xl" p={{ base: '4', md: '5' }}>
      <Heading as="h3" fontSize="md" color="brand.950" display="flex" alignItems="center" gap="2" mb="3">
        <Box as="span" color="brand.fg" display="inline-flex">
          <Icon boxSize="4">
            <Glyph />
          </Icon>
        </Box>
        {title}
      </Heading>
      {children}
    </Box>
  );
}

/** A panel of one figure, what it means, and a bar of how far along it is. */
function ProgressPanel({
  title,
  icon,
  figure,
  caption,
  percent,
  palette,
}: {
  title: string;
  icon: LucideIcon;
  figure: string;
  caption: string;
  percent: number;
  palette: string;
}) {
  return (
    <Panel title={title} icon={icon}>
      <Text fontSize="2xl" fontWeight="bold" color="brand.900">
        {figure}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {caption}
      </Text>
      <Bar label={title} value={percent} palette={palette} />
    </Panel>
  );
}

function Bar({ label, value, palette }: { label: string; value: number; palette: string }) {
  const t = useT();
  return (
    <Progress.Root value={value} max={100} size="sm" colorPalette={palette} mt="3">
      <Progress.Track
        rounded="full"
        aria-label={t('events.overview.barLabel', { label, percent: value / 100 })}
      >
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}

/** The Overview tab: progress, budget, recent activity, the next deadlines and the share link. */
export function OverviewTab({ event }: { event: EventDto }) {
  const tasks = useTasks(event.id);
  const deposits = useDeposits(event.id);
  const t = useT();
  const iso = useIsolate();

  const taskPercent = percentOf(event.completedTasks, event.totalTasks);
  const paidCents = toCents(event.paidAmount);
  const totalCents = toCents(event.totalDeposits);
  const budgetPercent = percentOf(paidCents, totalCents);

  const latestTask = tasks.data?.reduce<(typeof tasks.data)[number] | null>(
    (latest, task) => (latest === null || task.createdAt > latest.createdAt ? task : latest),
    null,
  );
  const today = todayCivil();
  const deadlines = (deposits.data ?? [])
    .filter((deposit) => !deposit.paid && toCivilDate(deposit.dueDate) >= today)
    .sort((a, b) => a.dueDate.getTime() - b.dueDate.getTime())
    .slice(0, LIMITS.upcomingDeadlines);

  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <ProgressPanel
          title={t('events.overview.taskProgress')}
          icon={Check}
          figure={`${event.completedTasks} / ${event.totalTasks}`}
          caption={
            event.totalTasks === 0
              ? t('events.tasks.emptyTitle')
              : t('events.overview.tasksCaption', {
                  done: event.completedTasks,
                  total: event.totalTasks,
                  percent: taskPercent / 100,
                })
          }
          percent={taskPercent}
          palette="brand"
        />
        <ProgressPanel
          title={t('events.overview.budget')}
          icon={Wallet}
          figure={formatCents(paidCents)}
          caption={
            totalCents === 0
              ? t('events.overview.noDeposits')
              : t('events.overview.budgetCaption', {
                  total: iso(formatCents(totalCents)),
                  percent: budgetPercent / 100,
                })
          }
          percent={budgetPercent}
          palette="green"
        />
        <Panel title={t('events.overview.activity')} icon={Clock}>
          <Stack as="ul" gap="3" listStyleType="none">
            {tasks.isPending ? (
              <Skeleton as="li" h="10" rounded="md" />
            ) : latestTask ? (
              <ActivityItem
                text={t('events.overview.latestTask', { title: iso(latestTask.title) })}
                detail={`${t('events.overview.taskAdded', { date: formatShortDay(latestTask.createdAt) })} · ${t(
                  latestTask.completed ? 'events.tasks.completed' : 'events.tasks.pending',
                )}`}
              />
            ) : null}
            <ActivityItem text={t('events.overview.created')} detail={formatShortDay(event.createdAt)} />
          </Stack>
        </Panel>
        <Panel title={t('events.overview.deadlines')} icon={Wallet}>
          {deposits.isPending ? (
            <Skeleton h="16" rounded="md" />
          ) : deadlines.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              {t('events.overview.noDeadlines')}
            </Text>
          ) : (
            <Stack as="ul" gap="3" listStyleType="none">
              {deadlines.map((deposit) => (
                <Flex as="li" key={deposit.id} justify="space-between" gap="3" align="baseline">
                  <Box minW="0">
                    <Text fontSize="sm" fontWeight="medium" truncate>
                      <bdi>{deposit.vendorName}</bdi>
                    </Text>
                    <Text textStyle="caption">
                      {t('events.deposits.due', { date: formatShortDay(deposit.dueDate) })}
                    </Text>
                  </Box>
                  <Text fontSize="sm" fontWeight="semibold" color="brand.900" flexShrink="0">
                    {formatAmount(deposit.amount)}
                  </Text>
                </Flex>
              ))}
            </Stack>
          )}
        </Panel>
      </SimpleGrid>
      <ShareCard event={event} />
    </Stack>
  );
}

function ActivityItem({ text, detail }: { text: string; detail: string }) {
  return (
    <Flex as="li" gap="3" align="flex-start">
      <Box boxSize="2" mt="1.5" rounded="full" bg="gold.solid" flexShrink="0" />
      <Box minW="0">
        <Text fontSize="sm" wordBreak="break-word">
          {text}
        </Text>
        <Text textStyle="caption">{detail}</Text>
      </Box>
    </Flex>
  );
}
