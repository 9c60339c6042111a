import { Box, Button, Stack } from '@chakra-ui/react';
import { Paperclip } from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';
import { LIMITS } from '../../../shared/constants';
import { REQUEST_EVENT_TYPES } from '../../../shared/event-types';
import { toCivilDate } from '../../../shared/jewish-calendar';
import { civilDateIn, LAST_ZONE_ON_EARTH, reportedZone } from '../../../shared/local-time';
import { zoneAt } from '../../../shared/place-zone';
import { REQUEST_MESSAGES } from '../../../shared/schemas/requests';
import type { VendorView } from '../../../shared/schemas/vendors';
import { ConflictNotice } from '../../components/conflict-notice';
import { FieldColumns } from '../../components/field-columns';
import { FileField } from '../../components/file-field';
import { FormDialog } from '../../components/form-dialog';
import { FormInput, FormSelect, FormTextarea } from '../../components/form-fields';
import { useObservanceName } from '../../components/observance-name';
import { PickedFiles } from '../../components/picked-files';
import { PlacePicker } from '../../components/place-picker';
import { useSlotCheck } from '../../components/use-slot-check';
import { term } from '../../i18n/terms';
import { useIsolate } from '../../i18n/use-isolate';
import { useT } from '../../i18n/use-t';
import { ATTACHMENT_ACCEPT, useAttachmentUploads } from '../../lib/attachments';
import { serverMessage } from '../../lib/errors';
import { useIdempotentCreate } from '../../lib/idempotency';
import { useCurrentUser } from '../../lib/session';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/use-zod-form';
import { type RequestFormValues, requestForm } from './request-form';

const EMPTY: RequestFormValues = {
  eventType: '',
  date: '',
  time: '',
  guestCount: String(LIMITS.guestCountDefault),
  budgetMin: '',
  budgetMax: '',
  city: '',
  place: null,
  message: '',
  eventId: '',
};

interface RequestDialogProps {
  open: boolean;
  onClose: () => void;
  vendor: Pick<VendorView, 'id' | 'businessName' | 'claimed' | 'latitude' | 'longitude'> | null;
}

/** Ask a vendor whether they are free (spec sections 2, 4 and 5); customers only. */
export function RequestAvailabilityDialog({ open, onClose, vendor }: RequestDialogProps) {
  const t = useT();
  const iso = useIsolate();
  const observanceName = useObservanceName();
  const utils = trpc.useUtils();
  const events = trpc.events.list.useQuery(undefined, { enabled: open });
  // Only events still to come can be asked about: a past one's date would be refused.
  const today = toCivilDate(new Date());
  const linkable = (events.data ?? []).filter((event) => event.localDate >= today);
  const { user } = useCurrentUser();
  const conflictId = useId();
  const send = useIdempotentCreate(
    trpc.requests.send.useMutation({
      onSuccess: () => utils.requests.list.invalidate(),
    }),
  );
  const [waiting, setWaiting] = useState(false);
  const pending = send.isPending || waiting;
  // Whether the date has passed is judged where the listing is, else in the browser's zone.
  const zones = useMemo(
    () => ({ listing: zoneAt(vendor?.latitude, vendor?.longitude), browser: reportedZone() }),
    [vendor?.latitude, vendor?.longitude],
  );
  const schema = useMemo(() => requestForm(vendor?.id ?? '', zones), [vendor?.id, zones]);
  const firstDate = civilDateIn(new Date(), zones.listing ?? zones.browser ?? LAST_ZONE_ON_EARTH);
  const form = useZodForm(schema, { defaultValues: EMPTY, pending });
  const { getValues, setValue, watch, reset } = form;
  // Files upload as soon as they are picked; the request carries the uploaded files' ids.
  const uploads = useAttachmentUploads();

  const [date, time, eventType, message, place] = watch(['date', 'time', 'eventType', 'message', 'place']);
  // Spec section 6: Send is disabled while a required field is empty.
  const missingRequired = !eventType || !date || message.trim() === '';
  // The server's tier at the chosen place (else the family's home place), as the date is typed;
  // Shabbat warnings off switches every warning off. The server judges the request again when sent.
  const warn = user?.shabbatWarningsEnabled ?? true;
  const judged = useSlotCheck({ date, time, placeId: place?.id ?? null }, open && warn);
  const shown = warn ? judged : undefined;
  const overlap = shown?.hasConflict && shown.conflict.level !== 'info' ? shown.conflictReason : null;

  const chooseEvent = () => {
    const event = linkable.find((ev) => ev.id === getValues('eventId'));
    if (!event) return;
    // A linked event fills in what it already knows, without overwriting what was typed.
    const fillIn = (name: 'eventType' | 'date' | 'time', value: string) => {
      if (!getValues(name) && value)
        setValue(name, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    };
    if ((REQUEST_EVENT_TYPES as readonly string[]).includes(event.type)) fillIn('eventType', event.type);
    fillIn('date', event.localDate);
    fillIn('time', event.time ?? '');
    proposeGuestCount(event.id, event.parentEventId ?? event.id);
  };

  // The count the guest list proposed last, so that a count the family typed is never replaced.
  const proposed = useRef<string | null>(null);
  const [countHint, setCountHint] = useState<string | undefined>();
  /** The guest count from the event's guest list: its attending count, else its invited count. */
  const proposeGuestCount = (eventId: string, listId: string) => {
    utils.guests.summary
      .fetch({ id: listId })
      .then((summary) => {
        if (getValues('eventId') !== eventId) return;
        const counts = summary.events.find((c) => c.eventId === eventId);
        const count = counts?.attending || counts?.invited || LIMITS.guestCountDefault;
        const current = getValues('guestCount');
        const untouched =
          current === '' || current === String(LIMITS.guestCountDefault) || current === proposed.current;
        if (!untouched) return;
        proposed.current = String(count);
        setValue('guestCount', String(count), { shouldDirty: true });
        setCountHint(
          counts?.attending
            ? t('marketplace.request.attendingHint', { count: counts.attending })
            : counts?.invited
              ? t('marketplace.request.invitedHint', { count: counts.invited })
              : undefined,
        );
      })
      .catch(() => undefined);
  };

  const close = () => {
    if (!send.isPending) onClose();
  };

  const submit = form.handleSubmit(
    async (input) => {
      if (!vendor || waiting) return;
      // Files still uploading are waited for: the request carries every file that was picked.
      setWaiting(true);
      const files = await uploads.settled();
      setWaiting(false);
      if (files.failed) {
        toast.error(t('marketplace.request.failed'), t('marketplace.request.filesFailed'));
        return;
      }
      const attachments = files.uploaded.map((a) => ({
        id: a.id,
        name: a.name,
        size: a.bytes,
        type: a.contentType,
      }));
      send.mutate(
        {
          ...input,
          hasConflict: judged?.hasConflict ?? false,
          conflictReason: judged?.conflictReason ?? null,
          attachments,
        },
        {
          onSuccess: (request) => {
            if (request.vendor.managed)
              toast.success(t('marketplace.request.sent'), t('marketplace.request.sentDescription'));
            else
              toast.success(
                t('marketplace.request.sentUnmanaged'),
                t('marketplace.request.sentUnmanagedDescription'),
              );
            reset(EMPTY);
            proposed.current = null;
            setCountHint(undefined);
            uploads.clear();
            onClose();
          },
          onError: (error) => {
            form.applyServerErrors(error);
            toast.error(
              t('marketplace.request.failed'),
              serverMessage(error) ?? t('marketplace.request.tryAgain'),
            );
          },
        },
      );
    },
    (errors) => {
      if (errors.eventType || errors.date || errors.message) {
        toast.error(t('marketplace.request.missingTitle'), REQUEST_MESSAGES.missing);
      }
    },
  );

  return (
    <FormDialog
      open={open}
      onClose={close}
      title={t('marketplace.request.action')}
      description={
        vendor ? t('marketplace.request.description', { name: iso(vendor.businessName) }) : undefined
      }
      submitLabel={t('marketplace.request.submit')}
      pendingLabel={t('marketplace.request.sending')}
      pending={pending}
      submitDisabled={uploads.failed || missingRequired}
      onSubmit={() => void submit()}
    >
      <Stack gap="5">
        {linkable.length > 0 ? (
          <FormSelect
            form={form}
            name="eventId"
            label={t('marketplace.request.linkEvent')}
            placeholder={t('marketplace.request.notLinked')}
            options={linkable.map((event) => ({ value: event.id, label: event.title, name: true }))}
            onChange={chooseEvent}
          />
        ) : null}
        <FormSelect
          form={form}
          name="eventType"
          label={t('marketplace.request.eventType')}
          required
          placeholder={t('marketplace.request.selectEventType')}
          options={REQUEST_EVENT_TYPES.map((type) => ({ value: type, label: term(t, 'eventType', type) }))}
        />
        <FieldColumns>
          <FormInput
            form={form}
            name="date"
            label={t('marketplace.request.date')}
            required
            type="date"
            min={firstDate}
            max="9999-12-31"
          />
          <FormInput
            form={form}
            name="time"
            label={t('marketplace.request.time')}
            type="time"
            aria-describedby={shown?.conflict.level ? conflictId : undefined}
          />
        </FieldColumns>
        <ConflictNotice
          id={conflictId}
          level={shown?.conflict.level}
          reason={shown?.conflict.reason}
          about={shown?.conflict.about}
          headline={
            overlap ? t('marketplace.request.overlap', { reason: observanceName(overlap) }) : undefined
          }
        />
        <FieldColumns columns={3}>
          <FormInput
            form={form}
            name="guestCount"
            label={t('marketplace.request.guestCount')}
            type="number"
            inputMode="numeric"
            min={1}
            hint={countHint}
          />
          <FormInput
            form={form}
            name="budgetMin"
            label={t('marketplace.request.budgetFrom')}
            inputMode="decimal"
            placeholder={t('marketplace.request.budgetFromExample')}
          />
          <FormInput
            form={form}
            name="budgetMax"
            label={t('marketplace.request.budgetTo')}
            inputMode="decimal"
            placeholder={t('marketplace.request.budgetToExample')}
          />
        </FieldColumns>
        <FieldColumns>
          <PlacePicker
            label={t('marketplace.request.place')}
            value={form.watch('place') ?? null}
            onChange={(picked) => {
              setValue('place', picked, { shouldDirty: true });
              // The city the vendor reads follows the place chosen.
              if (picked) setValue('city', picked.name, { shouldDirty: true });
            }}
            disabled={pending}
            hint={t('marketplace.request.placeHint')}
            data-testid="request-place"
          />
          <FormInput
            form={form}
            name="city"
            label={t('marketplace.request.city')}
            maxLength={100}
            placeholder={t('marketplace.request.cityExample')}
          />
        </FieldColumns>
        <FormTextarea
          form={form}
          name="message"
          label={t('marketplace.request.message')}
          required
          rows={4}
          maxLength={5000}
          placeholder={t('marketplace.request.messagePlaceholder')}
        />
        <FileField
          label={t('marketplace.request.attachments')}
          hint={t('marketplace.request.attachmentsHint', {
            max: LIMITS.attachmentsMax,
            failed: uploads.failed ? 'yes' : 'no',
          })}
          accept={ATTACHMENT_ACCEPT}
          multiple
          onFiles={uploads.pick}
        >
          {(choose, labelId) => (
            <>
              <Box mb={uploads.files.length > 0 ? '3' : '0'}>
                <PickedFiles
                  files={uploads.files}
                  onRemove={uploads.remove}
                  onRetry={uploads.retry}
                  disabled={pending}
                  labelledBy={labelId}
                />
              </Box>
              <Button variant="outline" size="sm" onClick={choose} disabled={pending || uploads.full}>
                <Paperclip />
                {t('marketplace.request.attach')}
              </Button>
            </>
          )}
        </FileField>
      </Stack>
    </FormDialog>
  );
}
