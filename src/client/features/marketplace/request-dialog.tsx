import {
  Alert,
  Box,
  Button,
  Field,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { Paperclip } from 'lucide-react';
import { type ChangeEvent, useRef, useState } from 'react';
import { LIMITS, REQUEST_EVENT_TYPES } from '../../../shared/constants';
import { conflictFor, toCivilDate } from '../../../shared/jewish-calendar';
import { availabilityRequestInput, REQUEST_MESSAGES } from '../../../shared/schemas/requests';
import type { VendorView } from '../../../shared/schemas/vendors';
import { FormDialog } from '../../components/form-dialog';
import { PickedFiles } from '../../components/picked-files';
import { ATTACHMENT_ACCEPT, useAttachmentUploads } from '../../lib/attachments';
import { serverMessage } from '../../lib/errors';
import { useIdempotentCreate } from '../../lib/idempotency';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';

interface Values {
  eventType: string;
  date: string;
  time: string;
  guestCount: string;
  budgetMin: string;
  budgetMax: string;
  city: string;
  message: string;
  eventId: string;
}

const EMPTY: Values = {
  eventType: '',
  date: '',
  time: '',
  guestCount: String(LIMITS.guestCountDefault),
  budgetMin: '',
  budgetMax: '',
  city: '',
  message: '',
  eventId: '',
};

/** The Shabbat or holiday a date (and time) runs into; never throws on a half-typed date. */
function conflictOf(date: string, time: string): string | null {
  if (!date) return null;
  try {
    const conflict = conflictFor(date, time || null);
    return conflict.hasConflict ? (conflict.reason ?? 'Shabbat') : null;
  } catch {
    return null;
  }
}

/** Default 100, at least 1, and 100 again when the box holds no number (spec section 5). */
function guestCountOf(text: string): number {
  const n = Number.parseInt(text, 10);
  if (!Number.isFinite(n)) return LIMITS.guestCountDefault;
  return Math.max(1, n);
}

interface RequestDialogProps {
  open: boolean;
  onClose: () => void;
  vendor: Pick<VendorView, 'id' | 'businessName'> | null;
}

/** Ask a vendor whether they are free (spec sections 2, 4 and 5); customers only. */
export function RequestAvailabilityDialog({ open, onClose, vendor }: RequestDialogProps) {
  const utils = trpc.useUtils();
  const events = trpc.events.list.useQuery(undefined, { enabled: open });
  const send = useIdempotentCreate(
    trpc.requests.send.useMutation({
      onSuccess: () => utils.requests.list.invalidate(),
    }),
  );
  const [values, setValues] = useState<Values>(EMPTY);
  // Files upload as soon as they are picked; the request carries the uploaded files' ids.
  const uploads = useAttachmentUploads();
  const [waiting, setWaiting] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const set =
    (key: keyof Values) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setValues((v) => ({ ...v, [key]: e.target.value }));

  const conflict = conflictOf(values.date, values.time);
  const missing = !values.eventType || !values.date || !values.message.trim();

  const chooseEvent = (e: ChangeEvent<HTMLSelectElement>) => {
    const id = e.target.value;
    const event = events.data?.find((ev) => ev.id === id);
    setValues((v) => {
      if (!event) return { ...v, eventId: id };
      // A linked event fills in what it already knows, without overwriting what was typed.
      const type = (REQUEST_EVENT_TYPES as readonly string[]).includes(event.type) ? event.type : v.eventType;
      return {
        ...v,
        eventId: id,
        eventType: v.eventType || type,
        date: v.date || toCivilDate(event.date),
        time: v.time || (event.time ?? ''),
      };
    });
  };

  const addFiles = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(e.target.files ?? []);
    e.target.value = '';
    uploads.pick(chosen);
  };

  const close = () => {
    if (!send.isPending) onClose();
  };

  const submit = async () => {
    if (!vendor || waiting) return;
    if (missing) {
      toast.error('Missing required fields', REQUEST_MESSAGES.missing);
      return;
    }
    // Files still uploading are waited for: the request carries every file that was picked.
    setWaiting(true);
    const files = await uploads.settled();
    setWaiting(false);
    if (files.failed) {
      toast.error('Failed to send request', 'Some files did not upload. Retry or remove them first.');
      return;
    }
    const input = {
      id: vendor.id,
      eventType: values.eventType as (typeof REQUEST_EVENT_TYPES)[number],
      date: values.date,
      time: values.time || null,
      guestCount: guestCountOf(values.guestCount),
      budgetMin: values.budgetMin.trim() || undefined,
      budgetMax: values.budgetMax.trim() || undefined,
      city: values.city,
      message: values.message.trim(),
      eventId: values.eventId || null,
      hasConflict: conflict !== null,
      conflictReason: conflict,
      attachments: files.uploaded.map((a) => ({
        id: a.id,
        name: a.name,
        size: a.bytes,
        type: a.contentType,
      })),
    };
    const parsed = availabilityRequestInput.safeParse(input);
    if (!parsed.success) {
      toast.error('Failed to send request', parsed.error.issues[0]?.message ?? 'Please try again');
      return;
    }
    send.mutate(parsed.data, {
      onSuccess: () => {
        toast.success('Request sent successfully!', 'The vendor will respond to your inquiry soon.');
        setValues(EMPTY);
        uploads.clear();
        onClose();
      },
      onError: (error) => toast.error('Failed to send request', serverMessage(error) ?? 'Please try again'),
    });
  };

  const pending = send.isPending || waiting;
  return (
    <FormDialog
      open={open}
      onClose={close}
      title="Request Availability"
      description={vendor ? `Ask ${vendor.businessName} whether they are free for your simcha.` : undefined}
      submitLabel="Send Request"
      pendingLabel="Sending..."
      pending={pending}
      submitDisabled={missing || uploads.failed}
      onSubmit={() => void submit()}
    >
      <Stack gap="5">
        {events.data && events.data.length > 0 ? (
          <Field.Root disabled={pending}>
            <Field.Label>Link to one of your events</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field name="eventId" value={values.eventId} onChange={chooseEvent}>
                <option value="">Not linked to an event</option>
                {events.data.map((event) => (
                  <option key={event.id} value={event.id}>
                    {event.title}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        ) : null}
        <Field.Root required disabled={pending}>
          <Field.Label>
            Event type <Field.RequiredIndicator />
          </Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field name="eventType" value={values.eventType} onChange={set('eventType')}>
              <option value="" disabled>
                Select event type
              </option>
              {REQUEST_EVENT_TYPES.map((type) => (
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
              Event date <Field.RequiredIndicator />
            </Field.Label>
            <Input name="date" type="date" value={values.date} onChange={set('date')} max="9999-12-31" />
          </Field.Root>
          <Field.Root disabled={pending}>
            <Field.Label>Time</Field.Label>
            <Input name="time" type="time" value={values.time} onChange={set('time')} />
          </Field.Root>
        </SimpleGrid>
        {conflict ? (
          <Alert.Root status="warning" rounded="lg" role="status">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>
                This date overlaps {conflict} - consider choosing another date.
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="5">
          <Field.Root disabled={pending}>
            <Field.Label>Guest count</Field.Label>
            <Input
              name="guestCount"
              type="number"
              inputMode="numeric"
              min={1}
              value={values.guestCount}
              onChange={set('guestCount')}
            />
          </Field.Root>
          <Field.Root disabled={pending}>
            <Field.Label>Budget from ($)</Field.Label>
            <Input
              name="budgetMin"
              inputMode="decimal"
              value={values.budgetMin}
              onChange={set('budgetMin')}
              placeholder="e.g. 2000"
            />
          </Field.Root>
          <Field.Root disabled={pending}>
            <Field.Label>Budget to ($)</Field.Label>
            <Input
              name="budgetMax"
              inputMode="decimal"
              value={values.budgetMax}
              onChange={set('budgetMax')}
              placeholder="e.g. 5000"
            />
          </Field.Root>
        </SimpleGrid>
        <Field.Root disabled={pending}>
          <Field.Label>City</Field.Label>
          <Input
            name="city"
            value={values.city}
            onChange={set('city')}
            maxLength={100}
            placeholder="e.g. Teaneck"
          />
        </Field.Root>
        <Field.Root required disabled={pending}>
          <Field.Label>
            Message <Field.RequiredIndicator />
          </Field.Label>
          <Textarea
            name="message"
            value={values.message}
            onChange={set('message')}
            rows={4}
            maxLength={5000}
            placeholder="Tell the vendor about your celebration and what you need"
          />
        </Field.Root>
        <Box>
          <Text fontWeight="medium" fontSize="sm" mb="1.5" id="request-attachments-label">
            Attachments
          </Text>
          <Box mb={uploads.files.length > 0 ? '3' : '0'}>
            <PickedFiles
              files={uploads.files}
              onRemove={uploads.remove}
              onRetry={uploads.retry}
              disabled={pending}
              labelledBy="request-attachments-label"
            />
          </Box>
          <input
            ref={fileInput}
            type="file"
            multiple
            accept={ATTACHMENT_ACCEPT}
            aria-labelledby="request-attachments-label"
            hidden
            onChange={addFiles}
          />
          <Button
            variant="outline"
            size="sm"
            onClick={() => fileInput.current?.click()}
            disabled={pending || uploads.full}
          >
            <Paperclip />
            Attach files
          </Button>
          <Text fontSize="xs" color="fg.muted" mt="1.5">
            Up to {LIMITS.attachmentsMax} JPG, PNG, GIF or PDF files, 10MB each.
            {uploads.failed ? ' Remove or retry the files that did not upload before sending.' : ''}
          </Text>
        </Box>
      </Stack>
    </FormDialog>
  );
}
