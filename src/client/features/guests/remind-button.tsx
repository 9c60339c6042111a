import { Button } from '@chakra-ui/react';
import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { GUEST_LIMITS } from '../../../shared/schemas/guests';
import { ConfirmDialog } from '../../components/form-dialog';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useGuestRefresh } from './use-guests';

/** 'reminded 12 households; 3 skipped': what a round of reminders did. */
export function reminderOutcome({ reminded, skipped }: { reminded: number; skipped: number }): string {
  const households = (n: number) => `${n} ${n === 1 ? 'household' : 'households'}`;
  return `Reminded ${households(reminded)}; skipped ${skipped} (answered, reminded in the last ${GUEST_LIMITS.reminderEveryDays} days, or no email).`;
}

/** Sends a reminder to every household that has not answered, after asking. */
export function RemindButton({ listId, disabled }: { listId: string; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const refresh = useGuestRefresh();
  const remind = trpc.invitations.remind.useMutation({ onSuccess: () => refresh() });
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)} disabled={disabled}>
        <BellRing />
        Send reminders
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Send reminders?"
        confirmLabel="Send Reminders"
        pendingLabel="Sending..."
        pending={remind.isPending}
        onConfirm={() =>
          remind.mutate(
            { id: listId },
            {
              onSuccess: (result) => {
                setOpen(false);
                toast.success('Reminders sent', reminderOutcome(result));
              },
              onError: (error) => toast.failed('Failed to send reminders', error),
            },
          )
        }
      >
        Every household that has not answered gets a reminder by email with its link. A household is reminded
        at most once every {GUEST_LIMITS.reminderEveryDays} days.
      </ConfirmDialog>
    </>
  );
}
