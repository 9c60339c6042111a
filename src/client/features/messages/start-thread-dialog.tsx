import { Stack } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import {
  MESSAGING_LIMITS,
  MESSAGING_MESSAGES,
  type StartThreadInput,
  startThreadInput,
} from '../../../shared/schemas/messages';
import { FormAlert } from '../../components/error-alert';
import { fieldBinder } from '../../components/field-binder';
import { FormDialog } from '../../components/form-dialog';
import { FormTextField } from '../../components/form-fields';
import { useCheckedForm } from '../../components/use-checked-form';
import { useIdempotentCreate } from '../../lib/idempotency';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { MessageTextField } from './message-text-field';

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
  const { register, handleSubmit, reset, errors, placeServerError } = useCheckedForm<StartThreadInput>(
    startThreadInput,
    { vendorId: vendor.id, subject: '', messageText: '' },
  );
  const pending = start.isPending;
  const field = fieldBinder(register, errors, pending);

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
          if (!placeServerError(error, ['subject', 'messageText']))
            toast.failed('Failed to send message', error);
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
          <FormAlert status="info" variant="subtle">
            {MESSAGING_MESSAGES.unclaimed}
          </FormAlert>
        )}
        <FormTextField
          label="Subject"
          required
          maxLength={MESSAGING_LIMITS.subjectMax}
          placeholder="e.g. Questions about our wedding in June"
          {...field('subject')}
        />
        <MessageTextField
          label="Message"
          rows={5}
          placeholder="Tell the vendor about your celebration and what you would like to know"
          {...field('messageText')}
        />
      </Stack>
    </FormDialog>
  );
}
