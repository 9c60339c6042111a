import { Alert, Badge, Box, Button, Flex, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { CalendarPlus } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { EVENT_TYPES } from '../../../shared/event-types';
import type { FindDatesDto, FoundDateDto } from '../../../shared/schemas/calendar';
import { FieldColumns } from '../../components/field-columns';
import { FormDialog } from '../../components/form-dialog';
import { FieldFrame, FormInput, FormSelect, useFieldError } from '../../components/form-fields';
import { useReasonText } from '../../components/observance-reason';
import { type PickedPlace, PlacePicker } from '../../components/place-picker';
import type { MessageId } from '../../i18n/catalogue';
import { term } from '../../i18n/terms';
import { useIsolate } from '../../i18n/use-isolate';
import { useT } from '../../i18n/use-t';
import { useCurrentUser } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { useWhenOpened, useZodForm } from '../../lib/use-zod-form';
import { formatLongDate, todayCivil } from './calendar-model';
import { blankFindDate, findDateForm, planEventHref } from './find-date-form';

const TIER: Record<'custom' | 'info' | 'free', { label: MessageId; palette: string }> = {
  custom: { label: 'calendar.legend.custom', palette: 'orange' },
  info: { label: 'calendar.legend.info', palette: 'blue' },
  free: { label: 'calendar.find.free', palette: 'green' },
};

interface FindDateDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * "Find a date": a start time and length tried on every date of a range at the home place or a city
 * chosen, by the family's settings (calendar.dates). Dates within Shabbat or Yom Tov at that hour are
 * left out and counted; the others are listed with their tier, each a link to plan an event on it.
 */
export function FindDateDialog({ open, onClose }: FindDateDialogProps) {
  const { user } = useCurrentUser();
  const t = useT();
  const hasHome = Boolean(user?.homePlaceId);
  const navigate = useNavigate();
  const [where, setWhere] = useState<'home' | 'other'>(hasHome ? 'home' : 'other');
  const [place, setPlace] = useState<PickedPlace | null>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [found, setFound] = useState<FindDatesDto | null>(null);
  const form = useZodForm(findDateForm, { defaultValues: blankFindDate(todayCivil()), pending });
  const utils = trpc.useUtils();
  const placeError = useFieldError({ form, name: 'placeId' });

  useWhenOpened(open, () => {
    form.reset(blankFindDate(todayCivil()));
    setWhere(hasHome ? 'home' : 'other');
    setPlace(null);
    setFound(null);
    setFailure(null);
  });

  const submit = form.handleSubmit(async (input) => {
    if (where === 'other' && !place) {
      form.setError('placeId', { type: 'manual', message: t('calendar.find.choosePlace') });
      return;
    }
    setPending(true);
    setFailure(null);
    try {
      setFound(await utils.calendar.dates.fetch(input));
    } catch (error) {
      setFound(null);
      if (!form.applyServerErrors(error)) {
        setFailure(error instanceof Error ? error.message : t('calendar.find.failed'));
      }
    } finally {
      setPending(false);
    }
  });

  const plan = (day: FoundDateDto) => {
    if (!found) return;
    onClose();
    navigate(planEventHref(day.date, found.time, found.eventType, found.place.id, found.durationMinutes));
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('calendar.page.findDate')}
      description={t('calendar.find.description')}
      submitLabel={t('calendar.find.submit')}
      pendingLabel={t('calendar.find.pending')}
      pending={pending}
      onSubmit={() => void submit()}
    >
      <Stack gap="4">
        <FieldColumns>
          <FormInput form={form} name="from" label={t('calendar.find.from')} type="date" required />
          <FormInput
            form={form}
            name="to"
            label={t('calendar.find.to')}
            type="date"
            required
            hint={t('calendar.find.toHint')}
          />
        </FieldColumns>
        <FieldColumns columns={3}>
          <FormSelect
            form={form}
            name="eventType"
            label={t('calendar.find.eventType')}
            options={EVENT_TYPES.map((type) => ({ value: type, label: term(t, 'eventType', type) }))}
            placeholder={t('calendar.find.anyType')}
          />
          <FormInput form={form} name="time" label={t('calendar.find.time')} type="time" required />
          <FormInput
            form={form}
            name="hours"
            label={t('calendar.find.hours')}
            type="number"
            inputMode="decimal"
            step="0.5"
            min="0.25"
            max="48"
            required
          />
        </FieldColumns>
        <FieldFrame label={t('calendar.find.where')} hint={hasHome ? undefined : t('calendar.find.noHome')}>
          <NativeSelect.Root disabled={pending}>
            <NativeSelect.Field
              aria-label={t('calendar.find.where')}
              value={where}
              onChange={(event) => {
                const next = event.target.value === 'home' ? 'home' : 'other';
                setWhere(next);
                form.clearErrors('placeId');
                form.setValue('placeId', next === 'home' ? null : (place?.id ?? null));
              }}
            >
              <option value="home" disabled={!hasHome}>
                {t('calendar.find.home')}
              </option>
              <option value="other">{t('calendar.find.other')}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FieldFrame>
        {where === 'other' ? (
          <PlacePicker
            label={t('calendar.find.place')}
            value={place}
            disabled={pending}
            error={placeError}
            onChange={(chosen) => {
              setPlace(chosen);
              form.clearErrors('placeId');
              form.setValue('placeId', chosen?.id ?? null);
            }}
          />
        ) : placeError ? (
          <Text color="fg.error" fontSize="sm" role="alert">
            {placeError}
          </Text>
        ) : null}

        {failure ? (
          <Alert.Root status="error" variant="subtle" rounded="lg">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>{failure}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}

        {found ? <FoundDates found={found} onPlan={plan} /> : null}
      </Stack>
    </FormDialog>
  );
}

/** The answer: the count left out, then each date with its tier and reason. */
export function FoundDates({ found, onPlan }: { found: FindDatesDto; onPlan: (day: FoundDateDto) => void }) {
  const t = useT();
  const iso = useIsolate();
  const reasonOf = useReasonText();
  const counts = { custom: 0, info: 0, free: 0 };
  for (const day of found.dates) counts[day.level ?? 'free'] += 1;
  return (
    <Box as="section" aria-label={t('calendar.find.found')} data-testid="found-dates" aria-live="polite">
      <Text fontWeight="semibold" color="brand.950">
        {t('calendar.find.summary', {
          count: found.dates.length,
          place: iso(found.place.name),
          time: found.time,
          free: counts.free,
          info: counts.info,
          custom: counts.custom,
        })}
      </Text>
      {found.forbiddenCount > 0 ? (
        <Text fontSize="sm" color="fg.muted" data-testid="forbidden-count">
          {t('calendar.find.leftOut', { count: found.forbiddenCount })}
        </Text>
      ) : null}
      <Stack as="ul" gap="2" mt="3" listStyleType="none">
        {found.dates.map((day) => {
          const tier = TIER[day.level ?? 'free'];
          return (
            <Flex
              as="li"
              key={day.date}
              layerStyle="mutedOutline"
              p="3"
              gap="3"
              justify="space-between"
              align={{ base: 'stretch', sm: 'center' }}
              direction={{ base: 'column', sm: 'row' }}
              data-level={day.level ?? 'free'}
            >
              <Box minW="0">
                <Flex gap="2" align="center" wrap="wrap">
                  <Text fontWeight="medium">{formatLongDate(day.date)}</Text>
                  <Badge size="sm" variant="subtle" colorPalette={tier.palette}>
                    {t(tier.label)}
                  </Badge>
                </Flex>
                {day.reason ? (
                  <Text fontSize="sm" color="fg.muted" mt="0.5">
                    {reasonOf(day.reason, day.about)}
                  </Text>
                ) : null}
              </Box>
              <Button
                type="button"
                size="xs"
                variant="outline"
                flexShrink="0"
                onClick={() => onPlan(day)}
                // The visible words begin the name (WCAG 2.5.3), the date tells the buttons apart.
                aria-label={t('calendar.find.planLabel', { date: formatLongDate(day.date) })}
              >
                <CalendarPlus />
                {t('calendar.find.plan')}
              </Button>
            </Flex>
          );
        })}
      </Stack>
    </Box>
  );
}
