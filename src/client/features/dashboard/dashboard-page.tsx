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
import { Link as RouterLink } from 'react-router-dom';
import { fromCivilDate } from '../../../shared/jewish-calendar';
import type { EventDto } from '../../../shared/schemas/event-answers';
import { EventsEmpty, EventsLoadFailed } from '../../components/events-empty';
import { HebrewDateLine } from '../../components/hebrew-date-line';
import { IconBadge } from '../../components/icon-badge';
import { IconLine } from '../../components/icon-line';
import { LinkButton } from '../../components/link-button';
import { CardLink, LinkCard } from '../../components/link-card';
import { PageFrame } from '../../components/page-frame';
import { SoftPanel } from '../../components/soft-panel';
import { useCurrentUser } from '../../lib/session';
import { formatAmount, formatDay, formatTime } from './dashboard-format';
import { useHomeSummary } from './use-home-summary';
import { VendorResponseCard } from './vendor-response-card';

const SHABBAT_ALERT = 'One of your upcoming events conflicts with Shabbat. Consider adjusting the time.';

const QUICK_ACTIONS = [
  { to: '/events?new=1', label: 'New Event', text: 'Start planning a celebration', icon: CalendarCheck },
  { to: '/marketplace', label: 'Find Vendors', text: 'Venues, caterers and more', icon: Store },
  { to: '/calendar', label: 'View Calendar', text: 'Dates, Shabbat and holidays', icon: Calendar },
  { to: '/profile', label: 'Family Circle', text: 'Plan together with family', icon: Users },
];

/** What the first upcoming events run into: Shabbat first (the spec's alert), else a holiday's name. */
function conflictNotice(events: EventDto[]): string | null {
  // The server's judgement at each event's place (decision 034).
  const reasons = events.map((event) => (event.hasConflict ? event.conflictReason : null));
  if (reasons.includes('Shabbat')) return SHABBAT_ALERT;
  const holiday = reasons.find((reason) => reason !== null);
  return holiday ? `One of your upcoming events falls on ${holiday}. Consider adjusting the date.` : null;
}

/** /dashboard: the customer home. */
export function DashboardPage() {
  const { user } = useCurrentUser();
  const { events, upcoming, pendingTasks, shown } = useHomeSummary();
  const firstName = user?.name.trim().split(/\s+/)[0] ?? '';
  const notice = user?.shabbatWarningsEnabled ? conflictNotice(shown) : null;

  return (
    <PageFrame
      title={`Welcome, ${firstName}`}
      documentTitle="Dashboard"
      description="Your upcoming events, open tasks and vendor replies at a glance."
    >
      {notice ? (
        <Alert.Root status="warning" rounded="xl">
          <Alert.Indicator />
          <Alert.Title fontWeight="medium">{notice}</Alert.Title>
        </Alert.Root>
      ) : null}

      <SimpleGrid columns={2} gap={{ base: '3', md: '4' }}>
        <Figure label="Upcoming events" value={events.data ? upcoming.length : null} icon={CalendarCheck} />
        <Figure label="Pending tasks" value={events.data ? pendingTasks : null} icon={Check} />
      </SimpleGrid>

      <SimpleGrid columns={{ base: 2, md: 4 }} gap={{ base: '3', md: '4' }}>
        {QUICK_ACTIONS.map((action) => (
          <LinkCard key={action.to}>
            <IconBadge icon={action.icon} iconSize="5" boxSize="10" rounded="lg" tone="brand" />
            <Heading as="h2" fontSize="md" mt="3" color="brand.950">
              <CardLink to={action.to}>{action.label}</CardLink>
            </Heading>
            <Text fontSize="sm" color="fg.muted" mt="1">
              {action.text}
            </Text>
          </LinkCard>
        ))}
      </SimpleGrid>

      <Stack as="section" aria-labelledby="upcoming-heading" gap="4">
        <Flex justify="space-between" align="baseline" gap="3">
          <Heading as="h2" id="upcoming-heading" fontSize="xl" color="brand.950">
            Upcoming events
          </Heading>
          {upcoming.length > 0 ? (
            <Link asChild color="brand.fg" fontSize="sm" fontWeight="medium">
              <RouterLink to="/events">
                All events{' '}
                <Icon boxSize="4">
                  <ArrowRight />
                </Icon>
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
            aria-label="Loading your events"
          >
            <Skeleton h="52" rounded="xl" />
            <Skeleton h="52" rounded="xl" />
          </SimpleGrid>
        ) : events.isLoadingError ? (
          <EventsLoadFailed error={events.error} onRetry={() => void events.refetch()} />
        ) : shown.length === 0 ? (
          <EventsEmpty
            title="No upcoming events"
            description="Create an event to keep its tasks, vendor deposits and memos in one place."
          >
            <LinkButton to="/events?new=1">Create your first event</LinkButton>
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
          Vendor responses
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

function EventCard({ event }: { event: EventDto }) {
  const percent = event.totalTasks === 0 ? 0 : Math.round((event.completedTasks * 100) / event.totalTasks);
  return (
    <LinkCard as="article">
      <Flex justify="space-between" align="flex-start" gap="3">
        <Heading as="h3" fontSize="lg" color="brand.950" wordBreak="break-word">
          <CardLink to={`/events?event=${event.id}`}>{event.title}</CardLink>
        </Heading>
        <Badge variant="subtle" colorPalette="gold" flexShrink="0">
          {event.type}
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
            <Text wordBreak="break-word">{event.venue}</Text>
          </IconLine>
        ) : null}
      </Stack>
      <Box mt="4" pt="4" borderTopWidth="1px" borderColor="border.muted">
        <Flex justify="space-between" fontSize="sm" gap="3" wrap="wrap">
          <Text color="fg.muted">
            <Text as="span" fontWeight="semibold" color="fg">
              {event.completedTasks}/{event.totalTasks}
            </Text>{' '}
            tasks done
          </Text>
          <Text color="fg.muted">
            <Text as="span" fontWeight="semibold" color="fg">
              {formatAmount(event.paidAmount)}
            </Text>{' '}
            paid
          </Text>
        </Flex>
        <Progress.Root value={percent} max={100} size="xs" mt="2">
          <Progress.Track rounded="full" aria-label={`Tasks done: ${percent}%`}>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      </Box>
    </LinkCard>
  );
}
