import { Checkbox, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FormDialog } from '../../components/form-dialog';
import { useT } from '../../i18n/use-t';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useWhenOpened } from '../../lib/use-zod-form';
import { EventChecks, type ListEvent } from './event-checks';
import { absoluteUrl, type HouseholdGroup } from './format';
import { madeLinks } from './household-actions';
import { useGuestRefresh } from './use-guests';

interface InviteDialogProps {
  open: boolean;
  onClose: () => void;
  events: ListEvent[];
  /** The households invited: the selected ones, else the whole list. */
  groups: HouseholdGroup[];
  scope: 'selected' | 'all';
  onDone: () => void;
}

/** Runs `work` over `items`, a few at a time. */
async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<unknown>): Promise<number> {
  let failed = 0;
  for (let i = 0; i < items.length; i += size) {
    const results = await Promise.allSettled(items.slice(i, i + size).map(work));
    failed += results.filter((r) => r.status === 'rejected').length;
  }
  return failed;
}

/**
 * Invites the chosen households' guests (plus-ones come with their guest) to the chosen
 * (sub-)events, and sends each household its invitation by email when asked.
 */
export function InviteDialog({ open, onClose, events, groups, scope, onDone }: InviteDialogProps) {
  const [chosen, setChosen] = useState<string[]>([]);
  const t = useT();
  const [sendMail, setSendMail] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const utils = trpc.useUtils();
  const refresh = useGuestRefresh();
  useWhenOpened(open, () => {
    setChosen(events.map((event) => event.id));
    setSendMail(false);
    setError(undefined);
  });
  const guests = groups.flatMap((group) => group.guests.filter((guest) => !guest.plusOneOf));
  const households = groups.length;

  const submit = async () => {
    if (chosen.length === 0) {
      setError(t('guests.invite.chooseEvent'));
      return;
    }
    setPending(true);
    const changes = guests.flatMap((guest) => {
      const invitations = chosen
        .filter((id) => !guest.invitations.some((inv) => inv.eventId === id))
        .map((eventId) => ({ eventId, rsvp: 'invited' as const }));
      return invitations.length > 0 ? [{ guest, invitations }] : [];
    });
    const failedInvites = await inBatches(changes, 4, ({ guest, invitations }) =>
      utils.client.guests.update.mutate({ id: guest.id, version: guest.version, invitations }),
    );
    const mailed = sendMail ? groups.filter((group) => group.guests.some((guest) => guest.email)) : [];
    const failedMails = await inBatches(mailed, 4, (group) =>
      utils.client.invitations.send
        .mutate({ id: group.household.id })
        .then(({ url }) => madeLinks.set(group.household.id, absoluteUrl(url, window.location.origin))),
    );
    await refresh();
    setPending(false);
    if (failedInvites + failedMails > 0) {
      toast.error(
        t('guests.invite.someFailed'),
        t('guests.invite.someFailedText', { guests: failedInvites, mails: failedMails }),
      );
      return;
    }
    toast.success(
      t('guests.invite.done'),
      sendMail
        ? t('guests.invite.doneMailed', { guests: guests.length, households, mailed: mailed.length })
        : t('guests.invite.doneText', { guests: guests.length, households }),
    );
    onDone();
    onClose();
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('guests.invite.title')}
      description={t(scope === 'selected' ? 'guests.invite.selected' : 'guests.invite.everyone', {
        households,
        guests: guests.length,
      })}
      submitLabel={t('guests.invite.submit')}
      pendingLabel={t('guests.invite.pending')}
      pending={pending}
      onSubmit={() => void submit()}
    >
      <Stack gap="5">
        <EventChecks
          legend={t('guests.invite.legend')}
          events={events}
          value={chosen}
          onChange={(value) => {
            setChosen(value);
            setError(undefined);
          }}
          disabled={pending}
          error={error}
        />
        <Checkbox.Root
          checked={sendMail}
          onCheckedChange={(details) => setSendMail(details.checked === true)}
          disabled={pending}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label fontWeight="normal">{t('guests.invite.sendMail')}</Checkbox.Label>
        </Checkbox.Root>
        <Text fontSize="sm" color="fg.muted">
          {t('guests.invite.note')}
        </Text>
      </Stack>
    </FormDialog>
  );
}
