import { useIdempotentCreate } from '../../lib/idempotency';
import { trpc } from '../../lib/trpc';

/**
 * The guest list's data. The list, its households and its counts belong to the main event; every
 * change refreshes all three (a guest moved, invited or removed moves the counts), and a live
 * 'guests' event (an answer from an RSVP page, a circle-mate's edit) does the same.
 */
export function useGuestList(listId: string) {
  const key = { id: listId };
  const guests = trpc.guests.list.useQuery(key);
  const households = trpc.guests.households.useQuery(key);
  const summary = trpc.guests.summary.useQuery(key);
  return { guests, households, summary };
}

export function useGuestRefresh() {
  const utils = trpc.useUtils();
  return () =>
    Promise.all([
      utils.guests.list.invalidate(),
      utils.guests.households.invalidate(),
      utils.guests.summary.invalidate(),
    ]);
}

export function useGuestMutations() {
  const refresh = useGuestRefresh();
  const onSuccess = () => refresh();
  return {
    create: useIdempotentCreate(trpc.guests.create.useMutation({ onSuccess })),
    update: trpc.guests.update.useMutation({ onSuccess }),
    remove: trpc.guests.delete.useMutation({ onSuccess }),
    createHousehold: useIdempotentCreate(trpc.guests.createHousehold.useMutation({ onSuccess })),
    updateHousehold: trpc.guests.updateHousehold.useMutation({ onSuccess }),
    removeHousehold: trpc.guests.deleteHousehold.useMutation({ onSuccess }),
  };
}
