import { Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { BOOKING_LIMITS, cancelBookingInput } from '../../../shared/schemas/bookings';
import { ErrorAlert } from '../../components/error-alert';
import { FormDialog } from '../../components/form-dialog';
import { FormTextarea } from '../../components/form-fields';
import { useIsolate } from '../../i18n/use-isolate';
import { useT } from '../../i18n/use-t';
import { serverMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useWhenOpened, useZodForm } from '../../lib/use-zod-form';
import { useCancelBooking } from './use-bookings';

interface CancelBookingDialogProps {
  open: boolean;
  onClose: () => void;
  bookingId: string;
  /** Who will be told: the vendor's business, or the family's name. */
  otherName: string;
  dayText: string;
}

/** Cancels a confirmed booking with the reason the other side reads. */
export function CancelBookingDialog({
  open,
  onClose,
  bookingId,
  otherName,
  dayText,
}: CancelBookingDialogProps) {
  const t = useT();
  const iso = useIsolate();
  const cancel = useCancelBooking();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useZodForm(cancelBookingInput, {
    defaultValues: { id: bookingId, reason: '' },
    pending: cancel.isPending,
  });
  const { reset } = form;
  useWhenOpened(open, () => {
    reset({ id: bookingId, reason: '' });
    setProblem(null);
  });

  const submit = form.handleSubmit((values) => {
    setProblem(null);
    cancel.mutate(values, {
      onSuccess: () => {
        toast.success(t('bookings.cancel.done'), t('bookings.told', { name: iso(otherName) }));
        onClose();
      },
      onError: (error) => {
        if (!form.applyServerErrors(error)) setProblem(serverMessage(error) ?? t('bookings.cancel.failed'));
      },
    });
  });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('bookings.cancel.title')}
      description={
        <FormattedMessage
          id="bookings.cancel.description"
          values={{ day: dayText, name: <bdi>{otherName}</bdi> }}
        />
      }
      submitLabel={t('bookings.cancel.submit')}
      pendingLabel={t('bookings.cancel.pending')}
      pending={cancel.isPending}
      onSubmit={() => void submit()}
    >
      <Stack gap="4">
        {problem ? <ErrorAlert>{problem}</ErrorAlert> : null}
        <FormTextarea
          form={form}
          name="reason"
          label={t('bookings.cancel.reason')}
          required
          rows={4}
          maxLength={BOOKING_LIMITS.reasonChars}
          data-autofocus
        />
      </Stack>
    </FormDialog>
  );
}
