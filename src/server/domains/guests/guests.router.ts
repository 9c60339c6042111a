import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { EVENT_MESSAGES, okResult } from '../../../shared/schemas/events';
import {
  GUEST_MESSAGES,
  guestCreateInput,
  guestDto,
  guestSummaryDto,
  guestUpdateInput,
  householdCreateInput,
  householdDto,
  householdUpdateInput,
  rsvpSettingsDto,
  rsvpSettingsUpdateInput,
} from '../../../shared/schemas/guests';
import { idempotent } from '../../platform/idempotency/idempotency';
import { authedProcedure, router, serve } from '../../platform/trpc/init';
import {
  findGuestListEvent,
  findGuestListOfGuest,
  findGuestListOfHousehold,
} from '../guest-lists/guest-lists.access';
import {
  createGuest,
  createHousehold,
  deleteGuest,
  deleteHousehold,
  listGuestsOf,
  listHouseholdsOf,
  rsvpSettings,
  summaryOf,
  updateGuest,
  updateHousehold,
  updateRsvpSettings,
} from './guests.service';

const idOnly = z.object({ id: z.uuid({ error: 'Not a valid id' }) });

/**
 * The guest list of the (sub-)event named by `id`, when the caller may touch it (its owner, or an
 * active member of the owner's circle): anyone else finds no event (decision 043).
 */
export const guestListProcedure = authedProcedure.input(idOnly).use(async ({ ctx, input, next }) => {
  const list = await findGuestListEvent(ctx.db, input.id, ctx.user.id);
  if (!list) throw new TRPCError({ code: 'NOT_FOUND', message: EVENT_MESSAGES.notFound });
  return next({ ctx: { ...ctx, list } });
});

/** The list of the guest named by `id`, when the caller may touch it. */
const guestProcedure = authedProcedure.input(idOnly).use(async ({ ctx, input, next }) => {
  const list = await findGuestListOfGuest(ctx.db, input.id, ctx.user.id);
  if (!list) throw new TRPCError({ code: 'NOT_FOUND', message: GUEST_MESSAGES.guestNotFound });
  return next({ ctx: { ...ctx, list } });
});

/** The list of the household named by `id`, when the caller may touch it. */
const householdProcedure = authedProcedure.input(idOnly).use(async ({ ctx, input, next }) => {
  const list = await findGuestListOfHousehold(ctx.db, input.id, ctx.user.id);
  if (!list) throw new TRPCError({ code: 'NOT_FOUND', message: GUEST_MESSAGES.householdNotFound });
  return next({ ctx: { ...ctx, list } });
});

export const guestsRouter = router({
  list: guestListProcedure.output(z.array(guestDto)).query(({ ctx }) => listGuestsOf(ctx)),
  create: guestListProcedure
    .input(guestCreateInput)
    .use(idempotent)
    .output(guestDto)
    .mutation(serve(createGuest)),
  update: guestProcedure.input(guestUpdateInput).output(guestDto).mutation(serve(updateGuest)),
  delete: guestProcedure.output(okResult).mutation(({ ctx, input }) => deleteGuest(ctx, input.id)),
  households: guestListProcedure.output(z.array(householdDto)).query(({ ctx }) => listHouseholdsOf(ctx)),
  createHousehold: guestListProcedure
    .input(householdCreateInput)
    .use(idempotent)
    .output(householdDto)
    .mutation(serve(createHousehold)),
  updateHousehold: householdProcedure
    .input(householdUpdateInput)
    .output(householdDto)
    .mutation(serve(updateHousehold)),
  deleteHousehold: householdProcedure
    .output(okResult)
    .mutation(({ ctx, input }) => deleteHousehold(ctx, input.id)),
  summary: guestListProcedure.output(guestSummaryDto).query(({ ctx }) => summaryOf(ctx)),
  settings: guestListProcedure.output(rsvpSettingsDto).query(({ ctx }) => rsvpSettings(ctx)),
  updateSettings: guestListProcedure
    .input(rsvpSettingsUpdateInput)
    .output(rsvpSettingsDto)
    .mutation(serve(updateRsvpSettings)),
});
