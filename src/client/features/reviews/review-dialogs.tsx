import { Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { PRODUCT_NAME } from '../../../shared/constants';
import { REVIEW_TEXT_MAX } from '../../../shared/schemas/reviews';
import { ErrorAlert } from '../../components/error-alert';
import { FormDialog } from '../../components/form-dialog';
import { FormTextarea } from '../../components/form-fields';
import { useIsolate } from '../../i18n/use-isolate';
import { useT } from '../../i18n/use-t';
import { serverMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useWhenOpened, useZodForm } from '../../lib/use-zod-form';
import { replyForm, reportForm } from './review-form';

export interface ReviewDialogProps {
  open: boolean;
  onClose: () => void;
  /** The review acted on; null while closed. */
  reviewId: string | null;
  /** Whose review, for the dialog's words ("Miriam's review"). */
  authorFirstName: string | null;
}

/** Whose review, as the messages take it: "Miriam's review", or "this review" without a name. */
const whose = (name: string | null, iso: (text: string) => string) => ({
  known: name ? 'yes' : 'no',
  name: iso(name ?? ''),
});

/** Anyone signed in reports a review to the admins, with a reason. */
export function ReportReviewDialog({ open, onClose, reviewId, authorFirstName }: ReviewDialogProps) {
  const t = useT();
  const iso = useIsolate();
  const report = trpc.reviews.report.useMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useZodForm(reportForm, { defaultValues: { reason: '' }, pending: report.isPending });
  useWhenOpened(open, () => {
    form.reset({ reason: '' });
    setProblem(null);
  });
  const submit = form.handleSubmit(async (values) => {
    if (!reviewId) return;
    setProblem(null);
    try {
      await report.mutateAsync({ id: reviewId, reason: values.reason });
      toast.success(t('reviews.report.sent'), t('reviews.report.sentHint'));
      onClose();
    } catch (error) {
      if (!form.applyServerErrors(error)) setProblem(serverMessage(error) ?? t('reviews.report.failed'));
    }
  });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('reviews.report.title', whose(authorFirstName, iso))}
      description={t('reviews.report.description', { brand: PRODUCT_NAME })}
      submitLabel={t('reviews.report.submit')}
      pendingLabel={t('reviews.report.pending')}
      pending={report.isPending}
      onSubmit={() => void submit()}
    >
      <Stack gap="4" data-testid="report-review-dialog">
        {problem ? <ErrorAlert>{problem}</ErrorAlert> : null}
        <FormTextarea
          form={form}
          name="reason"
          label={t('reviews.report.reason')}
          required
          rows={4}
          maxLength={1000}
          placeholder={t('reviews.report.placeholder')}
          data-autofocus
        />
      </Stack>
    </FormDialog>
  );
}

/** The listing's owner answers a review once, publicly. */
export function ReplyDialog({ open, onClose, reviewId, authorFirstName }: ReviewDialogProps) {
  const t = useT();
  const iso = useIsolate();
  const utils = trpc.useUtils();
  const reply = trpc.reviews.reply.useMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useZodForm(replyForm, { defaultValues: { text: '' }, pending: reply.isPending });
  useWhenOpened(open, () => {
    form.reset({ text: '' });
    setProblem(null);
  });
  const submit = form.handleSubmit(async (values) => {
    if (!reviewId) return;
    setProblem(null);
    try {
      await reply.mutateAsync({ id: reviewId, text: values.text });
      await Promise.all([utils.reviews.mine.invalidate(), utils.reviews.forVendor.invalidate()]);
      toast.success(t('reviews.reply.published'));
      onClose();
    } catch (error) {
      if (!form.applyServerErrors(error)) setProblem(serverMessage(error) ?? t('reviews.reply.failed'));
    }
  });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('reviews.reply.title', whose(authorFirstName, iso))}
      description={t('reviews.reply.description')}
      submitLabel={t('reviews.reply.submit')}
      pendingLabel={t('reviews.publishing')}
      pending={reply.isPending}
      onSubmit={() => void submit()}
    >
      <Stack gap="4" data-testid="reply-review-dialog">
        {problem ? <ErrorAlert>{problem}</ErrorAlert> : null}
        <FormTextarea
          form={form}
          name="text"
          label={t('reviews.reply.label')}
          required
          rows={5}
          maxLength={REVIEW_TEXT_MAX}
          data-autofocus
        />
      </Stack>
    </FormDialog>
  );
}
