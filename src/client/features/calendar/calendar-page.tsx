import {
  Alert,
  Box,
  Button,
  Flex,
  Grid,
  Heading,
  HStack,
  Icon,
  IconButton,
  Link,
  SegmentGroup,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { CalendarSearch, ChevronLeft, ChevronRight, Flame } from 'lucide-react';
import { lazy, useMemo, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import { formatHebrewDate } from '../../../shared/jewish-calendar';
import { useHebrewDates } from '../../components/hebrew-dates';
import { PageFrame } from '../../components/page-frame';
import { SectionCard } from '../../components/section-card';
import { DirectionalIcon } from '../../i18n/bidi';
import { useLanguage } from '../../i18n/language';
import { useT } from '../../i18n/use-t';
import { TakenOverSuspense } from '../../lib/hydration-gate';
import { useCurrentUser } from '../../lib/session';
import { useWiderThan } from '../../lib/viewport';
import { CalendarGuide } from './calendar-guide';
import { CalendarLegend } from './calendar-legend';
import {
  buildDays,
  CALENDAR_VIEWS,
  type CalendarDay,
  formatLongDate,
  headingFor,
  hebrewHeading,
  parseView,
  shiftAnchor,
  timesRange,
} from './calendar-model';
import { DayItems } from './day-items';
import { FamilyEventsCard } from './family-events-card';
import { MonthGrid } from './month-grid';
import {
  useCalendarEvents,
  useCalendarLocation,
  useCalendarTimes,
  useFamilyCalendarEvents,
} from './use-calendar-data';
import { WeekView } from './week-view';

/** The "Find a date" dialog is loaded when first opened: most visits to the calendar never open it. */
const loadFindDate = () => import('./find-date-dialog');
const FindDateDialog = lazy(async () => ({ default: (await loadFindDate()).FindDateDialog }));

/** /calendar: the user's events beside Shabbat and the exact Jewish holidays. */
export function CalendarPage() {
  const { user } = useCurrentUser();
  const { enabled: hebrewDates } = useHebrewDates();
  const t = useT();
  const { language } = useLanguage();
  const compact = !useWiderThan('md');
  const { today, view, anchor, go } = useCalendarLocation();
  // "Shabbat warnings" off hides every tier on the family's screens (decision 034); the clock stays.
  const warnings = user?.shabbatWarningsEnabled ?? true;
  const myEvents = useCalendarEvents(warnings);
  const range = timesRange(view, anchor);
  const clock = useCalendarTimes(range.from, range.to);
  const familyLabel = user?.familyLabel ?? null;
  const family = useFamilyCalendarEvents(familyLabel);
  // Opened once, the dialog stays mounted so that closing it animates.
  const [findDate, setFindDate] = useState<'never' | 'open' | 'closed'>('never');

  const days = useMemo(
    () =>
      buildDays({
        view,
        anchor,
        today,
        events: myEvents.events,
        familyEvents: family.events,
        times: clock.times,
        warnings,
      }),
    [view, anchor, today, myEvents.events, family.events, clock.times, warnings],
  );
  const noHomePlace = clock.times !== null && clock.times.place === null;
  const selected: CalendarDay | undefined = days.find((day) => day.isSelected);
  const hebrew = hebrewHeading(view, anchor);
  const showSelected = view !== 'day' && selected !== undefined;
  // The cards under the calendar share one row on a wide screen, however many there are.
  const cardCount = 1 + (showSelected ? 1 : 0) + (familyLabel ? 1 : 0);

  return (
    <PageFrame
      title={t('calendar.page.title')}
      description={t('calendar.page.description')}
      actions={
        <Button
          variant="outline"
          onClick={() => setFindDate('open')}
          onPointerEnter={() => void loadFindDate()}
          onFocus={() => void loadFindDate()}
        >
          <CalendarSearch />
          {t('calendar.page.findDate')}
        </Button>
      }
    >
      {findDate !== 'never' ? (
        <TakenOverSuspense fallback={null}>
          <FindDateDialog open={findDate === 'open'} onClose={() => setFindDate('closed')} />
        </TakenOverSuspense>
      ) : null}
      <Stack gap="6">
        <SectionCard labelledBy="calendar-heading" p={{ base: '3', md: '6' }}>
          <Flex
            direction={{ base: 'column', lg: 'row' }}
            justify="space-between"
            align={{ base: 'stretch', lg: 'center' }}
            gap={{ base: '3', md: '4' }}
            mb={{ base: '3', md: '5' }}
          >
            <Box minW="0" px={{ base: '1', md: '0' }} aria-live="polite">
              <Heading
                id="calendar-heading"
                as="h2"
                fontSize={{ base: 'xl', md: '2xl' }}
                color="brand.950"
                data-testid="calendar-heading"
              >
                {headingFor(view, anchor)}
              </Heading>
              {hebrewDates ? (
                <HStack gap="2" wrap="wrap" mt="0.5" color="gold.fg" fontSize="sm" fontWeight="medium">
                  {/* A Hebrew page says it once, in Hebrew; an English page gives both. */}
                  <Text data-testid="calendar-hebrew-heading">
                    {language === 'he' ? hebrew.hebrew : hebrew.english}
                  </Text>
                  {language === 'he' ? null : (
                    <>
                      <Text aria-hidden color="fg.subtle">
                        ·
                      </Text>
                      <Text lang="he" dir="rtl">
                        {hebrew.hebrew}
                      </Text>
                    </>
                  )}
                </HStack>
              ) : null}
            </Box>
            <Flex gap={{ base: '2', md: '3' }} justify="space-between" align="center" wrap="wrap">
              <HStack gap="1">
                <IconButton
                  aria-label={t(`calendar.nav.previous.${view}`)}
                  variant="outline"
                  size={{ base: 'sm', md: 'md' }}
                  onClick={() => go((from) => ({ date: shiftAnchor(from.view, from.anchor, -1, today) }))}
                >
                  <DirectionalIcon>
                    <Icon boxSize="5">
                      <ChevronLeft />
                    </Icon>
                  </DirectionalIcon>
                </IconButton>
                <Button
                  variant="outline"
                  size={{ base: 'sm', md: 'md' }}
                  onClick={() => go({ date: today })}
                  aria-label={t('calendar.nav.todayLabel', { date: formatLongDate(today) })}
                >
                  {t('calendar.nav.today')}
                </Button>
                <IconButton
                  aria-label={t(`calendar.nav.next.${view}`)}
                  variant="outline"
                  size={{ base: 'sm', md: 'md' }}
                  onClick={() => go((from) => ({ date: shiftAnchor(from.view, from.anchor, 1, today) }))}
                >
                  <DirectionalIcon>
                    <Icon boxSize="5">
                      <ChevronRight />
                    </Icon>
                  </DirectionalIcon>
                </IconButton>
              </HStack>
              <SegmentGroup.Root
                value={view}
                onValueChange={(details) => go({ view: parseView(details.value) })}
                size={{ base: 'sm', md: 'md' }}
                aria-label={t('calendar.nav.view')}
              >
                <SegmentGroup.Indicator bg="bg" shadow="sm" />
                <SegmentGroup.Items
                  items={CALENDAR_VIEWS.map((value) => ({ value, label: t(`calendar.view.${value}`) }))}
                  px={{ base: '2.5', md: '4' }}
                />
              </SegmentGroup.Root>
            </Flex>
          </Flex>

          {myEvents.isError ? (
            <Alert.Root status="error" variant="subtle" rounded="lg" mb="4">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Description>{t('calendar.page.eventsFailed')}</Alert.Description>
              </Alert.Content>
              <Button size="xs" variant="outline" onClick={() => void myEvents.refetch()}>
                {t('calendar.tryAgain')}
              </Button>
            </Alert.Root>
          ) : null}

          {view === 'month' ? (
            <MonthGrid
              days={days}
              hebrewDates={hebrewDates}
              compact={compact}
              onSelect={(date) => go({ date })}
            />
          ) : view === 'week' ? (
            <WeekView days={days} hebrewDates={hebrewDates} onSelect={(date) => go({ date })} />
          ) : selected ? (
            <Box
              layerStyle="mutedOutline"
              p={{ base: '4', md: '6' }}
              data-testid="day-view"
              data-date={selected.date}
            >
              <DayItems day={selected} density="full" />
            </Box>
          ) : null}

          <Flex
            mt="4"
            px={{ base: '1', md: '0' }}
            justify="space-between"
            align="flex-start"
            gap="3"
            wrap="wrap"
          >
            <CalendarLegend />
            {clock.times?.place ? (
              <HStack gap="1.5" fontSize="sm" color="fg.muted" data-testid="calendar-place">
                <Icon boxSize="4" color="gold.fg" aria-hidden>
                  <Flame />
                </Icon>
                <FormattedMessage
                  id="calendar.page.timesFor"
                  values={{ place: <bdi>{clock.times.place.name}</bdi> }}
                />
              </HStack>
            ) : null}
            {noHomePlace ? (
              <Text fontSize="sm" color="fg.muted" data-testid="calendar-no-place">
                <FormattedMessage
                  id="calendar.page.noPlace"
                  values={{
                    link: (chunks) => (
                      <Link asChild color="brand.fg" fontWeight="medium">
                        <RouterLink to="/profile">{chunks}</RouterLink>
                      </Link>
                    ),
                  }}
                />
              </Text>
            ) : null}
            {clock.isError ? (
              <HStack gap="2" fontSize="sm" color="fg.muted">
                {t('calendar.page.timesFailed')}
                <Button size="xs" variant="outline" onClick={() => void clock.refetch()}>
                  {t('calendar.tryAgain')}
                </Button>
              </HStack>
            ) : null}
            {myEvents.isPending ? (
              <HStack gap="2" fontSize="sm" color="fg.muted">
                <Spinner size="xs" />
                {t('calendar.page.loading')}
              </HStack>
            ) : null}
          </Flex>
        </SectionCard>

        <Grid
          templateColumns={{
            base: 'minmax(0, 1fr)',
            md: 'repeat(2, minmax(0, 1fr))',
            xl: `repeat(${cardCount}, minmax(0, 1fr))`,
          }}
          gap="6"
          alignItems="start"
        >
          {showSelected && selected ? (
            <SelectedDayCard day={selected} hebrewDates={hebrewDates} onOpenDay={() => go({ view: 'day' })} />
          ) : null}
          {familyLabel ? (
            <FamilyEventsCard
              familyLabel={familyLabel}
              events={family.events}
              today={today}
              isPending={family.isPending}
              isError={family.isError}
              onRetry={() => void family.refetch()}
              onShow={(date) => go({ date })}
            />
          ) : null}
          <CalendarGuide />
        </Grid>
      </Stack>
    </PageFrame>
  );
}

function SelectedDayCard({
  day,
  hebrewDates,
  onOpenDay,
}: {
  day: CalendarDay;
  hebrewDates: boolean;
  onOpenDay: () => void;
}) {
  const t = useT();
  const { language } = useLanguage();
  return (
    <SectionCard labelledBy="selected-day-heading" data-testid="selected-day" data-date={day.date}>
      <Flex justify="space-between" align="flex-start" gap="3">
        <Box minW="0">
          <Text fontSize="xs" textStyle="eyebrow" color="fg.muted">
            {t('calendar.selected.eyebrow')}
          </Text>
          <Heading id="selected-day-heading" as="h2" fontSize="lg" color="brand.950" mt="1">
            {formatLongDate(day.date)}
          </Heading>
          {hebrewDates ? (
            <Stack gap="0" mt="0.5" fontSize="sm" color="gold.fg" fontWeight="medium">
              <Text>{formatHebrewDate(day.date, language)}</Text>
              {language === 'he' ? null : (
                <Text lang="he" dir="rtl" alignSelf="flex-start">
                  {day.hebrew.formattedHebrew}
                </Text>
              )}
            </Stack>
          ) : null}
        </Box>
        <Button size="xs" variant="ghost" onClick={onOpenDay} flexShrink="0">
          {t('calendar.selected.dayView')}
        </Button>
      </Flex>
      <Box mt="4">
        <DayItems day={day} density="full" />
      </Box>
    </SectionCard>
  );
}
