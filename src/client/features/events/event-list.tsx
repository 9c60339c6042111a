import { Badge, Flex, Stack, Text } from '@chakra-ui/react';
import type { EventDto } from '../../../shared/schemas/event-answers';
import { ConflictBadge } from '../../components/conflict-notice';
import { HebrewDateLine } from '../../components/hebrew-date-line';
import { placeShortLabel } from '../../components/place-picker';
import { SelectableCard } from '../../components/selectable-card';
import { useCurrentUser } from '../../lib/session';
import { eventTimes, formatCivilDay, isUpcoming, upcomingThenPast } from './format';
import { formatAmount } from './money';

/** The left column of My Events: every event, upcoming soonest first then past, each a link that selects it. */
export function EventList({ events, selectedId }: { events: EventDto[]; selectedId: string | null }) {
  const { user } = useCurrentUser();
  const warn = user?.shabbatWarningsEnabled ?? false;
  return (
    <Stack as="ul" gap="2" listStyleType="none" aria-label="Your events">
      {upcomingThenPast(events).map((event) => {
        const selected = event.id === selectedId;
        const past = !isUpcoming(event.localDate);
        const times = eventTimes(event);
        return (
          <li key={event.id}>
            <SelectableCard to={`?event=${event.id}`} selected={selected} p="4" raiseSelected>
              <Flex justify="space-between" align="flex-start" gap="2">
                <Text textStyle="itemTitle" lineClamp={2}>
                  {event.title}
                </Text>
                <Badge variant="subtle" colorPalette={past ? 'gray' : 'brand'} flexShrink="0">
                  {past ? 'Past' : event.type}
                </Badge>
              </Flex>
              <Text fontSize="sm" color="fg.muted" mt="1">
                {formatCivilDay(event.localDate)}
                {times ? ` · ${times}` : ''}
              </Text>
              {event.place ? (
                <Text fontSize="sm" color="fg.muted" truncate>
                  {placeShortLabel(event.place)}
                </Text>
              ) : null}
              <HebrewDateLine date={event.localDate} />
              {warn && event.conflict.level ? (
                <Flex mt="2">
                  <ConflictBadge level={event.conflict.level} reason={event.conflict.reason} />
                </Flex>
              ) : null}
              <Text textStyle="caption" mt="2">
                {event.completedTasks}/{event.totalTasks} tasks · {formatAmount(event.paidAmount)} paid
              </Text>
            </SelectableCard>
          </li>
        );
      })}
    </Stack>
  );
}
