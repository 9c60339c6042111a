import { Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { REVIEW_TEXT_MAX } from '../../../shared/schemas/reviews';
import { ErrorAlert } from '../../components/error-alert';
import { FormDialog } from '../../components/form-dialog';
import { FormTextarea } from '../../components/form-fields';
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

const whose = (name: string | null) => (name ? `${name}'s review` : 'this review');

/** Anyone signed in reports a review to the admins, with a reason. */
export function ReportReviewDialog({ open, onClose, reviewId, authorFirstName }: ReviewDialogProps) {
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
      toast.success('Report sent', 'An administrator will look at the review.');
      onClose();
    } catch (error) {
      if (!form.applyServerErrors(error)) setProblem(serverMessage(error) ?? 'The report could not be sent.');
    }
  });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={`Report ${whose(authorFirstName)}?`}
      description="Tell the SimchaHub administrators what is wrong with it. They read every report and may hide the review."
      submitLabel="Send report"
      pendingLabel="Sending..."
      pending={report.isPending}
      onSubmit={() => void submit()}
    >
      <Stack gap="4" data-testid="report-review-dialog">
        {problem ? <ErrorAlert>{problem}</ErrorAlert> : null}
        <FormTextarea
          form={form}
          name="reason"
          label="Reason"
          required
          rows={4}
          maxLength={1000}
          placeholder="For example: not a real client, abusive language, private details"
          data-autofocus
        />
      </Stack>
    </FormDialog>
  );
}

/** The listing's owner answers a review once, publicly. */
export function ReplyDialog({ open, onClose, reviewId, authorFirstName }: ReviewDialogProps) {
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
      toast.success('Reply published');
      onClose();
    } catch (error) {
      if (!form.applyServerErrors(error)) setProblem(serverMessage(error) ?? 'The reply could not be sent.');
    }
  });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={`Reply to ${whose(authorFirstName)}`}
      description="Your reply appears under the review on your public profile. You can reply once."
      submitLabel="Publish reply"
      pendingLabel="Publishing..."
      pending={reply.isPending}
      onSubmit={() => void submit()}
    >
      <Stack gap="4" data-testid="reply-review-dialog">
        {problem ? <ErrorAlert>{problem}</ErrorAlert> : null}
        <FormTextarea
          form={form}
          name="text"
          label="Your reply"
          required
          rows={5}
          maxLength={REVIEW_TEXT_MAX}
          data-autofocus
        />
      </Stack>
    </FormDialog>
  );
}
