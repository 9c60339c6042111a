import {
  Badge,
  Box,
  Button,
  Flex,
  Heading,
  Icon,
  IconButton,
  Menu,
  Skeleton,
  Stack,
  Tabs,
  Text,
} from '@chakra-ui/react';
import {
  ArrowLeft,
  Calendar,
  CalendarPlus,
  Clock,
  Ellipsis,
  Globe,
  type LucideIcon,
  MapPin,
  Pencil,
  Plus,
  Trash2,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import type { EventDto } from '../../../shared/schemas/event-answers';
import { ActionMenu } from '../../components/action-menu';
import { ConflictNotice } from '../../components/conflict-notice';
import { useHebrewDates } from '../../components/hebrew-dates';
import { placeShortLabel } from '../../components/place-picker';
import { sideScroll } from '../../components/side-scroll';
import { UploadedImage } from '../../components/uploaded-image';
import { DirectionalIcon } from '../../i18n/bidi';
import type { MessageId } from '../../i18n/catalogue';
import { useLanguage } from '../../i18n/language';
import { term } from '../../i18n/terms';
import { useIsolate } from '../../i18n/use-isolate';
import { useT } from '../../i18n/use-t';
import { TakenOverSuspense } from '../../lib/hydration-gate';
import { lazyPart } from '../../lib/lazy-with-preload';
import { useCurrentUser } from '../../lib/session';
import { DepositsTab } from './deposits-tab';
import { eventTimes, formatCivilDay, hebrewDateOf } from './format';
import { MemosTab } from './memos-tab';
import { OverviewTab } from './overview-tab';
import { TasksTab } from './tasks-tab';
import { useEventsList } from './use-events';
import { VendorsTab } from './vendors-tab';

// The guest list is loaded when its tab is first opened: My Events does not carry it until then.
const GuestsTab = lazyPart(
  'guests-tab',
  () => import('../guests/guests-tab'),
  (m) => m.default,
);

interface EventDetailProps {
  event: EventDto;
  onEdit: () => void;
  onDelete: () => void;
  /** On a phone the detail replaces the list; this leads back to it. */
  onBack?: () => void;
}

/** The right panel of My Events: the event's details and its five tabs. */
export function EventDetail({ event, onEdit, onDelete, onBack }: EventDetailProps) {
  const { enabled: hebrew } = useHebrewDates();
  const { user } = useCurrentUser();
  const t = useT();
  const { language } = useLanguage();
  // Shabbat warnings off switches every warning off.
  const conflict = user?.shabbatWarningsEnabled ? event.conflict : null;
  const times = eventTimes(event);
  const all = useEventsList().data ?? [];
  const parent = event.parentEventId ? all.find((other) => other.id === event.parentEventId) : undefined;
  const subEvents = all
    .filter((other) => other.parentEventId === event.id)
    .sort((a, b) => a.localDate.localeCompare(b.localDate));

  return (
    <Stack gap="4">
      {onBack ? (
        <Button variant="ghost" size="sm" alignSelf="flex-start" ms="-2" onClick={onBack}>
          <DirectionalIcon>
            <ArrowLeft />
          </DirectionalIcon>
          {t('events.detail.allEvents')}
        </Button>
      ) : null}
      <Box layerStyle="softPanel" rounded="2xl" overflow="hidden">
        <UploadedImage src={event.imageUrl} sizes="100vw" alt="" w="full" h={{ base: '36', md: '48' }} />
        <Box p={{ base: '4', md: '6' }}>
          <Flex justify="space-between" align="flex-start" gap="3">
            <Box minW="0">
              <Badge variant="subtle" colorPalette="gold" mb="2">
                {term(t, 'eventType', event.type)}
              </Badge>
              {parent ? (
                <Text fontSize="sm" color="fg.muted" mb="1">
                  <FormattedMessage
                    id="events.partOf"
                    values={{
                      parent: (
                        <RouterLink to={`?event=${parent.id}`}>
                          <Text as="bdi" color="brand.fg" textDecoration="underline">
                            {parent.title}
                          </Text>
                        </RouterLink>
                      ),
                    }}
                  />
                </Text>
              ) : null}
              <Heading as="h2" fontSize={{ base: 'xl', md: '2xl' }} color="brand.950" wordBreak="break-word">
                <bdi>{event.title}</bdi>
              </Heading>
            </Box>
            <Flex gap="2" flexShrink="0">
              <Button
                size="sm"
                variant="outline"
                onClick={onEdit}
                display={{ base: 'none', md: 'inline-flex' }}
              >
                <Pencil />
                {t('events.detail.edit')}
              </Button>
              <ActionMenu
                positioning={{ placement: 'bottom-end' }}
                onSelect={(details) => (details.value === 'delete' ? onDelete() : onEdit())}
                trigger={
                  <IconButton aria-label={t('events.detail.actions')} size="sm" variant="outline">
                    <Ellipsis />
                  </IconButton>
                }
                content={{ minW: '44' }}
              >
                <Menu.Item value="edit">
                  <Icon boxSize="4">
                    <Pencil />
                  </Icon>
                  {t('events.detail.editEvent')}
                </Menu.Item>
                <Menu.Item value="delete" color="fg.error" _hover={{ bg: 'bg.error', color: 'fg.error' }}>
                  <Icon boxSize="4">
                    <Trash2 />
                  </Icon>
                  {t('events.detail.deleteEvent')}
                </Menu.Item>
              </ActionMenu>
            </Flex>
          </Flex>
          <Stack gap="2" mt="4">
            <Fact icon={Calendar}>
              {formatCivilDay(event.localDate)}
              {hebrew ? (
                <Text as="span" color="gold.fg" fontWeight="medium">
                  {' '}
                  · {hebrewDateOf(event.localDate, language)}
                </Text>
              ) : null}
            </Fact>
            {times ? <Fact icon={Clock}>{times}</Fact> : null}
            {event.place ? (
              <Fact icon={Globe}>
                <bdi>{placeShortLabel(event.place)}</bdi>
              </Fact>
            ) : null}
            {event.venue ? (
              <Fact icon={MapPin}>
                <bdi>{event.venue}</bdi>
              </Fact>
            ) : null}
          </Stack>
          <Button asChild size="sm" variant="outline" mt="4">
            <a href={`/api/events/${event.id}/ics`} download>
              <CalendarPlus />
              {t('events.detail.addToCalendar')}
            </a>
          </Button>
          {event.notes ? (
            <Text
              mt="4"
              fontSize="sm"
              color="fg.muted"
              whiteSpace="pre-wrap"
              wordBreak="break-word"
              dir="auto"
            >
              {event.notes}
            </Text>
          ) : null}
          <ConflictNotice mt="4" level={conflict?.level} reason={conflict?.reason} about={conflict?.about} />
          {event.parentEventId ? null : <SubEvents event={event} subEvents={subEvents} />}
        </Box>
      </Box>

      <Tabs.Root
        defaultValue="overview"
        variant="line"
        size={{ base: 'sm', md: 'md' }}
        lazyMount
        unmountOnExit
      >
        <Box {...sideScroll}>
          <Tabs.List minW="max-content" w="full">
            {TABS.map((tab) => (
              <Tabs.Trigger key={tab.value} value={tab.value} px={{ base: '2.5', sm: '4' }}>
                {t(tab.label)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        </Box>
        {TABS.map((tab) => (
          <Tabs.Content key={tab.value} value={tab.value}>
            {tab.render(event)}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Stack>
  );
}

/** The event's six tabs, in order. */
const TABS: { value: string; label: MessageId; render: (event: EventDto) => ReactNode }[] = [
  { value: 'overview', label: 'events.tabs.overview', render: (event) => <OverviewTab event={event} /> },
  { value: 'tasks', label: 'events.tabs.tasks', render: (event) => <TasksTab event={event} /> },
  { value: 'deposits', label: 'events.tabs.deposits', render: (event) => <DepositsTab event={event} /> },
  { value: 'memos', label: 'events.tabs.memos', render: (event) => <MemosTab event={event} /> },
  { value: 'vendors', label: 'events.tabs.vendors', render: (event) => <VendorsTab eventId={event.id} /> },
  {
    value: 'guests',
    label: 'events.tabs.guests',
    render: (event) => (
      <TakenOverSuspense fallback={<GuestsLoading />}>
        <GuestsTab event={event} />
      </TakenOverSuspense>
    ),
  },
];

/** The guest list's tab while its code loads. */
function GuestsLoading() {
  const t = useT();
  return (
    <Stack gap="3" role="status" aria-busy="true" aria-label={t('events.tabs.guestsLoading')} mt="4">
      <Skeleton h="20" rounded="xl" />
      <Skeleton h="40" rounded="xl" />
    </Stack>
  );
}

/** A main event's sub-events (the aufruf, the kiddush, sheva brachot), each a link, and a way to add one. */
function SubEvents({ event, subEvents }: { event: EventDto; subEvents: EventDto[] }) {
  const t = useT();
  const iso = useIsolate();
  return (
    <Box mt="5" pt="4" borderTopWidth="1px" borderColor="border.muted">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h3" fontSize="sm" color="brand.950">
          {t('events.sub.heading')}
        </Heading>
        <Button asChild size="xs" variant="outline">
          <RouterLink to={`?event=${event.id}&new=1&parent=${event.id}`}>
            <Plus />
            {t('events.sub.add')}
          </RouterLink>
        </Button>
      </Flex>
      {subEvents.length === 0 ? (
        <Text fontSize="sm" color="fg.muted" mt="2">
          {t('events.sub.none')}
        </Text>
      ) : (
        <Stack
          as="ul"
          listStyleType="none"
          gap="1.5"
          mt="2"
          aria-label={t('events.sub.listLabel', { title: iso(event.title) })}
        >
          {subEvents.map((sub) => (
            <li key={sub.id}>
              <RouterLink to={`?event=${sub.id}`}>
                <Flex gap="2" align="baseline" fontSize="sm" wrap="wrap">
                  <Text as="span" color="brand.fg" fontWeight="medium" textDecoration="underline">
                    <bdi>{sub.title}</bdi>
                  </Text>
                  <Text as="span" color="fg.muted">
                    {formatCivilDay(sub.localDate)}
                    {eventTimes(sub) ? ` · ${eventTimes(sub)}` : ''}
                  </Text>
                </Flex>
              </RouterLink>
            </li>
          ))}
        </Stack>
      )}
    </Box>
  );
}

function Fact({ icon: Glyph, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <Flex gap="2.5" align="flex-start" fontSize="sm">
      <Box as="span" color="brand.fg" mt="0.5" display="inline-flex">
        <Icon boxSize="4">
          <Glyph />
        </Icon>
      </Box>
      <Text minW="0" wordBreak="break-word">
        {children}
      </Text>
    </Flex>
  );
}
