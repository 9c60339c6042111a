import {
  Alert,
  Badge,
  Box,
  Button,
  chakra,
  Flex,
  Heading,
  HStack,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import type { CalendarEntryDto, MyAvailabilityDto } from '../../../shared/schemas/availability';
import { ErrorAlert } from '../../components/error-alert';
import { FormInput, FormSelect } from '../../components/form-fields';
import { addMonths, daysOfMonth, MonthGrid, monthName } from '../../components/month-grid';
import { Panel } from '../../components/panel';
import { DirectionalIcon } from '../../i18n/bidi';
import type { MessageId } from '../../i18n/catalogue';
import { useLanguage } from '../../i18n/language';
import { useT } from '../../i18n/use-t';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/use-zod-form';
import { DAY_LOOK, DAY_STATES, dayState, restName, restOn } from './calendar-day';
import { formatLongDay, specificMessage } from './format';
import { ListingTab, type ListingTabFrame } from './listing-picker';

const PARTS = [
  { value: 'day', label: 'vendorDashboard.calendar.part.day' },
  { value: 'morning', label: 'vendorDashboard.calendar.part.morning' },
  { value: 'afternoon', label: 'vendorDashboard.calendar.part.afternoon' },
  { value: 'evening', label: 'vendorDashboard.calendar.part.evening' },
] as const satisfies readonly { value: string; label: MessageId }[];
type Part = (typeof PARTS)[number]['value'];

const STATUS_OPTIONS = [
  { value: '', label: 'vendorDashboard.calendar.status.none' },
  { value: 'open', label: 'vendorDashboard.calendar.status.open' },
  { value: 'booked', label: 'vendorDashboard.calendar.status.booked' },
  { value: 'held', label: 'vendorDashboard.calendar.status.held' },
  { value: 'closed', label: 'vendorDashboard.calendar.status.closed' },
] as const satisfies readonly { value: string; label: MessageId }[];

/** The colour of a part of the day's mark (the small dots in a day). */
const STATUS_COLOR: Record<string, string> = { open: 'green', booked: 'red', held: 'orange', closed: 'gray' };

/** The padding of the tab's cards, as the dashboard's other cards have it. */
const CARD_PADDING = { base: '4', md: '6' } as const;

/** What each colour and mark of the month means, in plain words. */
function CalendarLegend() {
  const t = useT();
  return (
    <SimpleGrid
      as="ul"
      aria-label={t('vendorDashboard.calendar.legend.label')}
      data-testid="vendor-calendar-legend"
      listStyleType="none"
      columns={{ base: 1, sm: 2, lg: 3 }}
      gap="2"
      mt="4"
      textStyle="xs"
      color="fg.muted"
    >
      {DAY_STATES.map((state) => (
        <HStack as="li" key={state} gap="2" align="flex-start">
          <Box w="3" h="3" mt="0.5" flexShrink="0" rounded="sm" bg={DAY_LOOK[state].bg} borderWidth="1px" />
          <Text>
            <Text as="span" fontWeight="semibold" color="fg">
              {t(DAY_LOOK[state].label)}
            </Text>
            : {t(DAY_LOOK[state].meaning)}
          </Text>
        </HStack>
      ))}
      <HStack as="li" gap="2" align="flex-start">
        <Text as="span" aria-hidden w="3" textAlign="center" flexShrink="0">
          ✡
        </Text>
        <Text>
          <Text as="span" fontWeight="semibold" color="fg">
            {t('vendorDashboard.calendar.legend.rest')}
          </Text>
          : {t('vendorDashboard.calendar.legend.restMeaning')}
        </Text>
      </HStack>
      <HStack as="li" gap="2" align="flex-start">
        <Box w="3" flexShrink="0" display="flex" justifyContent="center" pt="1">
          <Box w="1.5" h="1.5" rounded="full" bg="orange.400" />
        </Box>
        <Text>{t('vendorDashboard.calendar.legend.parts')}</Text>
      </HStack>
      <HStack as="li" gap="2" align="flex-start">
        <Text as="span" minW="3" flexShrink="0" textStyle="2xs">
          1/2
        </Text>
        <Text>{t('vendorDashboard.calendar.legend.room')}</Text>
      </HStack>
    </SimpleGrid>
  );
}

/**
 * The Calendar tab: a month of the listing's days, each with what the owner marked and its room
 * (taken of capacity); a day opens an editor for the day and its parts; the daily capacity applies
 * to every day without a capacity of its own. Shabbat and Yom Tov need no marking.
 */
export function CalendarTab(frame: ListingTabFrame) {
  const t = useT();
  const { language } = useLanguage();
  const { selected } = frame.selection;
  const [month, setMonth] = useState<string | null>(null);
  const shown = month ?? new Date().toISOString().slice(0, 7);
  const days = daysOfMonth(shown);
  const first = days[0] ?? `${shown}-01`;
  const last = days[days.length - 1] ?? first;
  const calendar = trpc.availability.mine.useQuery(
    { vendorId: selected?.id, from: first, to: last },
    { enabled: selected !== null, placeholderData: (previous) => previous },
  );
  const [picked, setPicked] = useState<string | null>(null);

  return (
    <ListingTab
      {...frame}
      place="calendar"
      skeleton={<Skeleton h="80" rounded="xl" />}
      query={calendar}
      action={() => null}
      content={() =>
        calendar.data && (
          <Stack gap="6" data-testid="vendor-calendar">
            {!calendar.data.calendarStated && (
              <Alert.Root status="info" variant="subtle" rounded="lg">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Description>{t('vendorDashboard.calendar.notStated')}</Alert.Description>
                </Alert.Content>
              </Alert.Root>
            )}
            <DailyCapacityForm data={calendar.data} />
            <Panel p={CARD_PADDING}>
              <Flex justify="space-between" align="center" mb="3">
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t('vendorDashboard.calendar.previousMonth')}
                  onClick={() => setMonth(addMonths(shown, -1))}
                >
                  <DirectionalIcon>
                    <ChevronLeft aria-hidden />
                  </DirectionalIcon>
                </Button>
                <Heading size="md">{monthName(shown)}</Heading>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t('vendorDashboard.calendar.nextMonth')}
                  onClick={() => setMonth(addMonths(shown, 1))}
                >
                  <DirectionalIcon>
                    <ChevronRight aria-hidden />
                  </DirectionalIcon>
                </Button>
              </Flex>
              <MonthGrid
                month={shown}
                day={(day) => (
                  <DayCell
                    day={day}
                    data={calendar.data}
                    selected={picked === day}
                    onPick={() => setPicked(day)}
                  />
                )}
              />
              <CalendarLegend />
            </Panel>
            {picked && calendar.data && picked >= calendar.data.today ? (
              <DayEditor
                key={`${picked}-${calendar.dataUpdatedAt}`}
                day={picked}
                vendorId={calendar.data.vendorId}
                version={calendar.data.version}
                entries={calendar.data.entries.filter((e) => e.day === picked)}
                onDone={() => setPicked(null)}
              />
            ) : picked ? (
              <Text color="fg.muted">
                {t('vendorDashboard.calendar.passed', { day: formatLongDay(picked, language) })}
              </Text>
            ) : null}
          </Stack>
        )
      }
    />
  );
}

function DayCell({
  day,
  data,
  selected,
  onPick,
}: {
  day: string;
  data: MyAvailabilityDto | undefined;
  selected: boolean;
  onPick: () => void;
}) {
  const t = useT();
  const { language } = useLanguage();
  const entries = data?.entries.filter((e) => e.day === day) ?? [];
  const room = data?.days.find((d) => d.day === day);
  const past = data ? day < data.today : false;
  const parts = entries.filter((e) => e.part !== 'day');
  const state = data ? dayState(day, data) : null;
  const look = state ? DAY_LOOK[state] : null;
  const rest = data ? restOn(day, data) : null;
  const states = [
    look ? t(look.label) : null,
    rest ? restName(t, language, rest) : null,
    ...parts.map((p) => t('vendorDashboard.calendar.partStatus', { part: p.part, status: p.status })),
  ]
    .filter(Boolean)
    .join(', ');
  // The name is what the button shows, with what it cannot show said to a screen reader between:
  // "2 (Tue, Feb 2, 2027), booked, 1/1 taken". Its visible text starts the name, so a
  // voice user's "click 2" finds it.
  return (
    <Button
      variant={selected ? 'solid' : 'outline'}
      size="sm"
      w="full"
      // On a phone a seventh of the screen is narrower than the button's own minimum and padding:
      // it shrinks to its column (the day's number and ✡ still fit).
      minW="0"
      px={{ base: '0.5', sm: '3.5' }}
      h="14"
      flexDirection="column"
      gap="0.5"
      disabled={past}
      onClick={onPick}
      bg={selected || past || !look ? undefined : look.bg}
      color={selected || past || !look ? undefined : look.fg}
      data-state-of-day={state ?? undefined}
      aria-pressed={selected}
    >
      <Text textStyle="sm">
        {Number(day.slice(8))}
        <chakra.span srOnly>
          {` (${formatLongDay(day, language)})`}
          {states ? `, ${states}` : ''}
          {room ? ', ' : ''}
        </chakra.span>
        {rest ? (
          <Text as="span" aria-hidden textStyle="2xs" ms="0.5">
            ✡
          </Text>
        ) : null}
      </Text>
      <HStack gap="0.5" minH="1.5" aria-hidden>
        {parts.map((p) => (
          <Box key={p.part} w="1.5" h="1.5" rounded="full" bg={`${STATUS_COLOR[p.status]}.400`} />
        ))}
      </HStack>
      {room ? (
        <Text textStyle="2xs" color={selected ? undefined : 'fg.muted'}>
          {room.taken}/{room.capacity}
          <chakra.span srOnly> {t('vendorDashboard.calendar.taken')}</chakra.span>
        </Text>
      ) : null}
    </Button>
  );
}

const capacityText = z
  .string()
  .trim()
  .refine(
    (v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 50,
    'vendorDashboard.calendar.capacityRange',
  );

const dailyForm = z.object({ dailyCapacity: capacityText });

function DailyCapacityForm({ data }: { data: MyAvailabilityDto }) {
  const t = useT();
  const utils = trpc.useUtils();
  const update = trpc.availability.update.useMutation();
  const form = useZodForm(dailyForm, {
    defaultValues: { dailyCapacity: String(data.dailyCapacity) },
    pending: update.isPending,
  });
  const save = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({
        vendorId: data.vendorId,
        version: data.version,
        dailyCapacity: Number(values.dailyCapacity),
      });
      await utils.availability.mine.invalidate();
      toast.success(t('vendorDashboard.calendar.saved'));
    } catch (error) {
      if (!form.applyServerErrors(error)) toast.failed(t('vendorDashboard.calendar.saveFailed'), error);
      void utils.availability.mine.invalidate();
    }
  });
  return (
    <Panel p={CARD_PADDING} data-testid="calendar-capacity-card">
      <form onSubmit={save} noValidate>
        <Flex gap="3" align="flex-end" wrap="wrap">
          <Box w="full" maxW="14rem">
            <FormInput
              form={form}
              name="dailyCapacity"
              label={t('vendorDashboard.calendar.dailyCapacity')}
              inputMode="numeric"
            />
          </Box>
          <Button type="submit" loading={update.isPending} data-testid="calendar-save-capacity">
            <CalendarDays aria-hidden />
            {data.calendarStated
              ? t('vendorDashboard.calendar.saveCapacity')
              : t('vendorDashboard.calendar.saveAndState')}
          </Button>
        </Flex>
        <Text mt="2" textStyle="sm" color="fg.muted">
          {t('vendorDashboard.calendar.capacityHint')}
        </Text>
      </form>
    </Panel>
  );
}

const partForm = z.object({
  status: z.string(),
  capacity: z.string(),
  note: z.string().max(200, 'vendorDashboard.calendar.noteTooLong'),
});
const dayForm = z
  .object({ day: partForm, morning: partForm, afternoon: partForm, evening: partForm })
  .superRefine((v, ctx) => {
    if (
      v.day.status === 'open' &&
      v.day.capacity.trim() !== '' &&
      !capacityText.safeParse(v.day.capacity).success
    )
      ctx.addIssue({
        code: 'custom',
        path: ['day', 'capacity'],
        message: 'vendorDashboard.calendar.capacityRange',
      });
  });
type DayFormValues = z.input<typeof dayForm>;

function DayEditor({
  day,
  vendorId,
  version,
  entries,
  onDone,
}: {
  day: string;
  vendorId: string;
  /** The calendar's version the editor shows: a save from an older one is refused, not lost. */
  version: number;
  entries: CalendarEntryDto[];
  onDone: () => void;
}) {
  const t = useT();
  const { language } = useLanguage();
  const utils = trpc.useUtils();
  const update = trpc.availability.update.useMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const defaults = useMemo(() => {
    const of = (part: Part) => {
      const e = entries.find((x) => x.part === part);
      return {
        status: e?.status ?? '',
        capacity: e?.capacity ? String(e.capacity) : '',
        note: e?.note ?? '',
      };
    };
    return { day: of('day'), morning: of('morning'), afternoon: of('afternoon'), evening: of('evening') };
  }, [entries]);
  const form = useZodForm<DayFormValues, DayFormValues>(dayForm, {
    defaultValues: defaults,
    pending: update.isPending,
  });
  const wholeStatus = form.watch('day.status');

  const save = form.handleSubmit(async (values) => {
    setProblem(null);
    const marked = PARTS.flatMap(({ value: part }) => {
      const v = values[part];
      if (!v.status) return [];
      return [
        {
          day,
          part,
          status: v.status as CalendarEntryDto['status'],
          capacity: part === 'day' && v.status === 'open' && v.capacity.trim() ? Number(v.capacity) : null,
          note: v.note.trim() || null,
        },
      ];
    });
    try {
      await update.mutateAsync({ vendorId, version, from: day, to: day, entries: marked });
      await utils.availability.mine.invalidate();
      toast.success(t('vendorDashboard.calendar.daySaved', { day: formatLongDay(day, language) }));
      onDone();
    } catch (error) {
      setProblem(specificMessage(error) ?? t('vendorDashboard.calendar.daySaveFailed'));
      // Saved elsewhere since (409): show the calendar as it is now.
      void utils.availability.mine.invalidate();
    }
  });

  return (
    <Panel p={CARD_PADDING}>
      <form onSubmit={save} noValidate data-testid="calendar-day-editor">
        <Stack gap="4">
          <Heading size="md">{formatLongDay(day, language)}</Heading>
          <Text color="fg.muted" textStyle="sm">
            {t('vendorDashboard.calendar.dayHelp')}
          </Text>
          {PARTS.map(({ value: part, label }) => (
            <Flex key={part} gap="3" wrap="wrap" align="flex-start">
              <Box minW="12rem">
                <FormSelect
                  form={form}
                  name={`${part}.status`}
                  label={t(label)}
                  options={STATUS_OPTIONS.map((o) => ({ value: o.value, label: t(o.label) }))}
                />
              </Box>
              {part === 'day' && wholeStatus === 'open' ? (
                <Box maxW="10rem">
                  <FormInput
                    form={form}
                    name="day.capacity"
                    label={t('vendorDashboard.calendar.dayCapacity')}
                    hint={t('vendorDashboard.calendar.dayCapacityHint')}
                    inputMode="numeric"
                  />
                </Box>
              ) : null}
              <Box flex="1" minW="12rem">
                <FormInput
                  form={form}
                  name={`${part}.note`}
                  label={t('vendorDashboard.calendar.note')}
                  hint={t('vendorDashboard.calendar.noteHint')}
                />
              </Box>
            </Flex>
          ))}
          {problem ? <ErrorAlert>{problem}</ErrorAlert> : null}
          <HStack>
            <Button type="submit" loading={update.isPending} data-testid="calendar-save-day">
              {t('vendorDashboard.calendar.saveDay')}
            </Button>
            <Button variant="ghost" onClick={onDone}>
              {t('common.action.cancel')}
            </Button>
            {entries.length > 0 ? (
              <Badge>{t('vendorDashboard.calendar.marked', { count: entries.length })}</Badge>
            ) : null}
          </HStack>
        </Stack>
      </form>
    </Panel>
  );
}
