import {
  Alert,
  Box,
  Button,
  Field,
  Flex,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { ImageIcon, Trash2 } from 'lucide-react';
import { type ChangeEvent, useRef, useState } from 'react';
import { EVENT_TYPES, type EventType } from '../../../shared/constants';
import { conflictFor, toCivilDate, toHebrewDate } from '../../../shared/jewish-calendar';
import { EVENT_MESSAGES, type EventDto, eventCreateInput } from '../../../shared/schemas/events';
import { FormDialog } from '../../components/form-dialog';
import { useHebrewDates } from '../../components/hebrew-dates';
import { StaleWriteAlert } from '../../components/stale-write-alert';
import { UploadedImage } from '../../components/uploaded-image';
import { useCurrentUser } from '../../lib/session';
import { staleCurrent } from '../../lib/stale-write';
import { toast } from '../../lib/toast';
import { DIALOG_IMAGE_SIZES, uploadImageWithToasts } from '../../lib/upload-image';
import { useCreateEvent, useUpdateEvent } from './use-events';

export const CONFLICT_TEXT =
  'Scheduling Conflict: This date conflicts with Shabbat or a Jewish holiday. Consider adjusting the time or date.';

interface Values {
  title: string;
  type: EventType;
  date: string;
  time: string;
  venue: string;
  notes: string;
  imageUrl: string | null;
}

function valuesOf(event: EventDto | null): Values {
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
  const [values, setValues] = useState<Values>(() => valuesOf(event));
  // The event as the form was filled from: its version goes with the save.
  const [base, setBase] = useState<EventDto | null>(event);
  // The current event, when a save was refused because it changed elsewhere.
  const [stale, setStale] = useState<EventDto | null>(null);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const fill = (from: EventDto | null) => {
    setBase(from);
    setStale(null);
    setValues(valuesOf(from));
  };

  // Each opening starts from the event as it is now (or from a blank form).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) fill(event);
  }

  const editing = event !== null;
  const pending = create.isPending || update.isPending;
  const set =
    <K extends keyof Values>(key: K) =>
    (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setValues((v) => ({ ...v, [key]: e.target.value }));

  const conflict = user?.shabbatWarningsEnabled ? conflictOf(values.date, values.time) : null;
  const hebrewDate = hebrew ? hebrewDateOf(values.date) : null;

  const chooseImage = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setUploading(true);
    const url = await uploadImageWithToasts(file);
    setUploading(false);
    if (url) setValues((v) => ({ ...v, imageUrl: url }));
  };

  const submit = () => {
    if (!values.title.trim() || !values.date) {
      toast.error(EVENT_MESSAGES.required);
      return;
    }
    const input = {
      title: values.title,
      type: values.type,
      // Local date and time, sent as the ISO timestamp it stands for (midnight without a time).
      date: new Date(`${values.date}T${values.time || '00:00'}`),
      time: values.time || null,
      venue: values.venue,
      notes: values.notes,
      imageUrl: values.imageUrl,
    };
    const parsed = eventCreateInput.safeParse(input);
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? EVENT_MESSAGES.required);
      return;
    }
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
            toast.failed('Failed to update event', error);
          },
        },
      );
    } else {
      create.mutate(input, {
        onSuccess: (created) => {
          toast.success('Event created successfully');
          setValues(valuesOf(null));
          onClose();
          onCreated?.(created);
        },
        onError: (error) => toast.failed('Failed to create event', error),
      });
    }
  };

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
      onSubmit={submit}
    >
      <Stack gap="5">
        {stale ? <StaleWriteAlert onReload={() => fill(stale)} /> : null}
        <Field.Root required disabled={pending}>
          <Field.Label>
            Event title <Field.RequiredIndicator />
          </Field.Label>
          <Input
            name="title"
            value={values.title}
            onChange={set('title')}
            placeholder="e.g. Ari's Bar Mitzvah"
            maxLength={200}
            autoComplete="off"
          />
        </Field.Root>
        <Field.Root disabled={pending}>
          <Field.Label>Event type</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field name="type" value={values.type} onChange={set('type')}>
              {EVENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="5">
          <Field.Root required disabled={pending}>
            <Field.Label>
              Date <Field.RequiredIndicator />
            </Field.Label>
            <Input name="date" type="date" value={values.date} onChange={set('date')} max="9999-12-31" />
            {hebrewDate ? <Field.HelperText color="gold.fg">{hebrewDate}</Field.HelperText> : null}
          </Field.Root>
          <Field.Root disabled={pending}>
            <Field.Label>Time</Field.Label>
            <Input name="time" type="time" value={values.time} onChange={set('time')} />
          </Field.Root>
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
        <Field.Root disabled={pending}>
          <Field.Label>Venue</Field.Label>
          <Input
            name="venue"
            value={values.venue}
            onChange={set('venue')}
            placeholder="e.g. Shalom Gardens, Great Neck"
            maxLength={300}
          />
        </Field.Root>
        <Field.Root disabled={pending}>
          <Field.Label>Notes</Field.Label>
          <Textarea
            name="notes"
            value={values.notes}
            onChange={set('notes')}
            rows={3}
            maxLength={5000}
            placeholder="Guests, timings, anything to remember"
          />
        </Field.Root>
        <Box>
          <Text fontWeight="medium" fontSize="sm" mb="1.5" id="event-image-label">
            Image
          </Text>
          {values.imageUrl ? (
            <Box position="relative" rounded="lg" overflow="hidden" borderWidth="1px" borderColor="border">
              <UploadedImage
                src={values.imageUrl}
                sizes={DIALOG_IMAGE_SIZES}
                alt="Event image preview"
                w="full"
                h="40"
              />
            </Box>
          ) : null}
          <Flex gap="3" mt={values.imageUrl ? '3' : '0'} wrap="wrap">
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
              {values.imageUrl ? 'Replace image' : 'Upload image'}
            </Button>
            {values.imageUrl ? (
              <Button
                variant="ghost"
                size="sm"
                colorPalette="red"
                onClick={() => setValues((v) => ({ ...v, imageUrl: null }))}
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
