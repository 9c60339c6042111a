import { Stack } from '@chakra-ui/react';
import { useEffect } from 'react';
import { z } from 'zod';
import { rsvpSettingsUpdateInput } from '../../../shared/schemas/guests';
import { FormDialog } from '../../components/form-dialog';
import { FormInput, FormTextarea } from '../../components/form-fields';
import { useIsolate } from '../../i18n/use-isolate';
import { useT } from '../../i18n/use-t';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { thenWire, useWhenOpened, useZodForm } from '../../lib/use-zod-form';

/** The deadline as a datetime-local input holds it ('' for none) and the message; checked by the wire's schema. */
const settingsForm = z
  .object({ deadlineLocal: z.string(), message: z.string() })
  .transform(({ deadlineLocal, message }) => ({
    deadlineLocal: deadlineLocal === '' ? null : deadlineLocal,
    message,
  }))
  .transform(thenWire(rsvpSettingsUpdateInput.omit({ id: true })));
type SettingsFormValues = z.input<typeof settingsForm>;

/** The RSVP deadline (in the main event's zone) and the message guests read on their page. */
export function SettingsDialog({
  open,
  onClose,
  listId,
}: {
  open: boolean;
  onClose: () => void;
  listId: string;
}) {
  const settings = trpc.guests.settings.useQuery({ id: listId }, { enabled: open });
  const t = useT();
  const iso = useIsolate();
  const utils = trpc.useUtils();
  const update = trpc.guests.updateSettings.useMutation({
    onSuccess: (saved) => utils.guests.settings.setData({ id: listId }, saved),
  });
  const form = useZodForm(settingsForm, {
    defaultValues: { deadlineLocal: '', message: '' },
    pending: update.isPending,
  });
  const { reset } = form;
  const fill = () =>
    reset({
      deadlineLocal: settings.data?.deadlineLocal ?? '',
      message: settings.data?.message ?? '',
    } satisfies SettingsFormValues);
  useWhenOpened(open, fill);
  // The settings may arrive after the dialog opened: they fill it then.
  // biome-ignore lint/correctness/useExhaustiveDependencies: refill when the settings arrive
  useEffect(() => {
    if (open && settings.data) fill();
  }, [open, settings.data]);

  const submit = form.handleSubmit((fields) =>
    update.mutate(
      { id: listId, ...fields },
      {
        onSuccess: () => {
          toast.success(t('guests.settings.saved'));
          onClose();
        },
        onError: (error) => {
          form.applyServerErrors(error);
          toast.failed(t('guests.settings.failed'), error);
        },
      },
    ),
  );

  const zone = settings.data?.timeZone;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('guests.settings.title')}
      description={t('guests.settings.description')}
      submitLabel={t('guests.settings.save')}
      pendingLabel={t('guests.settings.saving')}
      pending={update.isPending}
      submitDisabled={settings.isPending}
      onSubmit={() => void submit()}
    >
      <Stack gap="5">
        <FormInput
          form={form}
          name="deadlineLocal"
          label={t('guests.settings.deadline')}
          type="datetime-local"
          max="2200-12-31T23:59"
          hint={
            zone
              ? t('guests.settings.deadlineHintZone', { zone: iso(zone.replace(/_/g, ' ')) })
              : t('guests.settings.deadlineHint')
          }
        />
        <FormTextarea
          form={form}
          name="message"
          label={t('guests.settings.message')}
          rows={4}
          maxLength={2000}
          placeholder={t('guests.settings.messagePlaceholder')}
        />
      </Stack>
    </FormDialog>
  );
}
