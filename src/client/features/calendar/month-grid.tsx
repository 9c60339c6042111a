import { Box, type BoxProps, Flex, Grid, HStack, Icon, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { Flame, Moon } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { holidayTitle } from '../../../shared/jewish-calendar';
import { useReasonText } from '../../components/observance-reason';
import { RowButton } from '../../components/row-button';
import { useLanguage } from '../../i18n/language';
import { useIsolate } from '../../i18n/use-isolate';
import { useT } from '../../i18n/use-t';
import { dateFormat } from '../../lib/intl';
import { type CalendarDay, describeDay } from './calendar-model';
import { eventPalette, HOLIDAY_PALETTE, SHABBAT_BG } from './calendar-styles';
import { ConflictMarker } from './conflict-marker';
import { eventHref } from './day-items';

/**
 * The weekday headings in the page's language, Sunday first in every language: 'Sun' from a tablet
 * up, 'S' on a phone (in Hebrew 'יום א׳' and 'א׳').
 */
function weekdays(): { short: string; narrow: string }[] {
  // 2023-01-01 was a Sunday; noon UTC is that day in every zone the app serves.
  return Array.from({ length: 7 }, (_, index) => {
    const day = new Date(Date.UTC(2023, 0, 1 + index, 12));
    return {
      short: dateFormat({ weekday: 'short', timeZone: 'UTC' }).format(day),
      narrow: dateFormat({ weekday: 'narrow', timeZone: 'UTC' }).format(day),
    };
  });
}

/**
 * The cell an arrow key moves to, as a step through the grid's days: the reading way, so that right
 * to left ArrowLeft is the next day and ArrowRight the one before; up and down a week. Null for
 * other keys.
 */
export function arrowStep(key: string, rtl: boolean): number | null {
  switch (key) {
    case 'ArrowLeft':
      return rtl ? 1 : -1;
    case 'ArrowRight':
      return rtl ? -1 : 1;
    case 'ArrowUp':
      return -7;
    case 'ArrowDown':
      return 7;
    default:
      return null;
  }
}

/** Moves the focus from one day's button to another's with the arrow keys. */
function moveFocus(event: KeyboardEvent<HTMLElement>): void {
  const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
  const step = arrowStep(event.key, rtl);
  if (step === null) return;
  const buttons = Array.from(
    event.currentTarget.querySelectorAll<HTMLElement>('[data-calendar-cell] > [data-day-button]'),
  );
  const at = buttons.indexOf(document.activeElement as HTMLElement);
  const next = at < 0 ? undefined : buttons[at + step];
  if (!next) return;
  event.preventDefault();
  next.focus();
}

/** Chips a desktop cell shows before '+N more'. */
const MAX_CHIPS = 3;

interface MonthGridProps {
  days: CalendarDay[];
  hebrewDates: boolean;
  /** Phone layout: dots instead of chips. */
  compact: boolean;
  onSelect: (date: string) => void;
}

/** The 6-week month grid (42 cells from Sunday). A cell selects its day; a chip opens its event. */
export function MonthGrid({ days, hebrewDates, compact, onSelect }: MonthGridProps) {
  const t = useT();
  return (
    <Box layerStyle="mutedOutline" overflow="hidden" data-testid="month-grid">
      <Grid templateColumns="repeat(7, minmax(0, 1fr))" bg="bg.muted" aria-hidden>
        {weekdays().map((weekday, index) => (
          <Text
            key={weekday.short + String(index)}
            textAlign="center"
            py="2"
            fontSize="xs"
            textStyle="eyebrow"
            color={index === 6 ? 'gold.fg' : 'fg.muted'}
          >
            {compact ? weekday.narrow : weekday.short}
          </Text>
        ))}
      </Grid>
      <Grid
        as="ol"
        listStyleType="none"
        templateColumns="repeat(7, minmax(0, 1fr))"
        gap="1px"
        bg="border.muted"
        borderTopWidth="1px"
        borderColor="border.muted"
        aria-label={t('calendar.month.days')}
        onKeyDown={moveFocus}
      >
        {days.map((day) =>
          compact ? (
            <CompactCell key={day.date} day={day} hebrewDates={hebrewDates} onSelect={onSelect} />
          ) : (
            <FullCell key={day.date} day={day} hebrewDates={hebrewDates} onSelect={onSelect} />
          ),
        )}
      </Grid>
    </Box>
  );
}

interface CellProps {
  day: CalendarDay;
  hebrewDates: boolean;
  onSelect: (date: string) => void;
}

function cellBg(day: CalendarDay): string {
  if (day.isShabbat) return SHABBAT_BG;
  return day.inMonth ? 'bg' : 'bg.subtle';
}

function cellData(day: CalendarDay) {
  return {
    'data-calendar-cell': '',
    'data-date': day.date,
    'data-in-month': day.inMonth ? 'true' : 'false',
    'data-shabbat': day.isShabbat ? 'true' : undefined,
    'data-holiday-types': day.holidayTypes.join(' ') || undefined,
    'data-conflict': day.hasConflict ? 'true' : undefined,
    'data-conflict-level': day.conflictLevel ?? undefined,
    'data-candle-lighting': day.times?.candleLighting ?? undefined,
    'data-havdalah': day.times?.havdalah ?? undefined,
    'data-selected': day.isSelected ? 'true' : undefined,
  };
}

/** The whole cell is the day's button; the event chips sit above it as their own links. */
function SelectButton({ day, hebrewDates, onSelect }: CellProps) {
  const t = useT();
  const { language } = useLanguage();
  return (
    <RowButton
      position="absolute"
      inset="0"
      h="full"
      ringOffset="-2px"
      aria-label={describeDay(t, day, hebrewDates, language)}
      data-day-button=""
      aria-pressed={day.isSelected}
      aria-current={day.isToday ? 'date' : undefined}
      onClick={() => onSelect(day.date)}
      _hover={{ bg: 'blackAlpha.50' }}
    />
  );
}

function DayNumber({ day, size }: { day: CalendarDay; size: 'sm' | 'md' }) {
  const box = size === 'sm' ? '6' : '7';
  return (
    <Flex
      boxSize={box}
      align="center"
      justify="center"
      rounded="full"
      fontSize={size === 'sm' ? 'sm' : 'sm'}
      fontWeight={day.isToday || day.isSelected ? 'bold' : 'medium'}
      bg={day.isToday ? 'brand.solid' : undefined}
      color={day.isToday ? 'brand.contrast' : day.inMonth ? 'fg' : 'fg.subtle'}
      flexShrink="0"
    >
      {day.dayOfMonth}
    </Flex>
  );
}

function HebrewDay({ day, size }: { day: CalendarDay; size: 'xs' | '2xs' }) {
  return (
    <Text
      lang="he"
      dir="rtl"
      fontSize={size}
      lineHeight="1.2"
      color={day.inMonth ? 'fg.muted' : 'fg.subtle'}
      whiteSpace="nowrap"
      aria-hidden
    >
      {day.hebrew.dayHebrew}
      {size === 'xs' && day.hebrew.day === 1 ? ` ${day.hebrew.monthHebrew}` : ''}
    </Text>
  );
}

/**
 * Candle-lighting and havdalah at the home place: a flame or a moon and the time, with the word
 * beside them from a tablet up ('Candles 16:12'); a screen reader hears 'Candle-lighting 16:12'.
 */
function DayClock({ day, compact }: { day: CalendarDay; compact: boolean }) {
  const times = day.times;
  const t = useT();
  if (!times || (!times.candleLighting && !times.havdalah)) return null;
  const lines = [
    times.candleLighting
      ? {
          key: 'candles',
          icon: Flame,
          word: t('calendar.clock.candles'),
          name: t('calendar.clock.candleLighting'),
          time: times.candleLighting,
        }
      : null,
    times.havdalah
      ? {
          key: 'havdalah',
          icon: Moon,
          word: t('calendar.clock.havdalah'),
          name: t('calendar.clock.havdalah'),
          time: times.havdalah,
        }
      : null,
  ].filter((line) => line !== null);
  return (
    <Stack gap="0" position="relative" pointerEvents="none" align={compact ? 'center' : 'flex-start'}>
      {lines.map((line) => (
        <HStack
          key={line.key}
          gap={compact ? '0.5' : '1'}
          fontSize="2xs"
          lineHeight="1.4"
          fontWeight="medium"
          color="gold.fg"
          whiteSpace="nowrap"
          maxW="full"
          overflow="hidden"
          data-day-clock={line.key}
        >
          <Icon boxSize={compact ? '2.5' : '3'} flexShrink="0" aria-hidden>
            <line.icon />
          </Icon>
          <VisuallyHidden>{line.name} </VisuallyHidden>
          {compact ? null : (
            <Text as="span" aria-hidden>
              {line.word}
            </Text>
          )}
          <Text as="span" fontWeight="semibold" fontVariantNumeric="tabular-nums">
            {line.time}
          </Text>
        </HStack>
      ))}
    </Stack>
  );
}

/** One day of the grid: its tint and selection ring, its data for tests, and its button under the content. */
function DayCell({ day, hebrewDates, onSelect, children, ...box }: CellProps & Omit<BoxProps, 'onSelect'>) {
  return (
    <Box
      as="li"
      position="relative"
      bg={cellBg(day)}
      boxShadow={day.isSelected ? 'inset 0 0 0 2px var(--chakra-colors-brand-solid)' : undefined}
      {...cellData(day)}
      {...box}
    >
      <SelectButton day={day} hebrewDates={hebrewDates} onSelect={onSelect} />
      {children}
    </Box>
  );
}

function FullCell({ day, hebrewDates, onSelect }: CellProps) {
  const t = useT();
  const { language } = useLanguage();
  const reasonOf = useReasonText();
  const iso = useIsolate();
  const chips = day.holidays.length + day.events.length;
  const holidays = day.holidays.slice(0, MAX_CHIPS);
  const events = day.events.slice(0, Math.max(0, MAX_CHIPS - holidays.length));
  const hidden = chips - holidays.length - events.length;
  return (
    <DayCell day={day} hebrewDates={hebrewDates} onSelect={onSelect} minH="32" p="1.5">
      <Flex position="relative" pointerEvents="none" align="center" justify="space-between" gap="1">
        <HStack gap="1">
          <DayNumber day={day} size="md" />
          <ConflictMarker day={day} size="4" />
        </HStack>
        {hebrewDates ? <HebrewDay day={day} size="xs" /> : null}
      </Flex>
      <DayClock day={day} compact={false} />
      <Stack position="relative" pointerEvents="none" gap="1" mt="1">
        {holidays.map((holiday) => (
          <Text
            key={holiday.id + holiday.day}
            fontSize="2xs"
            fontWeight="semibold"
            lineHeight="1.4"
            px="1.5"
            py="0.5"
            rounded="sm"
            bg={`${HOLIDAY_PALETTE[holiday.type]}.subtle`}
            color={`${HOLIDAY_PALETTE[holiday.type]}.fg`}
            borderStartWidth="3px"
            borderStartColor={`${HOLIDAY_PALETTE[holiday.type]}.solid`}
            truncate
            title={holidayTitle(holiday, language)}
          >
            {holidayTitle(holiday, language)}
          </Text>
        ))}
        {events.map((event) => {
          const level = event.conflict.level;
          const warned = level === 'forbidden' || level === 'custom';
          return (
            <Box
              asChild
              key={event.id}
              pointerEvents="auto"
              display="block"
              fontSize="xs"
              fontWeight="semibold"
              lineHeight="1.4"
              px="1.5"
              // 24 px tall at least: the smallest target WCAG 2.2 allows (2.5.8).
              py="1"
              rounded="sm"
              bg={`${eventPalette(level, true)}.solid`}
              color="white"
              truncate
              _hover={{ opacity: 0.9 }}
              _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '1px' }}
              title={
                warned
                  ? t('calendar.event.titleWithReason', {
                      title: iso(event.title),
                      reason: reasonOf(event.conflict.reason, event.conflict.about) ?? '',
                    })
                  : event.title
              }
              data-event-chip=""
              data-conflict-level={level ?? undefined}
            >
              <RouterLink to={eventHref(event.id)}>
                <bdi>{event.title}</bdi>
              </RouterLink>
            </Box>
          );
        })}
        {hidden > 0 ? (
          <Text fontSize="2xs" fontWeight="medium" color="fg.muted" px="1.5">
            {t('calendar.month.more', { count: hidden })}
          </Text>
        ) : null}
      </Stack>
    </DayCell>
  );
}

function CompactCell({ day, hebrewDates, onSelect }: CellProps) {
  return (
    <DayCell day={day} hebrewDates={hebrewDates} onSelect={onSelect} minH="16" pt="1" pb="1.5">
      <Stack position="relative" pointerEvents="none" align="center" gap="0.5">
        <DayNumber day={day} size="sm" />
        {hebrewDates ? <HebrewDay day={day} size="2xs" /> : null}
        <DayClock day={day} compact />
        <HStack gap="0.5" justify="center" wrap="wrap" minH="1.5" px="0.5">
          {day.holidayTypes.map((type) => (
            <Box key={type} boxSize="1.5" rounded="full" bg={`${HOLIDAY_PALETTE[type]}.solid`} />
          ))}
          {day.events.length > 0 && !day.hasConflict ? (
            <Box boxSize="1.5" rounded="full" bg="brand.solid" />
          ) : null}
          <ConflictMarker day={day} size="3" />
        </HStack>
      </Stack>
    </DayCell>
  );
}
