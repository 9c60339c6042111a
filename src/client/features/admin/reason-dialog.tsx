import { Box, Stack } from '@chakra-ui/react';
import { type ReactNode, useMemo, useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { FormDialog } from '../../components/form-dialog';
import { FormTextarea } from '../../components/form-fields';
import { useT } from '../../i18n/use-t';
import { useWhenOpened, useZodForm } from '../../lib/use-zod-form';
import { refusal, useRecordSubmit } from './actions';
import { REASON_MAX, reasonForm } from './schemas';

const NOTES_IS_REASON = { notes: 'reason' } as const;

/** The words of a reason dialog: its question, the reason box, and its button at rest and at work. */
export interface ReasonDialogTexts {
  title: string;
  description?: ReactNode;
  /** The reason box's label: 'Reason' unless told ('Notes'). */
  label?: string;
  placeholder?: string;
  submit: string;
  pending: string;
}

interface ReasonDialogProps<T> {
  open: boolean;
  onClose: () => void;
  texts: ReasonDialogTexts;
  /** Whether the action needs a reason (suspend, hide, revoke) or takes an optional note. */
  required: boolean;
  pending: boolean;
  /** The record acted on (null while closed): nothing to act on counts as done. */
  target: T | null | undefined;
  /**
   * Runs the action on the record. On success `done` says so and the dialog closes; a refusal is
   * shown in the dialog, which stays open for another try. The admin lists are read again either way.
   */
  run: (target: T, reason: string | null) => Promise<unknown>;
  done: (target: T) => void;
  children?: ReactNode;
  testId?: string;
}

/** A dialog that asks why before an admin action on one record, and says why the server refused it. */
export function ReasonDialog<T>({
  open,
  onClose,
  texts: { title, description, label, placeholder, submit: submitLabel, pending: pendingLabel },
  required,
  pending,
  target,
  run,
  done,
  children,
  testId,
}: ReasonDialogProps<T>) {
  const t = useT();
  const submitRecord = useRecordSubmit();
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
    const reason = values.reason || null;
    const outcome = await submitRecord(
      target,
      (record) => run(record, reason),
      (record) => {
        done(record);
        onClose();
      },
    );
    if (outcome.ok) return;
    if (!form.applyServerErrors(outcome.error)) setProblem(refusal(t, outcome.error));
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
          label={label ?? t('admin.reason.label')}
          required={required}
          rows={4}
          maxLength={REASON_MAX}
          placeholder={placeholder}
          data-autofocus
          hint={required ? t('admin.reason.hintRequired') : t('admin.reason.hintOptional')}
        />
      </Stack>
    </FormDialog>
  );
}
