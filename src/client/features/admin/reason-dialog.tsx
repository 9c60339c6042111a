import { Box, Stack } from '@chakra-ui/react';
import { type ReactNode, useMemo, useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { FormDialog } from '../../components/form-dialog';
import { FormTextarea } from '../../components/form-fields';
import { useWhenOpened, useZodForm } from '../../lib/use-zod-form';
import { type Outcome, refusal } from './actions';
import { REASON_MAX, reasonForm } from './schemas';

const NOTES_IS_REASON = { notes: 'reason' } as const;

interface ReasonDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  /** Whether the action needs a reason (suspend, hide, revoke) or takes an optional note. */
  required: boolean;
  label?: string;
  placeholder?: string;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /**
   * Runs the action and says how it went: on success the caller closes the dialog; a refusal is
   * shown in the dialog, which stays open for another try.
   */
  onSubmit: (reason: string | null) => Promise<Outcome>;
  children?: ReactNode;
  testId?: string;
}

/** A dialog that asks why before an admin action, and says why the server refused it. */
export function ReasonDialog({
  open,
  onClose,
  title,
  description,
  required,
  label = 'Reason',
  placeholder,
  submitLabel,
  pendingLabel,
  pending,
  onSubmit,
  children,
  testId,
}: ReasonDialogProps) {
  const schema = useMemo(() => reasonForm(required), [required]);
  const [problem, setProblem] = useState<string | null>(null);
  // Review actions call their note `notes` on the wire; here it is always the reason.
  const form = useZodForm(schema, { defaultValues: { reason: '' }, pending, aliases: NOTES_IS_REASON });
  const { reset } = form;

  // Every opening starts blank: a reason written for one account never carries over to the next.
  useWhenOpened(open, () => {
    reset({ reason: '' });
    setProblem(null);
  });

  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    const outcome = await onSubmit(values.reason || null);
    if (outcome.ok) return;
    if (!form.applyServerErrors(outcome.error)) setProblem(refusal(outcome.error));
  });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={title}
      description={
        // Long e-mail addresses in the question wrap instead of running off a phone's screen.
        description ? (
          <Box as="span" overflowWrap="anywhere">
            {description}
          </Box>
        ) : undefined
      }
      submitLabel={submitLabel}
      pendingLabel={pendingLabel}
      pending={pending}
      onSubmit={() => void submit()}
    >
      <Stack gap="4" data-testid={testId}>
        {problem ? <ErrorAlert>{problem}</ErrorAlert> : null}
        {children}
        <FormTextarea
          form={form}
          name="reason"
          label={label}
          required={required}
          rows={4}
          maxLength={REASON_MAX}
          placeholder={placeholder}
          data-autofocus
          hint={
            required
              ? 'Recorded in the audit log with your name.'
              : 'Optional. Recorded in the audit log with your name.'
          }
        />
      </Stack>
    </FormDialog>
  );
}
