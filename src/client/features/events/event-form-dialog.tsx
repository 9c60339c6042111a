import { Alert, Box, Button, Flex, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ImageIcon, Trash2 } from 'lucide-react';
import { type ChangeEvent, useRef, useState } from 'react';
import { EVENT_TYPES, type EventType } from '../../../shared/constants';
import { conflictFor, toCivilDate, toHebrewDate } from '../../../shared/jewish-calendar';
import { EVENT_MESSAGES, type EventDto } from '../../../shared/schemas/events';
import { FormDialog } from '../../components/form-dialog';
import { FormInput, FormSelect, FormTextarea } from '../../components/form-fields';
import { useHebrewDates } from '../../components/hebrew-dates';
import { StaleWriteAlert } from '../../components/stale-write-alert';
import { UploadedImage } from '../../components/uploaded-image';
import { useCurrentUser } from '../../lib/session';
import { staleCurrent } from '../../lib/stale-write';
import { toast } from '../../lib/toast';
import { DIALOG_IMAGE_SIZES, uploadImageWithToasts } from '../../lib/upload-image';
import { useWhenOpened, useZodForm } from '../../lib/use-zod-form';
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

/** The Shabbat or holiday the chosen date (and time) runs into, or null; never throws on half-typed input. */
function conflictOf(date: string, time: string): string | null {
  if (!date) return null;
  try {
    const conflict = conflictFor(date, time || null);
    return conflict.hasConflict ? (conflict.reason ?? 'Shabbat') : null;
  } catch {
    return null;
  }
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

interface EventFormDialogProps {
  open: boolean;
  onClose: () => void;
  /** The event to edit; null creates a new one. */
  event: EventDto | null;
  onCreated?: (event: EventDto) => void;
}

/** Create or edit an event (spec sections 2, 4 and 5). */
export function EventFormDialog({ open, onClose, event, onCreated }: EventFormDialogProps) {
  const { user } = useCurrentUser();
  const { enabled: hebrew } = useHebrewDates();
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const pending = create.isPending || update.isPending;
  const form = useZodForm(eventForm, { defaultValues: valuesOf(event), pending });
  const { reset, setValue, watch, handleSubmit } = form;
  // The event as the form was filled from: its version goes with the save.
  const [base, setBase] = useState<EventDto | null>(event);
  // The current event, when a save was refused because it changed elsewhere.
  const [stale, setStale] = useState<EventDto | null>(null);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const fill = (from: EventDto | null) => {
    setBase(from);
    setStale(null);
    reset(valuesOf(from));
  };
  // Each opening starts from the event as it is now (or from a blank form).
  useWhenOpened(open, () => fill(event));

  const editing = event !== null;
  const [date, time, imageUrl] = watch(['date', 'time', 'imageUrl']);
  const conflict = user?.shabbatWarningsEnabled ? conflictOf(date, time ?? '') : null;
  const hebrewDate = hebrew ? hebrewDateOf(date) : null;

  const chooseImage = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setUploading(true);
    const url = await uploadImageWithToasts(file);
    setUploading(false);
    if (url) setValue('imageUrl', url, { shouldDirty: true });
  };

  const submit = handleSubmit(
    (input) => {
      if (base) {
        update.mutate(
          { id: base.id, version: base.version, ...input },
          {
            onSuccess: () => {
              toast.success('Event updated successfully');
              onClose();
            },
            onError: (error) => {
              setStale(staleCurrent<EventDto>(error));
              form.applyServerErrors(error);
              toast.failed('Failed to update event', error);
            },
          },
        );
      } else {
        create.mutate(input, {
          onSuccess: (created) => {
            toast.success('Event created successfully');
            reset(valuesOf(null));
            onClose();
            onCreated?.(created);
          },
          onError: (error) => {
            form.applyServerErrors(error);
            toast.failed('Failed to create event', error);
          },
        });
      }
    },
    // A missing title or date also says so in a toast (spec section 5); the messages stay under the fields.
    (errors) => {
      if (errors.title || errors.date) toast.error(EVENT_MESSAGES.required);
    },
  );

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={editing ? 'Edit Event' : 'Create Event'}
      description={
        editing ? 'Change the details of your celebration.' : 'Add the details of your celebration.'
      }
      submitLabel={editing ? 'Save Changes' : 'Create Event'}
      pendingLabel={editing ? 'Saving...' : 'Creating...'}
      pending={pending}
      submitDisabled={uploading}
      onSubmit={() => void submit()}
    >
      <Stack gap="5">
        {stale ? <StaleWriteAlert onReload={() => fill(stale)} /> : null}
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
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="5">
          <FormInput
            form={form}
            name="date"
            label="Date"
            required
            type="date"
            max="9999-12-31"
            hint={
              hebrewDate ? (
                <Text as="span" color="gold.fg">
                  {hebrewDate}
                </Text>
              ) : undefined
            }
          />
          <FormInput form={form} name="time" label="Time" type="time" />
        </SimpleGrid>
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
        <Box>
          <Text fontWeight="medium" fontSize="sm" mb="1.5" id="event-image-label">
            Image
          </Text>
          {imageUrl ? (
            <Box position="relative" rounded="lg" overflow="hidden" borderWidth="1px" borderColor="border">
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
            <input
              ref={fileInput}
              type="file"
              accept="image/*"
              aria-labelledby="event-image-label"
              hidden
              onChange={(e) => {
                void chooseImage(e);
              }}
            />
            <Button
              variant="outline"
              size="sm"
              onClick={() => fileInput.current?.click()}
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
          <Text fontSize="xs" color="fg.muted" mt="1.5">
            JPG, PNG, GIF or WebP, smaller than 5MB.
          </Text>
        </Box>
      </Stack>
    </FormDialog>
  );
}
