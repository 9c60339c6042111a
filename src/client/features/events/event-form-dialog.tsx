import { Alert, Box, Button, Flex, Text } from '@chakra-ui/react';
import { ImageIcon, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { EVENT_TYPES, type EventType } from '../../../shared/constants';
import { toCivilDate, toHebrewDate, typedDateConflict } from '../../../shared/jewish-calendar';
import { dayOfInstantHasPassed, reportedZone } from '../../../shared/local-time';
import { EVENT_MESSAGES, type EventDto } from '../../../shared/schemas/events';
import { editToasts, useEditDialog } from '../../components/edit-dialog';
import { FieldColumns } from '../../components/field-columns';
import { FileField } from '../../components/file-field';
import { FormInput, FormSelect, FormTextarea } from '../../components/form-fields';
import { useHebrewDates } from '../../components/hebrew-dates';
import { UploadedImage } from '../../components/uploaded-image';
import { useCurrentUser } from '../../lib/session';
import { toast } from '../../lib/toast';
import { DIALOG_IMAGE_SIZES, uploadImageWithToasts } from '../../lib/upload-image';
import { type EventFormValues, eventForm } from './forms';
import { useCreateEvent, useUpdateEvent } from './use-events';

export const CONFLICT_TEXT =
  'Scheduling Conflict: This date conflicts with Shabbat or a Jewish holiday. Consider adjusting the time or date.';

function valuesOf(event: EventDto | null): EventFormValues {
  return {
    title: event?.title ?? '',
    type: (EVENT_TYPES as readonly string[]).includes(event?.type ?? '')
      ? (event?.type as EventType)
      : 'Other',
    date: event ? toCivilDate(event.date) : '',
    time: event?.time ?? '',
    venue: event?.venue ?? '',
    notes: event?.notes ?? '',
    imageUrl: event?.imageUrl ?? null,
  };
}

/** '24 Tevet 5787' for a chosen 'YYYY-MM-DD', or null while the date is incomplete. */
function hebrewDateOf(date: string): string | null {
  if (!date) return null;
  try {
    return toHebrewDate(date).formatted;
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

export type EventPreset = Partial<Pick<EventFormValues, 'date' | 'time' | 'type'>>;

/** Create or edit an event (spec sections 2, 4 and 5). */
export function EventFormDialog({ open, onClose, event, onCreated, preset = null }: EventFormDialogProps) {
  const { user } = useCurrentUser();
  const { enabled: hebrew } = useHebrewDates();
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const [uploading, setUploading] = useState(false);
  // A date that has passed is asked about before it is saved (issue 27): 'Save as past event' says yes.
  const [askingPast, setAskingPast] = useState(false);
  const pastConfirmed = useRef(false);
  const zone = reportedZone();
  /** Whether this save must first ask: a date that has passed in the browser's zone, newly chosen. */
  const mustAsk = (date: Date) =>
    !pastConfirmed.current &&
    (event === null || event.date.getTime() !== date.getTime()) &&
    dayOfInstantHasPassed(date, new Date(), zone);
  // false asks the server to refuse a date that has passed until the family confirms it (true).
  const asked = () => ({ timeZone: zone, pastEvent: pastConfirmed.current });
  const { form, dialog } = useEditDialog({
    item: event,
    open,
    onClose,
    schema: eventForm,
    pending: create.isPending || update.isPending,
    valuesOf: (row) => (row === null && preset ? { ...valuesOf(null), ...preset } : valuesOf(row)),
    create: (input, done) => {
      if (mustAsk(input.date)) {
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
      if (mustAsk(input.date)) {
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
    toasts: editToasts('Event'),
  });
  const { setValue, watch } = form;
  const pending = form.pending;

  const editing = event !== null;
  const [date, time, imageUrl] = watch(['date', 'time', 'imageUrl']);
  // Another date, or the dialog opened afresh, asks again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the date or the opening changes
  useEffect(() => {
    pastConfirmed.current = false;
    setAskingPast(false);
  }, [date, time, open]);
  const conflict = user?.shabbatWarningsEnabled ? typedDateConflict(date, time ?? '') : null;
  const hebrewDate = hebrew ? hebrewDateOf(date) : null;

  const chooseImage = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    const url = await uploadImageWithToasts(file);
    setUploading(false);
    if (url) setValue('imageUrl', url, { shouldDirty: true });
  };

  return dialog(
    {
      title: editing ? 'Edit Event' : 'Create Event',
      description: editing
        ? 'Change the details of your celebration.'
        : 'Add the details of your celebration.',
      submitLabel: editing ? 'Save Changes' : 'Create Event',
      pendingLabel: editing ? 'Saving...' : 'Creating...',
      submitDisabled: uploading,
    },
    <>
      <FormInput
        form={form}
        name="title"
        label="Event title"
        required
        placeholder="e.g. Ari's Bar Mitzvah"
        maxLength={200}
        autoComplete="off"
      />
      <FormSelect form={form} name="type" label="Event type" options={EVENT_TYPES} />
      <FieldColumns>
        <FormInput
          form={form}
          name="date"
          label="Date"
          required
          type="date"
          max="9999-12-31"
          hint={hebrewDate ? <HebrewDateHint formatted={hebrewDate} /> : undefined}
        />
        <FormInput form={form} name="time" label="Time" type="time" />
      </FieldColumns>
      {conflict ? (
        <Alert.Root status="warning" rounded="lg">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>
              {CONFLICT_TEXT} ({conflict})
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {askingPast ? (
        <Alert.Root status="info" rounded="lg" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{EVENT_MESSAGES.pastDate}</Alert.Title>
            <Alert.Description>
              Families record past simchas too. Past events stay out of your upcoming events. Or choose
              another date.
            </Alert.Description>
            <Box mt="2">
              <Button
                type="submit"
                size="sm"
                disabled={pending}
                onClick={() => {
                  pastConfirmed.current = true;
                }}
              >
                Save as past event
              </Button>
            </Box>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <FormInput
        form={form}
        name="venue"
        label="Venue"
        placeholder="e.g. Shalom Gardens, Great Neck"
        maxLength={300}
      />
      <FormTextarea
        form={form}
        name="notes"
        label="Notes"
        rows={3}
        maxLength={5000}
        placeholder="Guests, timings, anything to remember"
      />
      <FileField
        label="Image"
        hint="JPG, PNG, GIF or WebP, smaller than 5MB."
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
                  alt="Event image preview"
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
                loadingText="Uploading..."
                disabled={pending}
              >
                <ImageIcon />
                {imageUrl ? 'Replace image' : 'Upload image'}
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
                  Remove image
                </Button>
              ) : null}
            </Flex>
          </>
        )}
      </FileField>
    </>,
  );
}
