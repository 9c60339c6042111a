import {
  Alert,
  Badge,
  Box,
  Flex,
  Heading,
  Icon,
  Link,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import type { LucideIcon } from 'lucide-react';
import { ArrowRight, Calendar, CalendarCheck, Check, Landmark, Store, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import { fromCivilDate } from '../../../shared/jewish-calendar';
import type { EventDto } from '../../../shared/schemas/event-answers';
import { EventsEmpty, EventsLoadFailed } from '../../components/events-empty';
import { HebrewDateLine } from '../../components/hebrew-date-line';
import { IconBadge } from '../../components/icon-badge';
import { IconLine } from '../../components/icon-line';
import { LinkButton } from '../../components/link-button';
import { CardLink, LinkCard } from '../../components/link-card';
import { useObservanceName } from '../../components/observance-name';
import { PageFrame } from '../../components/page-frame';
import { SoftPanel } from '../../components/soft-panel';
import { DirectionalIcon } from '../../i18n/bidi';
import type { MessageId } from '../../i18n/catalogue';
import { term } from '../../i18n/terms';
import { useIsolate } from '../../i18n/use-isolate';
import { type Translate, useT } from '../../i18n/use-t';
import { useCurrentUser } from '../../lib/session';
import { formatAmount, formatDay, formatTime } from './dashboard-format';
import { useHomeSummary } from './use-home-summary';
import { VendorResponseCard } from './vendor-response-card';

const QUICK_ACTIONS: readonly { to: string; labelId: MessageId; textId: MessageId; icon: LucideIcon }[] = [
  {
    to: '/events?new=1',
    labelId: 'dashboard.quick.newEvent',
    textId: 'dashboard.quick.newEventText',
    icon: CalendarCheck,
  },
  {
    to: '/marketplace',
    labelId: 'dashboard.quick.findVendors',
    textId: 'dashboard.quick.findVendorsText',
    icon: Store,
  },
  {
    to: '/calendar',
    labelId: 'dashboard.quick.calendar',
    textId: 'dashboard.quick.calendarText',
    icon: Calendar,
  },
  { to: '/profile', labelId: 'common.family.circle', textId: 'dashboard.quick.familyText', icon: Users },
];

/** What the first upcoming events run into: Shabbat first (the spec's alert), else a holiday's name. */
function conflictNotice(t: Translate, events: EventDto[], name: (name: string) => string): string | null {
  // The server's judgement at each event's place (decision 034).
  const reasons = events.map((event) => (event.hasConflict ? event.conflictReason : null));
  if (reasons.includes('Shabbat')) return t('dashboard.alert.shabbat');
  const holiday = reasons.find((reason) => reason !== null);
  return holiday ? t('dashboard.alert.holiday', { holiday: name(holiday) }) : null;
}

/** /dashboard: the customer home. */
export function DashboardPage() {
  const t = useT();
  const iso = useIsolate();
  const { user } = useCurrentUser();
  const { events, upcoming, pendingTasks, shown } = useHomeSummary();
  const firstName = user?.name.trim().split(/\s+/)[0] ?? '';
  const observanceName = useObservanceName();
  const notice = user?.shabbatWarningsEnabled ? conflictNotice(t, shown, observanceName) : null;

  return (
    <PageFrame
      title={t('dashboard.welcome', { name: iso(firstName) })}
      documentTitle={t('common.account.dashboard')}
      description={t('dashboard.description')}
    >
      {notice ? (
        <Alert.Root status="warning" rounded="xl">
          <Alert.Indicator />
          <Alert.Title fontWeight="medium">{notice}</Alert.Title>
        </Alert.Root>
      ) : null}

      <SimpleGrid columns={2} gap={{ base: '3', md: '4' }}>
        <Figure
          label={t('dashboard.upcomingEvents')}
          value={events.data ? upcoming.length : null}
          icon={CalendarCheck}
        />
        <Figure label={t('dashboard.pendingTasks')} value={events.data ? pendingTasks : null} icon={Check} />
      </SimpleGrid>

      <SimpleGrid columns={{ base: 2, md: 4 }} gap={{ base: '3', md: '4' }}>
        {QUICK_ACTIONS.map((action) => (
          <LinkCard key={action.to}>
            <IconBadge icon={action.icon} iconSize="5" boxSize="10" rounded="lg" tone="brand" />
            <Heading as="h2" fontSize="md" mt="3" color="brand.950">
              <CardLink to={action.to}>{t(action.labelId)}</CardLink>
            </Heading>
            <Text fontSize="sm" color="fg.muted" mt="1">
              {t(action.textId)}
            </Text>
          </LinkCard>
        ))}
      </SimpleGrid>

      <Stack as="section" aria-labelledby="upcoming-heading" gap="4">
        <Flex justify="space-between" align="baseline" gap="3">
          <Heading as="h2" id="upcoming-heading" fontSize="xl" color="brand.950">
            {t('dashboard.upcomingEvents')}
          </Heading>
          {upcoming.length > 0 ? (
            <Link asChild color="brand.fg" fontSize="sm" fontWeight="medium">
              <RouterLink to="/events">
                {t('dashboard.allEvents')}{' '}
                <DirectionalIcon>
                  <Icon boxSize="4">
                    <ArrowRight />
                  </Icon>
                </DirectionalIcon>
              </RouterLink>
            </Link>
          ) : null}
        </Flex>
        {events.isPending ? (
          <SimpleGrid
            columns={{ base: 1, md: 2 }}
            gap="4"
            role="status"
            aria-busy="true"
            aria-label={t('dashboard.loadingEvents')}
          >
            <Skeleton h="52" rounded="xl" />
            <Skeleton h="52" rounded="xl" />
          </SimpleGrid>
        ) : events.isLoadingError ? (
          <EventsLoadFailed error={events.error} onRetry={() => void events.refetch()} />
        ) : shown.length === 0 ? (
          <EventsEmpty title={t('dashboard.noEvents')} description={t('dashboard.noEventsHint')}>
            <LinkButton to="/events?new=1">{t('dashboard.createFirst')}</LinkButton>
          </EventsEmpty>
        ) : (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {shown.map((event) => (
              <EventCard key={event.id} event={event} />
            ))}
          </SimpleGrid>
        )}
      </Stack>

      <Stack as="section" aria-labelledby="responses-heading" gap="4">
        <Heading as="h2" id="responses-heading" fontSize="xl" color="brand.950">
          {t('dashboard.vendorResponses')}
        </Heading>
        <VendorResponseCard />
      </Stack>
    </PageFrame>
  );
}

function Figure({ label, value, icon }: { label: string; value: number | null; icon: LucideIcon }) {
  return (
    <SoftPanel gap="4" align="center">
      <IconBadge
        icon={icon}
        iconSize="5"
        boxSize={{ base: '10', md: '12' }}
        rounded="full"
        display={{ base: 'none', sm: 'flex' }}
      />
      <Box minW="0">
        {value === null ? (
          <Skeleton h="8" w="10" />
        ) : (
          <Text fontSize={{ base: '2xl', md: '3xl' }} fontWeight="bold" color="brand.900" lineHeight="1.1">
            {value}
          </Text>
        )}
        <Text fontSize="sm" color="fg.muted">
          {label}
        </Text>
      </Box>
    </SoftPanel>
  );
}

/** A figure in bold inside a sentence of the event card. */
const figure = (chunks: ReactNode) => (
  <Text as="span" fontWeight="semibold" color="fg">
    {chunks}
  </Text>
);

function EventCard({ event }: { event: EventDto }) {
  const t = useT();
  const percent = event.totalTasks === 0 ? 0 : Math.round((event.completedTasks * 100) / event.totalTasks);
  return (
    <LinkCard as="article">
      <Flex justify="space-between" align="flex-start" gap="3">
        <Heading as="h3" fontSize="lg" color="brand.950" wordBreak="break-word">
          <CardLink to={`/events?event=${event.id}`}>
            <bdi>{event.title}</bdi>
          </CardLink>
        </Heading>
        <Badge variant="subtle" colorPalette="gold" flexShrink="0">
          {term(t, 'eventType', event.type)}
        </Badge>
      </Flex>
      <Stack gap="1.5" mt="3" fontSize="sm">
        <IconLine icon={Calendar}>
          <Box>
            <Text>
              {formatDay(fromCivilDate(event.localDate))}
              {event.time ? ` · ${formatTime(event.time)}` : ''}
            </Text>
            <HebrewDateLine date={event.localDate} />
          </Box>
        </IconLine>
        {event.venue ? (
          <IconLine icon={Landmark}>
            <Text wordBreak="break-word">
              <bdi>{event.venue}</bdi>
            </Text>
          </IconLine>
        ) : null}
      </Stack>
      <Box mt="4" pt="4" borderTopWidth="1px" borderColor="border.muted">
        <Flex justify="space-between" fontSize="sm" gap="3" wrap="wrap">
          <Text color="fg.muted">
            <FormattedMessage
              id="dashboard.event.tasksDone"
              values={{
                b: figure,
                done: String(event.completedTasks),
                total: String(event.totalTasks),
              }}
            />
          </Text>
          <Text color="fg.muted">
            <FormattedMessage
              id="dashboard.event.paid"
              values={{ b: figure, amount: <bdi>{formatAmount(event.paidAmount)}</bdi> }}
            />
          </Text>
        </Flex>
        <Progress.Root value={percent} max={100} size="xs" mt="2">
          <Progress.Track
            rounded="full"
            aria-label={t('dashboard.event.progress', { percent: String(percent) })}
          >
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      </Box>
    </LinkCard>
  );
}
