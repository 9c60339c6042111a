import { Alert, Badge, Box, Button, Flex, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { CalendarPlus } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { EVENT_TYPES } from '../../../shared/event-types';
import type { FindDatesDto, FoundDateDto } from '../../../shared/schemas/calendar';
import { FieldColumns } from '../../components/field-columns';
import { FormDialog } from '../../components/form-dialog';
import { FieldFrame, FormInput, FormSelect, useFieldError } from '../../components/form-fields';
import { type PickedPlace, PlacePicker } from '../../components/place-picker';
import { useCurrentUser } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { useWhenOpened, useZodForm } from '../../lib/use-zod-form';
import { formatLongDate, todayCivil } from './calendar-model';
import { blankFindDate, findDateForm, planEventHref } from './find-date-form';

const TIER: Record<'custom' | 'info' | 'free', { label: string; palette: string }> = {
  custom: { label: 'Avoided by custom', palette: 'orange' },
  info: { label: 'Worth knowing', palette: 'blue' },
  free: { label: 'Free', palette: 'green' },
};

const CHOOSE_PLACE = 'Choose a city from the list';

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
      form.setError('placeId', { type: 'manual', message: CHOOSE_PLACE });
      return;
    }
    setPending(true);
    setFailure(null);
    try {
      setFound(await utils.calendar.dates.fetch(input));
    } catch (error) {
      setFound(null);
      if (!form.applyServerErrors(error)) {
        setFailure(error instanceof Error ? error.message : 'The dates could not be found. Try again.');
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
      title="Find a date"
      description="Try a start time and length on every date of a range, by the clock of the place and your observance settings."
      submitLabel="Find dates"
      pendingLabel="Finding…"
      pending={pending}
      onSubmit={() => void submit()}
    >
      <Stack gap="4">
        <FieldColumns>
          <FormInput form={form} name="from" label="From" type="date" required />
          <FormInput form={form} name="to" label="To" type="date" required hint="At most 400 days." />
        </FieldColumns>
        <FieldColumns columns={3}>
          <FormSelect
            form={form}
            name="eventType"
            label="Event type"
            options={EVENT_TYPES}
            placeholder="Any"
          />
          <FormInput form={form} name="time" label="Start time" type="time" required />
          <FormInput
            form={form}
            name="hours"
            label="Length (hours)"
            type="number"
            inputMode="decimal"
            step="0.5"
            min="0.25"
            max="48"
            required
          />
        </FieldColumns>
        <FieldFrame
          label="Where"
          hint={hasHome ? undefined : 'No home place yet: set one in Profile Settings.'}
        >
          <NativeSelect.Root disabled={pending}>
            <NativeSelect.Field
              aria-label="Where"
              value={where}
              onChange={(event) => {
                const next = event.target.value === 'home' ? 'home' : 'other';
                setWhere(next);
                form.clearErrors('placeId');
                form.setValue('placeId', next === 'home' ? null : (place?.id ?? null));
              }}
            >
              <option value="home" disabled={!hasHome}>
                Home place
              </option>
              <option value="other">Another place</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FieldFrame>
        {where === 'other' ? (
          <PlacePicker
            label="Place"
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
  const counts = { custom: 0, info: 0, free: 0 };
  for (const day of found.dates) counts[day.level ?? 'free'] += 1;
  return (
    <Box as="section" aria-label="Dates found" data-testid="found-dates" aria-live="polite">
      <Text fontWeight="semibold" color="brand.950">
        {found.dates.length} {found.dates.length === 1 ? 'date' : 'dates'} in {found.place.name} at{' '}
        {found.time}: {counts.free} free, {counts.info} worth knowing, {counts.custom} avoided by custom
      </Text>
      {found.forbiddenCount > 0 ? (
        <Text fontSize="sm" color="fg.muted" data-testid="forbidden-count">
          {found.forbiddenCount} {found.forbiddenCount === 1 ? 'date' : 'dates'} left out: Shabbat or Yom Tov
          at this hour
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
                    {tier.label}
                  </Badge>
                </Flex>
                {day.reason ? (
                  <Text fontSize="sm" color="fg.muted" mt="0.5">
                    {day.reason}
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
                aria-label={`Plan an event on this date, ${formatLongDate(day.date)}`}
              >
                <CalendarPlus />
                Plan an event on this date
              </Button>
            </Flex>
          );
        })}
      </Stack>
    </Box>
  );
}
