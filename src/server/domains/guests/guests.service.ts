import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import type { z } from 'zod';
import { EVENT_MESSAGES } from '../../../shared/schemas/events';
import {
  GUEST_LIMITS,
  GUEST_MESSAGES,
  type guestCreateInput,
  type guestUpdateInput,
  type householdCreateInput,
  type householdUpdateInput,
  type RsvpSettingsDto,
  type RsvpStatus,
  type rsvpSettingsUpdateInput,
} from '../../../shared/schemas/guests';
import type { Db } from '../../platform/db/create-db';
import { StaleWriteError } from '../../platform/db/stale-write';
import { inTransaction, lockForUser } from '../../platform/db/transaction';
import { fieldError } from '../../platform/trpc/field-error';
import type { GuestListEvent } from '../guest-lists/guest-lists.access';
import { listEventIdsOfList } from '../guest-lists/guest-lists.access';
import { publishGuestListChange } from '../guest-lists/guest-lists.live';
import { localInstant, localParts } from '../observance/clock';
import { observanceOfUser } from '../observance/observance.service';
import {
  countGuests,
  findGuest,
  findHousehold,
  guestSummary,
  listGuests,
  listHouseholds,
} from './guests.queries';

type Out<T extends z.ZodType> = z.output<T>;

/** What every guest procedure is given: the caller, the clock, and the list they may touch. */
export interface GuestListCtx {
  db: Db;
  user: { id: string };
  now: () => Date;
  list: GuestListEvent;
}

/** Serializes writes to one list (its size limit, households checked against it) until commit. */
const lockList = (trx: Db, mainEventId: string) => lockForUser(trx, 'guest-list', mainEventId);

/** Refuses event ids that are neither the list's main event nor one of its sub-events. */
async function checkEventsOnList(db: Db, mainEventId: string, eventIds: string[], field: string) {
  if (eventIds.length === 0) return;
  const onList = new Set(await listEventIdsOfList(db, mainEventId));
  if (eventIds.some((id) => !onList.has(id))) throw fieldError(field, GUEST_MESSAGES.eventNotOnList);
}

/** Refuses a household that is not on this list (another list's, or none at all). */
async function checkHouseholdOnList(db: Db, mainEventId: string, householdId: string) {
  const row = await db
    .selectFrom('households')
    .select('id')
    .where('id', '=', householdId)
    .where('eventId', '=', mainEventId)
    .executeTakeFirst();
  if (!row) throw fieldError('householdId', GUEST_MESSAGES.householdOfOtherEvent);
}

/** When an answer counts as given: attending or declined; invited and no answer are none. */
const answeredAt = (rsvp: RsvpStatus, now: Date) =>
  rsvp === 'attending' || rsvp === 'declined' ? now : null;

/**
 * Sets a guest's invitations: an answer invites (or changes the answer), null uninvites. An answer
 * that stays the same keeps the invitation as it is (its meal, note and answer time).
 */
async function setInvitations(
  trx: Db,
  guestId: string,
  invitations: { eventId: string; rsvp: RsvpStatus | null }[],
  now: Date,
) {
  // The last word on an event wins.
  const byEvent = new Map(invitations.map((i) => [i.eventId, i.rsvp]));
  const removed = [...byEvent].filter(([, rsvp]) => rsvp === null).map(([eventId]) => eventId);
  if (removed.length > 0) {
    await trx
      .deleteFrom('guestInvitations')
      .where('guestId', '=', guestId)
      .where('eventId', 'in', removed)
      .execute();
  }
  const set = [...byEvent].flatMap(([eventId, rsvp]) =>
    rsvp === null ? [] : [{ guestId, eventId, rsvp, answeredAt: answeredAt(rsvp, now) }],
  );
  if (set.length === 0) return;
  await trx
    .insertInto('guestInvitations')
    .values(set)
    .onConflict((oc) =>
      oc
        .columns(['guestId', 'eventId'])
        .doUpdateSet({
          rsvp: (eb) => eb.ref('excluded.rsvp'),
          answeredAt: (eb) => eb.ref('excluded.answeredAt'),
        })
        .where(sql<boolean>`guest_invitations.rsvp is distinct from excluded.rsvp`),
    )
    .execute();
}

export async function listGuestsOf(ctx: GuestListCtx) {
  return listGuests(ctx.db, ctx.list.id);
}

export async function createGuest(ctx: GuestListCtx, input: Out<typeof guestCreateInput>) {
  const { id: _named, householdId, householdName, invitedTo, tags, ...fields } = input;
  const mainEventId = ctx.list.id;
  const now = ctx.now();
  return inTransaction(ctx.db, async (trx) => {
    await lockList(trx, mainEventId);
    if ((await countGuests(trx, mainEventId)) >= GUEST_LIMITS.guestsPerEventMax) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: GUEST_MESSAGES.listFull });
    }
    const events = [...new Set(invitedTo ?? [ctx.list.namedEventId])];
    await checkEventsOnList(trx, mainEventId, events, 'invitedTo');
    let household = householdId;
    if (household) await checkHouseholdOnList(trx, mainEventId, household);
    else {
      const made = await trx
        .insertInto('households')
        .values({ eventId: mainEventId, name: householdName ?? fields.name })
        .returning('id')
        .executeTakeFirstOrThrow();
      household = made.id;
    }
    const { id } = await trx
      .insertInto('guests')
      .values({ ...fields, tags: tags ?? [], eventId: mainEventId, householdId: household })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setInvitations(
      trx,
      id,
      events.map((eventId) => ({ eventId, rsvp: 'invited' as const })),
      now,
    );
    await publishGuestListChange(trx, mainEventId);
    return guestOrThrow(trx, id);
  });
}

async function guestOrThrow(db: Db, guestId: string) {
  const guest = await findGuest(db, guestId);
  if (!guest) throw new TRPCError({ code: 'NOT_FOUND', message: GUEST_MESSAGES.guestNotFound });
  return guest;
}

/**
 * Changes a guest at the version the edit was made from (none: as the row is now); a stale version
 * is refused with the guest as it is now (409, or 412 under If-Match on REST).
 */
export async function updateGuest(ctx: GuestListCtx, input: Out<typeof guestUpdateInput>) {
  const { id, version, invitations, householdId, ...changes } = input;
  const mainEventId = ctx.list.id;
  const now = ctx.now();
  return inTransaction(ctx.db, async (trx) => {
    const current = await trx
      .selectFrom('guests')
      .select(['id', 'version'])
      .where('id', '=', id)
      .where('eventId', '=', mainEventId)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw new TRPCError({ code: 'NOT_FOUND', message: GUEST_MESSAGES.guestNotFound });
    if (version !== undefined && version !== current.version) {
      throw new StaleWriteError(await guestOrThrow(trx, id));
    }
    if (householdId !== undefined) await checkHouseholdOnList(trx, mainEventId, householdId);
    if (invitations) {
      await checkEventsOnList(
        trx,
        mainEventId,
        invitations.map((i) => i.eventId),
        'invitations',
      );
    }
    await trx
      .updateTable('guests')
      .set({ ...changes, householdId, version: sql<number>`version + 1`, updatedAt: now })
      .where('id', '=', id)
      .execute();
    if (invitations) await setInvitations(trx, id, invitations, now);
    await publishGuestListChange(trx, mainEventId);
    return guestOrThrow(trx, id);
  });
}

export async function deleteGuest(ctx: GuestListCtx, guestId: string) {
  return inTransaction(ctx.db, async (trx) => {
    await trx.deleteFrom('guests').where('id', '=', guestId).where('eventId', '=', ctx.list.id).execute();
    await publishGuestListChange(trx, ctx.list.id);
    return { ok: true as const };
  });
}

export async function listHouseholdsOf(ctx: GuestListCtx) {
  return listHouseholds(ctx.db, ctx.list.id);
}

async function householdOrThrow(db: Db, householdId: string) {
  const household = await findHousehold(db, householdId);
  if (!household) throw new TRPCError({ code: 'NOT_FOUND', message: GUEST_MESSAGES.householdNotFound });
  return household;
}

export async function createHousehold(ctx: GuestListCtx, input: Out<typeof householdCreateInput>) {
  return inTransaction(ctx.db, async (trx) => {
    const { id } = await trx
      .insertInto('households')
      .values({ eventId: ctx.list.id, name: input.name, plusOnesAllowed: input.plusOnesAllowed ?? 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await publishGuestListChange(trx, ctx.list.id);
    return householdOrThrow(trx, id);
  });
}

export async function updateHousehold(ctx: GuestListCtx, input: Out<typeof householdUpdateInput>) {
  const { id, version, ...changes } = input;
  return inTransaction(ctx.db, async (trx) => {
    const current = await trx
      .selectFrom('households')
      .select(['id', 'version'])
      .where('id', '=', id)
      .where('eventId', '=', ctx.list.id)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw new TRPCError({ code: 'NOT_FOUND', message: GUEST_MESSAGES.householdNotFound });
    if (version !== undefined && version !== current.version) {
      throw new StaleWriteError(await householdOrThrow(trx, id));
    }
    await trx
      .updateTable('households')
      .set({ ...changes, version: sql<number>`version + 1`, updatedAt: ctx.now() })
      .where('id', '=', id)
      .execute();
    await publishGuestListChange(trx, ctx.list.id);
    return householdOrThrow(trx, id);
  });
}

/** Deletes a household with its guests (and so their invitations and its link). */
export async function deleteHousehold(ctx: GuestListCtx, householdId: string) {
  return inTransaction(ctx.db, async (trx) => {
    await trx
      .deleteFrom('households')
      .where('id', '=', householdId)
      .where('eventId', '=', ctx.list.id)
      .execute();
    await publishGuestListChange(trx, ctx.list.id);
    return { ok: true as const };
  });
}

export async function summaryOf(ctx: GuestListCtx) {
  return guestSummary(ctx.db, ctx.list.id);
}

/** The main event's RSVP settings and the zone its deadline is read in. */
async function settingsRow(db: Db, mainEventId: string) {
  const event = await db
    .selectFrom('events')
    .select(['userId', 'timeZone', 'rsvpDeadline', 'rsvpMessage'])
    .where('id', '=', mainEventId)
    .executeTakeFirst();
  if (!event) throw new TRPCError({ code: 'NOT_FOUND', message: EVENT_MESSAGES.notFound });
  // The event's zone, else the owner's home place's, else UTC.
  const timeZone = event.timeZone ?? (await observanceOfUser(db, event.userId)).homePlace?.timeZone ?? 'UTC';
  return { ...event, timeZone };
}

function settingsDto(row: Awaited<ReturnType<typeof settingsRow>>): RsvpSettingsDto {
  const deadline = row.rsvpDeadline;
  const local = deadline ? localParts(row.timeZone, deadline.getTime()) : null;
  return {
    deadline,
    deadlineLocal: local ? `${local.date}T${local.time}` : null,
    timeZone: row.timeZone,
    message: row.rsvpMessage,
  };
}

export async function rsvpSettings(ctx: GuestListCtx): Promise<RsvpSettingsDto> {
  return settingsDto(await settingsRow(ctx.db, ctx.list.id));
}

/** Sets the deadline (a civil date and time in the main event's zone, stored as its instant) and the message. */
export async function updateRsvpSettings(
  ctx: GuestListCtx,
  input: Out<typeof rsvpSettingsUpdateInput>,
): Promise<RsvpSettingsDto> {
  return inTransaction(ctx.db, async (trx) => {
    const row = await settingsRow(trx, ctx.list.id);
    const changes: { rsvpDeadline?: Date | null; rsvpMessage?: string | null } = {};
    if (input.deadlineLocal !== undefined) {
      const local = input.deadlineLocal;
      const minutes = local === null ? 0 : Number(local.slice(11, 13)) * 60 + Number(local.slice(14, 16));
      changes.rsvpDeadline =
        local === null ? null : new Date(localInstant(row.timeZone, local.slice(0, 10), minutes));
    }
    if (input.message !== undefined) changes.rsvpMessage = input.message;
    if (Object.keys(changes).length > 0) {
      await trx.updateTable('events').set(changes).where('id', '=', ctx.list.id).execute();
    }
    await publishGuestListChange(trx, ctx.list.id);
    return settingsDto({ ...row, ...changes });
  });
}
