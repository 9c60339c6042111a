import { Badge, Box, Flex, HStack, Icon, Link, Stack, Text } from '@chakra-ui/react';
import { Clock, Flame, Info, MapPin, Moon, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { dayOfWeek, holidayTitle } from '../../../shared/jewish-calendar';
import { CONFLICT_TIERS, ConflictTierName } from '../../components/conflict-notice';
import { useObservanceName } from '../../components/observance-name';
import { useReasonText } from '../../components/observance-reason';
import { useLanguage } from '../../i18n/language';
import { useT } from '../../i18n/use-t';
import type { CalendarDay, CalendarEvent, FamilyCalendarEvent } from './calendar-model';
import { festivalName, formatTime } from './calendar-model';
import {
  eventPalette,
  HOLIDAY_KIND,
  HOLIDAY_PALETTE,
  REST_SPAN_BG,
  SHABBAT_BG,
  SHABBAT_BORDER,
} from './calendar-styles';
import { blockSentence, type DaySpan, type DayTimes, spanLabel } from './calendar-times';

type Density = 'compact' | 'full';

export function eventHref(id: string): string {
  return `/events?event=${encodeURIComponent(id)}`;
}

/** Everything on one day: Shabbat, festival eves, holidays, the user's and the family's events. */
export function DayItems({ day, density }: { day: CalendarDay; density: Density }) {
  const t = useT();
  const { language } = useLanguage();
  const full = density === 'full';
  const isFriday = dayOfWeek(day.date) === 5;
  const spans = day.times?.spans ?? [];
  const marks = day.times?.marks ?? [];
  // Without the home place's clock (none set, or not loaded yet) the eve can only be named.
  const eveNote =
    spans.length > 0
      ? null
      : day.eveOf
        ? t('calendar.day.erev', { holiday: festivalName(day.eveOf, language) })
        : isFriday
          ? t('calendar.day.friday')
          : null;
  const nothing =
    !day.isShabbat &&
    spans.length === 0 &&
    marks.length === 0 &&
    day.holidays.length === 0 &&
    day.events.length === 0 &&
    day.familyEvents.length === 0;

  return (
    <Stack gap={full ? '3' : '2'}>
      {spans.map((span) => (
        <RestSpan key={`${span.name} ${span.block.startsAt.toISOString()}`} span={span} full={full} />
      ))}
      {day.isShabbat && spans.length === 0 ? (
        <Notice bg={SHABBAT_BG} borderColor={SHABBAT_BORDER} color="gold.fg" full={full}>
          <Icon boxSize="4" flexShrink="0">
            <Flame />
          </Icon>
          {t(full ? 'calendar.day.shabbatFull' : 'calendar.notes.shabbat')}
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
            {holidayTitle(holiday, language)}
          </Badge>
          {full ? (
            <Text fontSize="sm" color="fg.muted">
              {t(holiday.cholHamoed ? 'calendar.day.cholHamoed' : HOLIDAY_KIND[holiday.type], {
                kind: t(HOLIDAY_KIND[holiday.type]),
              })}
            </Text>
          ) : null}
        </Flex>
      ))}
      {eveNote && (full || (day.eveOf && day.events.length > 0)) ? (
        <Text fontSize={full ? 'sm' : 'xs'} color="fg.muted">
          {eveNote}
        </Text>
      ) : null}
      {marks.map((mark) => (
        <DayMark key={mark.level + mark.reason} mark={mark} full={full} />
      ))}
      {day.events.map((event) => (
        <EventItem key={event.id} event={event} full={full} />
      ))}
      {day.familyEvents.map((event) => (
        <FamilyItem key={event.id} event={event} full={full} />
      ))}
      {nothing ? (
        <Text fontSize="sm" color="fg.subtle">
          {t(full ? 'calendar.day.nothingFull' : 'calendar.day.nothing')}
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

/**
 * A run of Shabbat and Yom Tov on this day at the home place, shaded: 'Shabbat from 16:12' on the
 * eve, 'until 17:16' on its last day; the day view adds the whole run and the place.
 */
function RestSpan({ span, full }: { span: DaySpan; full: boolean }) {
  const t = useT();
  const { language } = useLanguage();
  return (
    <Box
      px="2.5"
      py={full ? '2' : '1.5'}
      rounded="md"
      bg={REST_SPAN_BG}
      borderStartWidth="4px"
      borderStartColor="gold.solid"
      color="gold.fg"
      fontSize={full ? 'sm' : 'xs'}
      data-rest-span=""
      data-from={span.from ?? undefined}
      data-until={span.until ?? undefined}
    >
      <HStack gap="1.5" fontWeight="semibold" align="flex-start">
        <Icon boxSize={full ? '4' : '3.5'} flexShrink="0" mt="0.5" aria-hidden>
          {span.from || !span.until ? <Flame /> : <Moon />}
        </Icon>
        <Text as="span">{spanLabel(t, language, span)}</Text>
      </HStack>
      {full ? (
        <Text mt="0.5" color="fg.muted">
          {blockSentence(t, language, span.block, span.place)}
        </Text>
      ) : null}
    </Box>
  );
}

/** A day avoided by custom (orange) or worth knowing (blue), with the reason in words. */
function DayMark({ mark, full }: { mark: DayTimes['marks'][number]; full: boolean }) {
  const tier = CONFLICT_TIERS[mark.level];
  const reason = useReasonText()(mark.reason, mark.about);
  return (
    <Flex
      gap={full ? '2' : '1'}
      direction={full ? 'row' : 'column'}
      align={full ? 'baseline' : 'flex-start'}
      fontSize={full ? 'sm' : 'xs'}
      data-day-mark={mark.level}
    >
      <Badge
        colorPalette={tier.palette}
        variant="subtle"
        size={full ? 'md' : 'sm'}
        flexShrink="0"
        maxW="full"
        whiteSpace="normal"
      >
        <Icon boxSize="3" flexShrink="0" aria-hidden>
          {mark.level === 'custom' ? <TriangleAlert /> : <Info />}
        </Icon>
        <ConflictTierName level={mark.level} />
      </Badge>
      <Text as="span" color="fg.muted">
        {reason}
      </Text>
    </Flex>
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
  const t = useT();
  const observanceName = useObservanceName();
  const { level } = event.conflict;
  const reason = useReasonText()(event.conflict.reason, event.conflict.about);
  const palette = eventPalette(level);
  // A list's narrow column says the short reason; the day's detail the server's whole message.
  const said =
    level === 'forbidden' || level === 'custom'
      ? full
        ? reason
        : t(level === 'forbidden' ? 'calendar.day.conflictsWith' : 'calendar.day.avoided', {
            reason: event.conflict.legacyReason ? observanceName(event.conflict.legacyReason) : reason,
          })
      : full
        ? reason
        : null;
  return (
    <Link
      asChild
      display="block"
      textDecoration="none"
      {...striped(full, palette)}
      bg={`${palette}.subtle`}
      _hover={{ textDecoration: 'none', bg: `${palette}.muted` }}
      data-event-id={event.id}
      data-conflict-level={level ?? undefined}
    >
      <RouterLink to={eventHref(event.id)}>
        <Text fontWeight="semibold" color="brand.950" fontSize={full ? 'md' : 'sm'} lineClamp={2}>
          <bdi>{event.title}</bdi>
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
                <bdi>{event.venue}</bdi>
              </Text>
            </HStack>
          ) : null}
        </Stack>
        {level && said ? (
          <HStack gap="1.5" mt="1.5" align="flex-start" color={`${palette}.fg`} fontSize={full ? 'sm' : 'xs'}>
            <Icon boxSize="3.5" flexShrink="0" mt="0.5" aria-hidden>
              {level === 'info' ? <Info /> : <TriangleAlert />}
            </Icon>
            <Text as="span" fontWeight="medium">
              {full ? <ConflictTierName level={level} colon /> : null}
              {said}
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
        <bdi>{event.title}</bdi>
      </Text>
      <Text fontSize={full ? 'sm' : 'xs'} color="fg.muted">
        <bdi>{event.ownerName}</bdi>
        {event.time ? ` · ${formatTime(event.time)}` : ''}
      </Text>
    </Box>
  );
}
