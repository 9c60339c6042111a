import { Stack } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { MESSAGING_LIMITS, type StartThreadInput, startThreadInput } from '../../../shared/schemas/messages';
import { FormAlert } from '../../components/error-alert';
import { fieldBinder } from '../../components/field-binder';
import { FormDialog } from '../../components/form-dialog';
import { FormTextField } from '../../components/form-fields';
import { useCheckedForm } from '../../components/use-checked-form';
import { useIsolate } from '../../i18n/use-isolate';
import { useT } from '../../i18n/use-t';
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
  const t = useT();
  const iso = useIsolate();
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
          toast.success(
            t('messages.start.sent'),
            t('messages.start.sentHint', { name: iso(vendor.businessName) }),
          );
          reset({ vendorId: vendor.id, subject: '', messageText: '' });
          onClose();
          navigate(`/messages?thread=${threadId}`);
        },
        onError: (error) => {
          if (!placeServerError(error, ['subject', 'messageText']))
            toast.failed(t('messages.start.failed'), error);
        },
      },
    );
  });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('messages.start.title', { name: iso(vendor.businessName) })}
      description={t('messages.start.description')}
      submitLabel={t('messages.start.submit')}
      pendingLabel={t('messages.start.sending')}
      pending={pending}
      onSubmit={() => void submit()}
    >
      <Stack gap="5">
        {vendor.claimed ? null : (
          <FormAlert status="info" variant="subtle">
            {t('messages.start.unclaimed')}
          </FormAlert>
        )}
        <FormTextField
          label={t('messages.start.subject')}
          required
          maxLength={MESSAGING_LIMITS.subjectMax}
          placeholder={t('messages.start.subjectPlaceholder')}
          dir="auto"
          {...field('subject')}
        />
        <MessageTextField
          label={t('messages.start.message')}
          rows={5}
          placeholder={t('messages.start.messagePlaceholder')}
          dir="auto"
          {...field('messageText')}
        />
      </Stack>
    </FormDialog>
  );
}
