import { Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { FormAlert } from '../../components/error-alert';
import { FormDialog } from '../../components/form-dialog';
import { FormTextareaField, FormTextField } from '../../components/form-fields';
import { serverFieldIssues, useWhenOpened } from '../../lib/use-zod-form';
import { serverMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';

/** 'YYYY-MM-DDTHH:MM' in the browser's clock, as a datetime-local input holds it. */
function localInputOf(date: Date | null | undefined): string {
  if (!date) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The RSVP deadline and the message guests read on their page. */
export function SettingsDialog({ open, onClose, listId }: { open: boolean; onClose: () => void; listId: string }) {
  const settings = trpc.guests.settings.useQuery({ id: listId }, { enabled: open });
  const utils = trpc.useUtils();
  const update = trpc.guests.updateSettings.useMutation({
    onSuccess: () => Promise.all([utils.guests.settings.invalidate({ id: listId })]),
  });
  const [deadline, setDeadline] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<{ deadline?: string; message?: string; form?: string }>({});
  const fill = () => {
    setDeadline(localInputOf(settings.data?.rsvpDeadline));
    setMessage(settings.data?.rsvpMessage ?? '');
    setErrors({});
  };
  useWhenOpened(open, fill);
  const [filledFrom, setFilledFrom] = useState<unknown>(null);
  if (open && settings.data && settings.data !== filledFrom) {
    setFilledFrom(settings.data);
    fill();
  }

  const submit = () => {
    const when = deadline ? new Date(deadline) : null;
    if (when && Number.isNaN(when.getTime())) {
      setErrors({ deadline: 'Deadline must be a date and time' });
      return;
    }
    update.mutate(
      { id: listId, rsvpDeadline: when, rsvpMessage: message.trim() === '' ? null : message },
      {
        onSuccess: () => {
          toast.success('RSVP settings saved');
          onClose();
        },
        onError: (error) => {
          const issues = serverFieldIssues(error, ['rsvpDeadline', 'rsvpMessage'] as const);
          setErrors({
            deadline: issues.find((i) => i.field === 'rsvpDeadline')?.message,
            message: issues.find((i) => i.field === 'rsvpMessage')?.message,
            form: issues.length === 0 ? (serverMessage(error) ?? 'Please try again.') : undefined,
          });
        },
      },
    );
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="RSVP Settings"
      description="When answers close, and what your guests read on their invitation page."
      submitLabel="Save Settings"
      pendingLabel="Saving..."
      pending={update.isPending}
      submitDisabled={settings.isPending}
      onSubmit={submit}
    >
      <Stack gap="5">
        {errors.form ? <FormAlert status="error">{errors.form}</FormAlert> : null}
        <FormTextField
          label="RSVP deadline"
          type="datetime-local"
          value={deadline}
          onChange={(event) => setDeadline(event.target.value)}
          error={errors.deadline}
          hint="Guests may change their answers until then. Blank: no deadline."
          disabled={update.isPending}
        />
        <FormTextareaField
          label="Message to guests"
          rows={4}
          maxLength={2000}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          error={errors.message}
          placeholder="e.g. We would be honoured by your presence. Kindly reply by December 20."
          disabled={update.isPending}
        />
      </Stack>
    </FormDialog>
  );
}
