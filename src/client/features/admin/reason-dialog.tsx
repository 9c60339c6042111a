import { Box, Field, Stack, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ErrorAlert } from '../../components/error-alert';
import { FormDialog } from '../../components/form-dialog';
import { serverFieldError } from '../../lib/errors';
import { type Outcome, refusal } from './actions';
import { REASON_MAX, type ReasonValues, reasonForm } from './schemas';

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
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ReasonValues>({ resolver: zodResolver(schema), defaultValues: { reason: '' } });

  // Every opening starts blank: a reason written for one account never carries over to the next.
  useEffect(() => {
    if (!open) return;
    reset({ reason: '' });
    setProblem(null);
  }, [open, reset]);

  const submit = handleSubmit(async (values) => {
    setProblem(null);
    const outcome = await onSubmit(values.reason || null);
    if (outcome.ok) return;
    const field = serverFieldError(outcome.error);
    if (field?.field === 'reason' || field?.field === 'notes') {
      setError('reason', { message: field.message }, { shouldFocus: true });
    } else {
      setProblem(refusal(outcome.error));
    }
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
        <Field.Root required={required} invalid={Boolean(errors.reason)} disabled={pending}>
          <Field.Label>
            {label}
            {required ? (
              <>
                {' '}
                <Field.RequiredIndicator />
              </>
            ) : null}
          </Field.Label>
          <Textarea
            rows={4}
            maxLength={REASON_MAX}
            placeholder={placeholder}
            data-autofocus
            {...register('reason')}
          />
          {errors.reason ? (
            <Field.ErrorText>{errors.reason.message}</Field.ErrorText>
          ) : (
            <Field.HelperText>
              {required
                ? 'Recorded in the audit log with your name.'
                : 'Optional. Recorded in the audit log with your name.'}
            </Field.HelperText>
          )}
        </Field.Root>
      </Stack>
    </FormDialog>
  );
}
