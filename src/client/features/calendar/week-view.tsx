import { Box, defineStyle, Flex, Grid, HStack, Text, VisuallyHidden } from '@chakra-ui/react';
import { RowButton } from '../../components/row-button';
import { useLanguage } from '../../i18n/language';
import { useT } from '../../i18n/use-t';
import { type CalendarDay, dayNotes, formatMonthShort, formatWeekday } from './calendar-model';
import { SHABBAT_BG } from './calendar-styles';
import { ConflictMarker } from './conflict-marker';
import { DayItems } from './day-items';

interface WeekViewProps {
  days: CalendarDay[];
  hebrewDates: boolean;
  onSelect: (date: string) => void;
}

/** The strip atop a week's day that selects it: padded, ruled off from its items, tinted when pointed at. */
const DAY_HEADER = defineStyle({
  px: '3',
  py: '2',
  borderBottomWidth: '1px',
  borderColor: 'border.muted',
  _hover: { bg: 'brand.muted' },
});

/** Seven days with their holidays and events: columns on a wide screen, a list on a phone. */
export function WeekView({ days, hebrewDates, onSelect }: WeekViewProps) {
  const t = useT();
  const { language } = useLanguage();
  return (
    <Grid
      as="ol"
      listStyleType="none"
      templateColumns={{ base: '1fr', md: 'repeat(7, minmax(0, 1fr))' }}
      gap={{ base: '3', md: '2' }}
      aria-label={t('calendar.week.days')}
      data-testid="week-view"
    >
      {days.map((day) => (
        <Box
          as="li"
          key={day.date}
          layerStyle="mutedOutline"
          borderColor={day.isSelected ? 'brand.solid' : 'border.muted'}
          bg={day.isShabbat ? SHABBAT_BG : 'bg'}
          overflow="hidden"
          minW="0"
          data-calendar-day={day.date}
          data-conflict={day.hasConflict ? 'true' : undefined}
        >
          <RowButton
            css={DAY_HEADER}
            bg={day.isToday ? 'brand.subtle' : 'blackAlpha.50'}
            ringOffset="-2px"
            aria-pressed={day.isSelected}
            aria-current={day.isToday ? 'date' : undefined}
            onClick={() => onSelect(day.date)}
          >
            <Flex
              direction={{ base: 'row', md: 'column' }}
              align={{ base: 'center', md: 'flex-start' }}
              gap={{ base: '3', md: '0' }}
            >
              <Text
                fontSize="xs"
                textStyle="eyebrow"
                color={day.isShabbat ? 'gold.fg' : 'fg.muted'}
                minW={{ base: '10', md: 'auto' }}
              >
                {formatWeekday(day.date)}
              </Text>
              <HStack gap="1.5" flex="1">
                <Text fontSize="xl" fontWeight="bold" color={day.isToday ? 'brand.fg' : 'brand.950'}>
                  {day.dayOfMonth}
                </Text>
                <Text fontSize="xs" color="fg.muted">
                  {formatMonthShort(day.date)}
                </Text>
                {/* The button's name is what it shows ('Sun 18 Apr'), then the year and what falls on the day. */}
                <VisuallyHidden>
                  {[` ${day.date.slice(0, 4)}`, ...dayNotes(t, day, hebrewDates, language)].join(', ')}
                </VisuallyHidden>
                <ConflictMarker day={day} size="4" />
              </HStack>
              {hebrewDates ? (
                <Text lang="he" dir="rtl" fontSize="xs" color="fg.muted" aria-hidden>
                  {day.hebrew.dayHebrew} {day.hebrew.monthHebrew}
                </Text>
              ) : null}
            </Flex>
          </RowButton>
          <Box p="2.5">
            <DayItems day={day} density="compact" />
          </Box>
        </Box>
      ))}
    </Grid>
  );
}
