import { Badge, Box, Flex, HStack, Icon, Link, Stack, Text } from '@chakra-ui/react';
import { Clock, Flame, MapPin, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { dayOfWeek, EVENING_CONFLICT_CUTOFF } from '../../../shared/jewish-calendar';
import type { CalendarDay, CalendarEvent, FamilyCalendarEvent } from './calendar-model';
import { formatTime } from './calendar-model';
import {
  CONFLICT_PALETTE,
  HOLIDAY_KIND,
  HOLIDAY_PALETTE,
  SHABBAT_BG,
  SHABBAT_BORDER,
} from './calendar-styles';

type Density = 'compact' | 'full';

export function eventHref(id: string): string {
  return `/events?event=${encodeURIComponent(id)}`;
}

/** Everything on one day: Shabbat, festival eves, holidays, the user's and the family's events. */
export function DayItems({ day, density }: { day: CalendarDay; density: Density }) {
  const full = density === 'full';
  const isFriday = dayOfWeek(day.date) === 5;
  const cutoff = formatTime(EVENING_CONFLICT_CUTOFF);
  const eveNote = day.eveOf
    ? `Erev ${day.eveOf}: events from ${cutoff} conflict with ${day.eveOf}.`
    : isFriday
      ? `Friday: events from ${cutoff} conflict with Shabbat.`
      : null;
  const nothing =
    !day.isShabbat && day.holidays.length === 0 && day.events.length === 0 && day.familyEvents.length === 0;

  return (
    <Stack gap={full ? '3' : '2'}>
      {day.isShabbat ? (
        <Notice bg={SHABBAT_BG} borderColor={SHABBAT_BORDER} color="gold.fg" full={full}>
          <Icon boxSize="4" flexShrink="0">
            <Flame />
          </Icon>
          {full ? 'Shabbat: events on this day conflict.' : 'Shabbat'}
        </Notice>
      ) : null}
      {day.holidays.map((holiday) => (
        <Flex
          key={holiday.id + holiday.day}
          gap="2"
          align={full ? 'center' : 'flex-start'}
          direction={full ? 'row' : 'column'}
          wrap="wrap"
        >
          <Badge
            colorPalette={HOLIDAY_PALETTE[holiday.type]}
            variant="subtle"
            size={full ? 'md' : 'sm'}
            whiteSpace="normal"
            textAlign="start"
            data-holiday-type={holiday.type}
          >
            {holiday.title}
          </Badge>
          {full ? (
            <Text fontSize="sm" color="fg.muted">
              {HOLIDAY_KIND[holiday.type]}
              {holiday.cholHamoed ? ' (Chol HaMoed)' : ''}
            </Text>
          ) : null}
        </Flex>
      ))}
      {eveNote && (full || (day.eveOf && day.events.length > 0)) ? (
        <Text fontSize={full ? 'sm' : 'xs'} color="fg.muted">
          {eveNote}
        </Text>
      ) : null}
      {day.events.map((event) => (
        <EventItem key={event.id} event={event} full={full} />
      ))}
      {day.familyEvents.map((event) => (
        <FamilyItem key={event.id} event={event} full={full} />
      ))}
      {nothing ? (
        <Text fontSize="sm" color="fg.subtle">
          {full ? 'Nothing on the calendar for this day.' : 'Nothing scheduled'}
        </Text>
      ) : null}
    </Stack>
  );
}

function Notice({
  children,
  bg,
  borderColor,
  color,
  full,
}: {
  children: ReactNode;
  bg: string;
  borderColor: string;
  color: string;
  full: boolean;
}) {
  return (
    <HStack
      gap="2"
      px="2.5"
      py={full ? '2' : '1'}
      rounded="md"
      bg={bg}
      borderWidth="1px"
      borderColor={borderColor}
      color={color}
      fontSize={full ? 'sm' : 'xs'}
      fontWeight="medium"
    >
      {children}
    </HStack>
  );
}

/** An item's card: a thin border with a thick stripe of the palette's colour at its start. */
function striped(full: boolean, palette: string, border = `${palette}.muted`) {
  return {
    rounded: 'lg',
    borderWidth: '1px',
    borderColor: border,
    borderStartWidth: '4px',
    borderStartColor: `${palette}.solid`,
    px: '3',
    py: full ? '2.5' : '2',
  };
}

function EventItem({ event, full }: { event: CalendarEvent; full: boolean }) {
  const conflict = event.conflict.hasConflict;
  return (
    <Link
      asChild
      display="block"
      textDecoration="none"
      {...striped(full, conflict ? 'red' : 'brand')}
      bg={conflict ? 'red.subtle' : 'brand.subtle'}
      _hover={{ textDecoration: 'none', bg: conflict ? 'red.muted' : 'brand.muted' }}
      data-event-id={event.id}
    >
      <RouterLink to={eventHref(event.id)}>
        <Text fontWeight="semibold" color="brand.950" fontSize={full ? 'md' : 'sm'} lineClamp={2}>
          {event.title}
        </Text>
        <Stack gap="0.5" mt="1" fontSize={full ? 'sm' : 'xs'} color="fg.muted">
          {event.time ? (
            <HStack gap="1.5">
              <Icon boxSize="3.5" flexShrink="0">
                <Clock />
              </Icon>
              {formatTime(event.time)}
            </HStack>
          ) : null}
          {full && event.venue ? (
            <HStack gap="1.5">
              <Icon boxSize="3.5" flexShrink="0">
                <MapPin />
              </Icon>
              <Text as="span" truncate>
                {event.venue}
              </Text>
            </HStack>
          ) : null}
        </Stack>
        {conflict ? (
          <HStack gap="1.5" mt="1.5" color={`${CONFLICT_PALETTE}.fg`} fontSize={full ? 'sm' : 'xs'}>
            <Icon boxSize="3.5" flexShrink="0">
              <TriangleAlert />
            </Icon>
            <Text as="span" fontWeight="medium">
              Conflicts with {event.conflict.reason}
            </Text>
          </HStack>
        ) : null}
      </RouterLink>
    </Link>
  );
}

function FamilyItem({ event, full }: { event: FamilyCalendarEvent; full: boolean }) {
  return (
    <Box {...striped(full, 'gold', 'border.muted')}>
      <Text fontWeight="semibold" color="brand.950" fontSize={full ? 'md' : 'sm'} lineClamp={2}>
        {event.title}
      </Text>
      <Text fontSize={full ? 'sm' : 'xs'} color="fg.muted">
        {event.ownerName}
        {event.time ? ` · ${formatTime(event.time)}` : ''}
      </Text>
    </Box>
  );
}
