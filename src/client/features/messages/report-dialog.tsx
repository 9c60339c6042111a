import { Stack, Text } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import type { z } from 'zod';
import { PRODUCT_NAME } from '../../../shared/constants';

import { MESSAGING_LIMITS, reportInput } from '../../../shared/schemas/messages';
import { FormDialog } from '../../components/form-dialog';
import { FormTextareaField } from '../../components/form-fields';
import { useCheckedForm } from '../../components/use-checked-form';
import { useT } from '../../i18n/use-t';
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
  const t = useT();
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
        toast.success(t('messages.report.sent'), t('messages.report.sentHint'));
        reset({ threadId, reason: '' });
        onClose();
      },
      onError: (error) => {
        if (!placeServerError(error, ['reason'])) toast.failed(t('messages.report.failed'), error);
      },
    });
  });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('messages.report.title')}
      description={
        <FormattedMessage id="messages.report.description" values={{ name: <bdi>{otherParty}</bdi> }} />
      }
      submitLabel={t('messages.report.submit')}
      pendingLabel={t('messages.report.sending')}
      pending={report.isPending}
      onSubmit={() => void submit()}
    >
      <Stack gap="2">
        <FormTextareaField
          label={t('messages.report.reason')}
          required
          disabled={report.isPending}
          error={errors.reason?.message}
          rows={5}
          maxLength={MESSAGING_LIMITS.reportReasonMax}
          placeholder={t('messages.report.reasonPlaceholder', { product: PRODUCT_NAME })}
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
