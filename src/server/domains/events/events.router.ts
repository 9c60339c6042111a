import { z } from 'zod';
import { eventDto } from '../../../shared/schemas/event-answers';
import {
  depositCreateInput,
  depositDto,
  depositUpdateInput,
  eventCreateInput,
  eventUpdateInput,
  memoCreateInput,
  memoDto,
  memoUpdateInput,
  okResult,
  sharedEventDto,
  shareIdInput,
  taskCreateInput,
  taskDto,
  taskUpdateInput,
} from '../../../shared/schemas/events';
import { idempotent } from '../../platform/idempotency/idempotency';
import { authedProcedure, publicProcedure, router, serveDb } from '../../platform/trpc/init';
import { listDeposits, listMemos, listTasks } from './events.queries';
import {
  createDeposit,
  createEvent,
  createMemo,
  createTask,
  deleteEvent,
  deleteItem,
  eventDto as eventDtoFor,
  listEvents,
  sharedEvent,
  updateDeposit,
  updateEvent,
  updateMemo,
  updateTask,
} from './events.service';
import { ownEventProcedure, ownItemProcedure } from './procedures';

export const eventsRouter = router({
  list: authedProcedure.output(z.array(eventDto)).query(({ ctx }) => listEvents(ctx.db, ctx.user.id)),
  byId: ownEventProcedure.output(eventDto).query(({ ctx }) => eventDtoFor(ctx.db, ctx.user.id, ctx.event)),
  create: authedProcedure
    .input(eventCreateInput)
    .use(idempotent)
    .output(eventDto)
    .mutation(({ ctx, input }) => createEvent(ctx.db, ctx.user.id, input, ctx.now())),
  update: ownEventProcedure
    .input(eventUpdateInput)
    .output(eventDto)
    .mutation(({ ctx, input }) => updateEvent(ctx.db, ctx.user.id, input, ctx.now(), ctx.event)),
  delete: ownEventProcedure
    .output(okResult)
    .mutation(({ ctx }) => deleteEvent(ctx.db, ctx.user.id, ctx.event.id)),
});

export const tasksRouter = router({
  list: ownEventProcedure.output(z.array(taskDto)).query(({ ctx }) => listTasks(ctx.db, ctx.event.id)),
  create: ownEventProcedure
    .input(taskCreateInput)
    .use(idempotent)
    .output(taskDto)
    .mutation(serveDb(createTask)),
  update: ownItemProcedure('tasks').input(taskUpdateInput).output(taskDto).mutation(serveDb(updateTask)),
  delete: ownItemProcedure('tasks')
    .output(okResult)
    .mutation(({ ctx, input }) => deleteItem(ctx.db, 'tasks', input.id)),
});

export const depositsRouter = router({
  list: ownEventProcedure.output(z.array(depositDto)).query(({ ctx }) => listDeposits(ctx.db, ctx.event.id)),
  create: ownEventProcedure
    .input(depositCreateInput)
    .use(idempotent)
    .output(depositDto)
    .mutation(({ ctx, input }) => createDeposit(ctx.db, input, ctx.now())),
  update: ownItemProcedure('deposits')
    .input(depositUpdateInput)
    .output(depositDto)
    .mutation(({ ctx, input }) => updateDeposit(ctx.db, input, ctx.now())),
  delete: ownItemProcedure('deposits')
    .output(okResult)
    .mutation(({ ctx, input }) => deleteItem(ctx.db, 'deposits', input.id)),
});

export const memosRouter = router({
  list: ownEventProcedure.output(z.array(memoDto)).query(({ ctx }) => listMemos(ctx.db, ctx.event.id)),
  create: ownEventProcedure
    .input(memoCreateInput)
    .use(idempotent)
    .output(memoDto)
    .mutation(serveDb(createMemo)),
  update: ownItemProcedure('memos').input(memoUpdateInput).output(memoDto).mutation(serveDb(updateMemo)),
  delete: ownItemProcedure('memos')
    .output(okResult)
    .mutation(({ ctx, input }) => deleteItem(ctx.db, 'memos', input.id)),
});

export const shareRouter = router({
  get: publicProcedure
    .input(shareIdInput)
    .output(sharedEventDto)
    .query(({ ctx, input }) => sharedEvent(ctx.db, input.shareId)),
});
