import { Stack, Text } from '@chakra-ui/react';
import type { z } from 'zod';
import { MESSAGING_LIMITS, reportInput } from '../../../shared/schemas/messages';
import { FormDialog } from '../../components/form-dialog';
import { FormTextareaField } from '../../components/form-fields';
import { useCheckedForm } from '../../components/use-checked-form';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';

type ReportForm = z.input<typeof reportInput>;

interface ReportDialogProps {
  open: boolean;
  onClose: () => void;
  threadId: string;
  otherParty: string;
}

/** Report a conversation to the SimchaHub team, with the reason. */
export function ReportDialog({ open, onClose, threadId, otherParty }: ReportDialogProps) {
  const report = trpc.messages.report.useMutation();
  const { register, handleSubmit, reset, errors, placeServerError } = useCheckedForm<ReportForm>(
    reportInput,
    {
      threadId,
      reason: '',
    },
  );

  const submit = handleSubmit((values) => {
    report.mutate(values, {
      onSuccess: () => {
        toast.success('Report sent', 'Thank you. Our team will look into this conversation.');
        reset({ threadId, reason: '' });
        onClose();
      },
      onError: (error) => {
        if (!placeServerError(error, ['reason'])) toast.failed('Failed to send report', error);
      },
    });
  });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Report conversation"
      description={`Tell us what is wrong in your conversation with ${otherParty}. Our team reads every report.`}
      submitLabel="Send report"
      pendingLabel="Sending..."
      pending={report.isPending}
      onSubmit={() => void submit()}
    >
      <Stack gap="2">
        <FormTextareaField
          label="Reason"
          required
          disabled={report.isPending}
          error={errors.reason?.message}
          rows={5}
          maxLength={MESSAGING_LIMITS.reportReasonMax}
          placeholder="For example: spam, abusive language, a request for payment outside SimchaHub"
          {...register('reason')}
        />
        {errors.threadId ? (
          <Text fontSize="sm" color="fg.error">
            {errors.threadId.message}
          </Text>
        ) : null}
      </Stack>
    </FormDialog>
  );
}
