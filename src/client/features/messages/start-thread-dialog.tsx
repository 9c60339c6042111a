import { Alert, Stack, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import {
  MESSAGING_LIMITS,
  MESSAGING_MESSAGES,
  type StartThreadInput,
  startThreadInput,
} from '../../../shared/schemas/messages';
import { FormDialog } from '../../components/form-dialog';
import { FieldFrame, FormTextField } from '../../components/form-fields';
import { serverFieldError } from '../../lib/errors';
import { useIdempotentCreate } from '../../lib/idempotency';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';

interface StartThreadDialogProps {
  open: boolean;
  onClose: () => void;
  vendor: { id: string; businessName: string; claimed: boolean };
}

/** A customer writes to a vendor from its profile; the new conversation opens in /messages. */
export function StartThreadDialog({ open, onClose, vendor }: StartThreadDialogProps) {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const start = useIdempotentCreate(trpc.messages.startThread.useMutation());
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<StartThreadInput>({
    resolver: zodResolver(startThreadInput),
    defaultValues: { vendorId: vendor.id, subject: '', messageText: '' },
  });
  const pending = start.isPending;

  const submit = handleSubmit((values) => {
    start.mutate(
      { vendorId: values.vendorId, subject: values.subject, messageText: values.messageText },
      {
        onSuccess: (conversation) => {
          const threadId = conversation.thread.id;
          utils.messages.conversation.setData({ threadId }, conversation);
          void utils.messages.threads.invalidate();
          toast.success('Message sent', `Your message is on its way to ${vendor.businessName}.`);
          reset({ vendorId: vendor.id, subject: '', messageText: '' });
          onClose();
          navigate(`/messages?thread=${threadId}`);
        },
        onError: (error) => {
          const field = serverFieldError(error);
          if (field && (field.field === 'subject' || field.field === 'messageText')) {
            setError(field.field, { message: field.message });
          } else {
            toast.failed('Failed to send message', error);
          }
        },
      },
    );
  });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={`Message ${vendor.businessName}`}
      description="Ask a question; the conversation continues in Messages."
      submitLabel="Send Message"
      pendingLabel="Sending..."
      pending={pending}
      onSubmit={() => void submit()}
    >
      <Stack gap="5">
        {vendor.claimed ? null : (
          <Alert.Root status="info" rounded="lg" variant="subtle">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>{MESSAGING_MESSAGES.unclaimed}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        <FormTextField
          label="Subject"
          required
          disabled={pending}
          error={errors.subject?.message}
          maxLength={MESSAGING_LIMITS.subjectMax}
          placeholder="e.g. Questions about our wedding in June"
          {...register('subject')}
        />
        <FieldFrame label="Message" required disabled={pending} error={errors.messageText?.message}>
          <Textarea
            rows={5}
            maxLength={MESSAGING_LIMITS.replyMax}
            placeholder="Tell the vendor about your celebration and what you would like to know"
            {...register('messageText')}
          />
        </FieldFrame>
      </Stack>
    </FormDialog>
  );
}
