import { Button } from '@chakra-ui/react';
import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { GUEST_LIMITS } from '../../../shared/schemas/guests';
import { ConfirmDialog } from '../../components/form-dialog';
import type { Translate } from '../../i18n/use-t';
import { useT } from '../../i18n/use-t';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useGuestRefresh } from './use-guests';

/** 'reminded 12 households; 3 skipped': what a round of reminders did. */
export function reminderOutcome(
  t: Translate,
  { reminded, skipped }: { reminded: number; skipped: number },
): string {
  return t('guests.remind.outcome', { reminded, skipped, days: GUEST_LIMITS.reminderEveryDays });
}

/** Sends a reminder to every household that has not answered, after asking. */
export function RemindButton({ listId, disabled }: { listId: string; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const t = useT();
  const refresh = useGuestRefresh();
  const remind = trpc.invitations.remind.useMutation({ onSuccess: () => refresh() });
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)} disabled={disabled}>
        <BellRing />
        {t('guests.remind.button')}
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('guests.remind.title')}
        confirmLabel={t('guests.remind.confirm')}
        pendingLabel={t('guests.remind.pending')}
        pending={remind.isPending}
        onConfirm={() =>
          remind.mutate(
            { id: listId },
            {
              onSuccess: (result) => {
                setOpen(false);
                toast.success(t('guests.remind.sent'), reminderOutcome(t, result));
              },
              onError: (error) => toast.failed(t('guests.remind.failed'), error),
            },
          )
        }
      >
        {t('guests.remind.text', { days: GUEST_LIMITS.reminderEveryDays })}
      </ConfirmDialog>
    </>
  );
}
