import { Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { MESSAGING_LIMITS, reportInput } from '../../../shared/schemas/messages';
import { FormDialog } from '../../components/form-dialog';
import { FieldFrame } from '../../components/form-fields';
import { serverFieldError } from '../../lib/errors';
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
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ReportForm>({ resolver: zodResolver(reportInput), defaultValues: { threadId, reason: '' } });

  const submit = handleSubmit((values) => {
    report.mutate(values, {
      onSuccess: () => {
        toast.success('Report sent', 'Thank you. Our team will look into this conversation.');
        reset({ threadId, reason: '' });
        onClose();
      },
      onError: (error) => {
        const field = serverFieldError(error);
        if (field?.field === 'reason') setError('reason', { message: field.message });
        else toast.failed('Failed to send report', error);
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
        <FieldFrame label="Reason" required disabled={report.isPending} error={errors.reason?.message}>
          <Textarea
            rows={5}
            maxLength={MESSAGING_LIMITS.reportReasonMax}
            placeholder="For example: spam, abusive language, a request for payment outside SimchaHub"
            {...register('reason')}
          />
        </FieldFrame>
        {errors.threadId ? (
          <Text fontSize="sm" color="fg.error">
            {errors.threadId.message}
          </Text>
        ) : null}
      </Stack>
    </FormDialog>
  );
}
