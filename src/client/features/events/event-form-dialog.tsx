import { Alert, Box, Button, Flex, Text } from '@chakra-ui/react';
import { ImageIcon, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { EVENT_TYPES, type EventType } from '../../../shared/event-types';
import type { Language } from '../../../shared/i18n';
import { formatHebrewDate, toCivilDate } from '../../../shared/jewish-calendar';
import { dayOfInstantHasPassed, reportedZone } from '../../../shared/local-time';
import type { EventDto } from '../../../shared/schemas/event-answers';
import { EVENT_MESSAGES } from '../../../shared/schemas/events';
import { ConflictNotice } from '../../components/conflict-notice';
import { useEditDialog } from '../../components/edit-dialog';
import { FieldColumns } from '../../components/field-columns';
import { FileField } from '../../components/file-field';
import { FormInput, FormSelect, FormTextarea } from '../../components/form-fields';
import { useHebrewDates } from '../../components/hebrew-dates';
import { type PickedPlace, PlacePicker, pickedPlace, usePlace } from '../../components/place-picker';
import { UploadedImage } from '../../components/uploaded-image';
import { useSlotCheck } from '../../components/use-slot-check';
import { useLanguage } from '../../i18n/language';
import { term } from '../../i18n/terms';
import { useMessageText, useT } from '../../i18n/use-t';
import { useCurrentUser } from '../../lib/session';
import { toast } from '../../lib/toast';
import { DIALOG_IMAGE_SIZES, uploadImageWithToasts } from '../../lib/upload-image';
import { type EventFormValues, eventForm } from './forms';
import { useCreateEvent, useEventsList, useUpdateEvent } from './use-events';

function valuesOf(event: EventDto | null, home: PickedPlace | null): EventFormValues {
  return {
    title: event?.title ?? '',
    type: (EVENT_TYPES as readonly string[]).includes(event?.type ?? '')
      ? (event?.type as EventType)
      : /* value: the stored event type a new event starts as */ 'Other',
    // The event's day at its place, as it was typed there.
    date: event ? event.localDate : '',
    time: event?.time ?? '',
    endTime: event?.endTime ?? '',
    // A new event is at the family's home place until another is chosen.
    place: event ? (event.place ? pickedPlace(event.place) : null) : home,
    venue: event?.venue ?? '',
    notes: event?.notes ?? '',
    imageUrl: event?.imageUrl ?? null,
    parentEventId: event?.parentEventId ?? '',
  };
}

/**
 * The main events this one may be part of: the family's own events that are not sub-events
 * themselves, and never the event itself. An event with sub-events of its own stays a main event
 * (one level deep), so it is offered none.
 */
function mainEventChoices(events: EventDto[] | undefined, event: EventDto | null) {
  const list = events ?? [];
  if (event && list.some((other) => other.parentEventId === event.id)) return [];
  return list
    .filter((other) => other.parentEventId == null && other.id !== event?.id)
    .map((other) => ({ value: other.id, label: other.title }));
}

/** '24 Tevet 5787' for a chosen 'YYYY-MM-DD', or null while the date is incomplete. */
function hebrewDateOf(date: string, language: Language): string | null {
  if (!date) return null;
  try {
    return formatHebrewDate(date, language);
  } catch {
    return null;
  }
}

/** The chosen day's Hebrew date under the date field, in the gold the app gives Hebrew dates. */
function HebrewDateHint({ formatted }: { formatted: string }) {
  return (
    <Text as="span" color="gold.fg">
      {formatted}
    </Text>
  );
}

interface EventFormDialogProps {
  open: boolean;
  onClose: () => void;
  /** The event to edit; null creates a new one. */
  event: EventDto | null;
  onCreated?: (event: EventDto) => void;
  /** A new event's date, time and type filled in (from "Find a date"). */
  preset?: EventPreset | null;
}

export type EventPreset = Partial<
  Pick<EventFormValues, 'date' | 'time' | 'endTime' | 'type' | 'parentEventId'>
> & {
  /** The place "Find a date" tried: it stands in for the home place. */
  placeId?: number;
};

/** Create or edit an event (spec sections 2, 4 and 5). */
export function EventFormDialog({ open, onClose, event, onCreated, preset = null }: EventFormDialogProps) {
  const { user } = useCurrentUser();
  const t = useT();
  const messageText = useMessageText();
  const { enabled: hebrew } = useHebrewDates();
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const events = useEventsList();
  const mainEvents = mainEventChoices(events.data, event);
  const [uploading, setUploading] = useState(false);
  // A date that has passed is asked about before it is saved (issue 27): 'Save as past event' says yes.
  const [askingPast, setAskingPast] = useState(false);
  const home = usePlace(user?.homePlaceId);
  const presetPlace = usePlace(preset?.placeId);
  const startPlace = preset?.placeId ? presetPlace : home;
  const conflictId = useId();
  const pastConfirmed = useRef(false);
  const zone = reportedZone();
  /** Whether this save must first ask: a date that has passed in the browser's zone, newly chosen. */
  const mustAsk = (date: Date, time: string | null) =>
    !pastConfirmed.current &&
    (event === null || event.localDate !== toCivilDate(date) || event.time !== time) &&
    dayOfInstantHasPassed(date, new Date(), zone);
  // false asks the server to refuse a date that has passed until the family confirms it (true).
  const asked = () => ({ timeZone: zone, pastEvent: pastConfirmed.current });
  const { form, dialog } = useEditDialog({
    item: event,
    open,
    onClose,
    schema: eventForm,
    pending: create.isPending || update.isPending,
    valuesOf: (row) => {
      if (row !== null || !preset) return valuesOf(row, home);
      const { placeId: _place, ...fields } = preset;
      return { ...valuesOf(null, startPlace), ...fields };
    },
    create: (input, done) => {
      if (mustAsk(input.date, input.time ?? null)) {
        setAskingPast(true);
        return;
      }
      create.mutate(
        { ...input, ...asked() },
        {
          ...done,
          onSuccess: (created) => {
            done.onSuccess();
            onCreated?.(created);
          },
        },
      );
    },
    update: (base, input, done) => {
      if (mustAsk(input.date, input.time ?? null)) {
        setAskingPast(true);
        return true;
      }
      update.mutate({ id: base.id, version: base.version, ...input, ...asked() }, done);
      return true;
    },
    // A missing title or date also says so in a toast (spec section 5); the messages stay under the fields.
    onInvalid: (errors) => {
      if (errors.title || errors.date) toast.error(EVENT_MESSAGES.required);
    },
    toasts: {
      created: t('events.form.created'),
      updated: t('events.form.updated'),
      createFailed: t('events.form.createFailed'),
      updateFailed: t('events.form.updateFailed'),
    },
  });
  const { setValue, watch } = form;
  const { language } = useLanguage();
  const pending = form.pending;

  const editing = event !== null;
  const [date, time, endTime, place, imageUrl] = watch(['date', 'time', 'endTime', 'place', 'imageUrl']);
  // The home place (or the place "Find a date" tried) may arrive after a new event's form opened: it
  // fills an untouched place.
  useEffect(() => {
    if (
      open &&
      !editing &&
      startPlace &&
      form.getValues('place') === null &&
      !form.getFieldState('place').isDirty
    ) {
      setValue('place', startPlace);
    }
  }, [open, editing, startPlace, form, setValue]);
  // Another date, or the dialog opened afresh, asks again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the date or the opening changes
  useEffect(() => {
    pastConfirmed.current = false;
    setAskingPast(false);
  }, [date, time, open]);
  // Shabbat warnings off switches every warning off; the server judges all the same.
  const warn = user?.shabbatWarningsEnabled ?? false;
  const judged = useSlotCheck({ date, time, endTime, placeId: place?.id ?? null }, open && warn);
  const conflict = warn ? judged?.conflict : undefined;
  const hebrewDate = hebrew ? hebrewDateOf(date, language) : null;

  const chooseImage = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    const url = await uploadImageWithToasts(file);
    setUploading(false);
    if (url) setValue('imageUrl', url, { shouldDirty: true });
  };

  return dialog(
    {
      title: t(editing ? 'events.form.editTitle' : 'events.form.createTitle'),
      description: t(editing ? 'events.form.editDescription' : 'events.form.createDescription'),
      submitLabel: t(editing ? 'events.form.save' : 'events.form.createTitle'),
      pendingLabel: t(editing ? 'events.form.saving' : 'events.form.creating'),
      submitDisabled: uploading,
    },
    <>
      <FormInput
        form={form}
        name="title"
        label={t('events.form.title')}
        required
        placeholder={t('events.form.titlePlaceholder')}
        maxLength={200}
        autoComplete="off"
      />
      <FormSelect
        form={form}
        name="type"
        label={t('events.form.type')}
        options={EVENT_TYPES.map((type) => ({ value: type, label: term(t, 'eventType', type) }))}
      />
      {mainEvents.length > 0 || event?.parentEventId ? (
        <FormSelect
          form={form}
          name="parentEventId"
          label={t('events.form.partOf')}
          placeholder={t('events.form.partOfNone')}
          options={mainEvents}
          hint={t('events.form.partOfHint')}
        />
      ) : null}
      <FieldColumns>
        <FormInput
          form={form}
          name="date"
          label={t('events.form.date')}
          required
          type="date"
          max="9999-12-31"
          hint={hebrewDate ? <HebrewDateHint formatted={hebrewDate} /> : undefined}
        />
        <FormInput
          form={form}
          name="time"
          label={t('events.form.time')}
          type="time"
          aria-describedby={conflict?.level ? conflictId : undefined}
        />
      </FieldColumns>
      <FieldColumns>
        <FormInput
          form={form}
          name="endTime"
          label={t('events.form.endTime')}
          type="time"
          hint={t('events.form.endTimeHint')}
        />
        <PlacePicker
          label={t('events.form.place')}
          value={place ?? null}
          onChange={(picked) => setValue('place', picked, { shouldDirty: true, shouldValidate: true })}
          error={form.formState.errors.place?.message}
          disabled={pending}
          hint={t('events.form.placeHint')}
          data-testid="event-place"
        />
      </FieldColumns>
      <ConflictNotice
        id={conflictId}
        level={conflict?.level}
        reason={conflict?.reason}
        about={conflict?.about}
      />
      {askingPast ? (
        <Alert.Root status="info" rounded="lg" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{messageText(EVENT_MESSAGES.pastDate)}</Alert.Title>
            <Alert.Description>{t('events.form.pastText')}</Alert.Description>
            <Box mt="2">
              <Button
                type="submit"
                size="sm"
                disabled={pending}
                onClick={() => {
                  pastConfirmed.current = true;
                }}
              >
                {t('events.form.savePast')}
              </Button>
            </Box>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <FormInput
        form={form}
        name="venue"
        label={t('events.form.venue')}
        placeholder={t('events.form.venuePlaceholder')}
        maxLength={300}
      />
      <FormTextarea
        form={form}
        name="notes"
        label={t('events.form.notes')}
        rows={3}
        maxLength={5000}
        placeholder={t('events.form.notesPlaceholder')}
      />
      <FileField
        label={t('events.form.image')}
        hint={t('events.form.imageHint')}
        accept="image/*"
        onFiles={(files) => void chooseImage(files[0])}
      >
        {(choose) => (
          <>
            {imageUrl ? (
              <Box position="relative" layerStyle="framed">
                <UploadedImage
                  src={imageUrl}
                  sizes={DIALOG_IMAGE_SIZES}
                  alt={t('events.form.imagePreview')}
                  w="full"
                  h="40"
                />
              </Box>
            ) : null}
            <Flex gap="3" mt={imageUrl ? '3' : '0'} wrap="wrap">
              <Button
                variant="outline"
                size="sm"
                onClick={choose}
                loading={uploading}
                loadingText={t('events.form.uploading')}
                disabled={pending}
              >
                <ImageIcon />
                {t(imageUrl ? 'events.form.replaceImage' : 'events.form.uploadImage')}
              </Button>
              {imageUrl ? (
                <Button
                  variant="ghost"
                  size="sm"
                  colorPalette="red"
                  onClick={() => setValue('imageUrl', null, { shouldDirty: true })}
                  disabled={pending || uploading}
                >
                  <Trash2 />
                  {t('events.form.removeImage')}
                </Button>
              ) : null}
            </Flex>
          </>
        )}
      </FileField>
    </>,
  );
}
