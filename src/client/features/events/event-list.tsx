import { Badge, Box, Flex, Stack, Text } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import type { EventDto } from '../../../shared/schemas/event-answers';
import { ConflictBadge } from '../../components/conflict-notice';
import { HebrewDateLine } from '../../components/hebrew-date-line';
import { placeShortLabel } from '../../components/place-picker';
import { SelectableCard } from '../../components/selectable-card';
import { term } from '../../i18n/terms';
import { useIsolate } from '../../i18n/use-isolate';
import { useT } from '../../i18n/use-t';
import { useCurrentUser } from '../../lib/session';
import { eventTimes, formatCivilDay, isUpcoming, upcomingThenPast } from './format';
import { formatAmount } from './money';

/**
 * The events in the order the list shows them: main events upcoming soonest first then past, each
 * followed by its sub-events by date (a sub-event whose main event is not listed stands on its own).
 */
export function withSubEvents(events: EventDto[]): { event: EventDto; sub: boolean }[] {
  const ordered = upcomingThenPast(events);
  const ids = new Set(events.map((event) => event.id));
  const subsOf = new Map<string, EventDto[]>();
  for (const event of [...events].sort((a, b) => a.localDate.localeCompare(b.localDate))) {
    const parent = event.parentEventId;
    if (parent && ids.has(parent)) subsOf.set(parent, [...(subsOf.get(parent) ?? []), event]);
  }
  return ordered
    .filter((event) => !(event.parentEventId && ids.has(event.parentEventId)))
    .flatMap((event) => [
      { event, sub: false },
      ...(subsOf.get(event.id) ?? []).map((sub) => ({ event: sub, sub: true })),
    ]);
}

/** The left column of My Events: every event, upcoming soonest first then past, each a link that selects it. */
export function EventList({ events, selectedId }: { events: EventDto[]; selectedId: string | null }) {
  const { user } = useCurrentUser();
  const t = useT();
  const iso = useIsolate();
  const warn = user?.shabbatWarningsEnabled ?? false;
  const titles = new Map(events.map((event) => [event.id, event.title]));
  return (
    <Stack as="ul" gap="2" listStyleType="none" aria-label={t('events.list.label')}>
      {withSubEvents(events).map(({ event, sub }) => {
        const selected = event.id === selectedId;
        const past = !isUpcoming(event.localDate);
        const times = eventTimes(event);
        return (
          <Box as="li" key={event.id} ms={sub ? { base: '4', md: '5' } : undefined}>
            <SelectableCard to={`?event=${event.id}`} selected={selected} p="4" raiseSelected>
              {sub ? (
                <Text fontSize="xs" color="fg.muted" mb="1" truncate>
                  <FormattedMessage
                    id="events.partOf"
                    values={{ parent: <bdi>{titles.get(event.parentEventId ?? '')}</bdi> }}
                  />
                </Text>
              ) : null}
              <Flex justify="space-between" align="flex-start" gap="2">
                <Text textStyle="itemTitle" lineClamp={2}>
                  <bdi>{event.title}</bdi>
                </Text>
                <Badge variant="subtle" colorPalette={past ? 'gray' : 'brand'} flexShrink="0">
                  {past ? t('events.list.past') : term(t, 'eventType', event.type)}
                </Badge>
              </Flex>
              <Text fontSize="sm" color="fg.muted" mt="1">
                {formatCivilDay(event.localDate)}
                {times ? ` · ${times}` : ''}
              </Text>
              {event.place ? (
                <Text fontSize="sm" color="fg.muted" truncate>
                  <bdi>{placeShortLabel(event.place)}</bdi>
                </Text>
              ) : null}
              <HebrewDateLine date={event.localDate} />
              {warn && event.conflict.level ? (
                <Flex mt="2">
                  <ConflictBadge
                    level={event.conflict.level}
                    reason={event.conflict.reason}
                    about={event.conflict.about}
                  />
                </Flex>
              ) : null}
              <Text textStyle="caption" mt="2">
                {t('events.list.progress', {
                  done: event.completedTasks,
                  total: event.totalTasks,
                  paid: iso(formatAmount(event.paidAmount)),
                })}
              </Text>
            </SelectableCard>
          </Box>
        );
      })}
    </Stack>
  );
}
