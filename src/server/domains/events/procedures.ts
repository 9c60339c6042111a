import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { EVENT_MESSAGES } from '../../../shared/schemas/events';
import { authedProcedure } from '../../platform/trpc/init';
import { findOwnEvent, ownsPlanningItem, type PlanningTable } from './events.queries';

const idOnly = z.object({ id: z.uuid({ error: EVENT_MESSAGES.invalidId }) });

/** Loads the caller's own event named by `id` onto ctx; anyone else's answers NOT_FOUND. */
export const ownEventProcedure = authedProcedure.input(idOnly).use(async ({ ctx, input, next }) => {
  const event = await findOwnEvent(ctx.db, input.id, ctx.user.id);
  if (!event) throw new TRPCError({ code: 'NOT_FOUND', message: EVENT_MESSAGES.notFound });
  return next({ ctx: { ...ctx, event } });
});

export const NOT_FOUND_MESSAGES: Record<PlanningTable, string> = {
  tasks: EVENT_MESSAGES.taskNotFound,
  deposits: EVENT_MESSAGES.depositNotFound,
  memos: EVENT_MESSAGES.memoNotFound,
};

/** Admits a task, deposit or memo named by `id` only when it belongs to one of the caller's events. */
export function ownItemProcedure(table: PlanningTable) {
  return authedProcedure.input(idOnly).use(async ({ ctx, input, next }) => {
    if (!(await ownsPlanningItem(ctx.db, table, input.id, ctx.user.id))) {
      throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND_MESSAGES[table] });
    }
    return next();
  });
}
