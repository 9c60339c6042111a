import type { Db } from '../../platform/db/create-db';
import { appendLiveEvents } from '../../platform/live/live-events';
import { listGuestListPeople } from './guest-lists.access';

/**
 * Tells everyone who may see the guest list of `mainEventId` (the owner and the active circle-mates)
 * that it changed, in the caller's transaction: their screens refetch the list and its counts when
 * it commits. `except` (the writer) is not told: their own screen already knows. Call it last in the
 * transaction (appendLiveEvents holds per-user locks until commit).
 */
export async function publishGuestListChange(trx: Db, mainEventId: string, except?: string): Promise<void> {
  const event = await trx
    .selectFrom('events')
    .select('userId')
    .where('id', '=', mainEventId)
    .executeTakeFirst();
  if (!event) return;
  const people = await listGuestListPeople(trx, event.userId);
  await appendLiveEvents(
    trx,
    people
      .filter((userId) => userId !== except)
      .map((userId) => ({ userId, kind: 'guests' as const, ref: { eventId: mainEventId } })),
  );
}
